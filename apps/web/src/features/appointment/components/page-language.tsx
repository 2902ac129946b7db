import { LANGUAGES, LOCAL_KEYS, isLanguage, type Language } from '@logoschool/contract';
import { NativeSelect } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS } from '../../../i18n/i18n.ts';
import { textsIn } from '../../../i18n/texts-in.ts';
import { writeLocal } from '../../../lib/local-storage.ts';

/**
 * The parents' pages speak the parent's interface language, not the lesson's: they start in the
 * app's (the saved choice, else the browser's, else English, `initialLanguage`) and the parent may
 * switch it on the page; the choice is kept as the app's switcher keeps it. The form's answers stay
 * (only the texts change), and the document's `lang` follows.
 */
export function PageLanguage({
  initial,
  children,
}: {
  initial: Language;
  children: (language: Language, switcher: ReactNode) => ReactNode;
}) {
  const [language, setLanguage] = useState(initial);
  const [loaded, setLoaded] = useState<{ language: Language; texts: I18n } | null>(null);
  const shown = loaded?.language ?? initial;

  useEffect(() => {
    if (language === shown) return;
    let current = true;
    void textsIn(language).then((texts) => {
      if (current) setLoaded({ language, texts });
    });
    return () => {
      current = false;
    };
  }, [language, shown]);

  useEffect(() => {
    const root = document.documentElement;
    const before = root.lang;
    root.lang = shown;
    return () => {
      root.lang = before;
    };
  }, [shown]);

  const switcher = (
    <LanguageChoice
      value={language}
      onChange={(next) => {
        writeLocal(LOCAL_KEYS.language, next);
        setLanguage(next);
      }}
    />
  );
  const content = children(shown, switcher);
  return loaded ? <I18nextProvider i18n={loaded.texts}>{content}</I18nextProvider> : content;
}

function LanguageChoice({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('header.language')}
      data={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_LABELS[lang] }))}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) onChange(next);
      }}
      w={76}
      size="sm"
    />
  );
}
