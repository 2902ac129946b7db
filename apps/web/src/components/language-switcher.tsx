import { LANGUAGES, isLanguage } from '@logoschool/contract';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, changeLanguage, currentLanguage } from '../i18n/i18n.ts';

/** Interface language (spec §1, §9): UA, RU, EN, PL; the choice is kept locally. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('header.language')}
      data={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_LABELS[lang] }))}
      value={currentLanguage()}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void changeLanguage(value);
      }}
      w={72}
      size="xs"
    />
  );
}
