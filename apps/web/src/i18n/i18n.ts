import { DEFAULT_UI_LANGUAGE, LANGUAGES, LOCAL_KEYS, isLanguage, type Language } from '@logoschool/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocal, writeLocal } from '../lib/local-storage.ts';
/**
 * Each language's texts are their own chunk: a page loads only the language it shows (the login
 * page's JS budget, bench:web).
 */
const LOCALES: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  uk: () => import('./locales/uk.json'),
  ru: () => import('./locales/ru.json'),
  en: () => import('./locales/en.json'),
  pl: () => import('./locales/pl.json'),
};

async function loadLanguage(language: Language) {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', (await LOCALES[language]()).default);
}

/** How the switcher names each language (spec §9: uk is shown as UA). */
export const LANGUAGE_LABELS: Record<Language, string> = { uk: 'UA', ru: 'RU', en: 'EN', pl: 'PL' };

/** The starting language (spec §9): the saved choice, else the browser's if supported, else en. */
export function initialLanguage(): Language {
  const saved = readLocal(LOCAL_KEYS.language);
  if (saved && isLanguage(saved)) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(base)) return base;
  }
  return DEFAULT_UI_LANGUAGE;
}

export const i18n = i18next.createInstance();

/** Sets up i18next once, in the starting language. */
export async function initI18n(language: Language = initialLanguage()) {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { [language]: { translation: (await LOCALES[language]()).default } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  applyLanguage(language);
  return i18n;
}

function applyLanguage(language: Language) {
  document.documentElement.lang = language;
}

/** The current interface language. */
export function currentLanguage(): Language {
  const language = i18n.language;
  return isLanguage(language) ? language : DEFAULT_UI_LANGUAGE;
}

/** Switches the language and keeps the choice (`default-language`). */
export async function changeLanguage(language: Language) {
  await loadLanguage(language);
  writeLocal(LOCAL_KEYS.language, language);
  await i18n.changeLanguage(language);
  applyLanguage(language);
}
