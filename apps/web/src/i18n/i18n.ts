import {
  DEFAULT_UI_LANGUAGE,
  LANGUAGES,
  LOCAL_KEYS,
  isLanguage,
  roleLabelsIn,
  type Language,
} from '@logoschool/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocal, writeLocal } from '../lib/local-storage.ts';
import { changesFor, forgetPublishedChanges, publishedChanges, withChanges } from './published-texts.ts';
type Texts = Record<string, unknown>;

/**
 * A language's texts with its `roles.*`: role names come from the contract, which the server's
 * texts read too, not from the JSON.
 */
export function withRoles(language: Language, texts: Texts): Texts {
  return { ...texts, roles: roleLabelsIn(language) };
}

/**
 * Each language's texts are their own chunks, in two parts: the core a visitor's first page needs
 * (login, logout, error screens) and the whole language, loaded with the screens that need it. A
 * page loads only the language it shows, and the login page only its core (bench:web budget).
 */
const CORE: Record<Language, () => Promise<Texts>> = {
  uk: () => import('virtual:core-texts/uk').then((texts) => withRoles('uk', texts.default)),
  ru: () => import('virtual:core-texts/ru').then((texts) => withRoles('ru', texts.default)),
  en: () => import('virtual:core-texts/en').then((texts) => withRoles('en', texts.default)),
  pl: () => import('virtual:core-texts/pl').then((texts) => withRoles('pl', texts.default)),
};
const ALL: Record<Language, () => Promise<{ default: Texts }>> = {
  uk: () => import('virtual:texts/uk'),
  ru: () => import('virtual:texts/ru'),
  en: () => import('virtual:texts/en'),
  pl: () => import('virtual:texts/pl'),
};

/** Whether a screen beyond the core has asked for whole languages (then a switch loads whole ones). */
let allTextsWanted = false;
const complete = new Set<Language>();
/**
 * The parts of a language (`shared`, an area) that the parents' pages shown so far asked for
 * instead of the whole language (issue 32); a language switch loads the same parts.
 */
const wantedParts = new Set<string>();
/** The parts loaded so far, as `<language>/<part>`. */
const loadedParts = new Set<string>();

async function loadLanguage(language: Language) {
  if (allTextsWanted) return loadWholeLanguage(language);
  await loadCore(language);
  await loadParts(language);
}

async function loadCore(language: Language) {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(
    language,
    'translation',
    withChanges(await CORE[language](), await changesFor(language)),
  );
}

/** Adds the wanted parts of `language` not loaded yet, each merged into what the language has. */
async function loadParts(language: Language) {
  const missing = [...wantedParts].filter((part) => !loadedParts.has(`${language}/${part}`));
  if (missing.length === 0) return;
  const [{ default: loaders }, changes] = await Promise.all([
    import('virtual:text-parts'),
    changesFor(language),
  ]);
  const parts = await Promise.all(
    missing.map((part) => {
      const load = loaders[language]?.[part];
      if (!load) throw new Error(`No texts "${part}" in ${language}`);
      return load();
    }),
  );
  parts.forEach((part, index) => {
    i18n.addResourceBundle(language, 'translation', withChanges(part.default, changes), true, true);
    loadedParts.add(`${language}/${missing[index]}`);
  });
}

async function loadWholeLanguage(language: Language) {
  if (complete.has(language)) return;
  const [whole, changes] = await Promise.all([ALL[language](), changesFor(language)]);
  i18n.addResourceBundle(
    language,
    'translation',
    withChanges(withRoles(language, whole.default), changes),
    true,
    true,
  );
  complete.add(language);
}

/**
 * Shows the texts published a moment ago (the localization editor's publish): the current language
 * is loaded again with the changes asked anew, and the screens render again; another language asks
 * when it is next chosen.
 */
export async function showPublishedTexts(): Promise<void> {
  forgetPublishedChanges();
  const language = currentLanguage();
  await publishedChanges(language);
  complete.clear();
  loadedParts.clear();
  if (allTextsWanted) await loadWholeLanguage(language);
  else {
    i18n.addResourceBundle(
      language,
      'translation',
      withChanges(await CORE[language](), await changesFor(language)),
      true,
      true,
    );
    await loadParts(language);
  }
  await i18n.changeLanguage(language);
}

/**
 * Loads the whole current language: screens beyond login and the error screens wait for it. Called
 * while `initI18n` is still under way (the first screen loads beside the core texts), it waits for
 * the starting language to be set up first.
 */
export async function loadAllTexts(): Promise<void> {
  allTextsWanted = true;
  await starting;
  await loadWholeLanguage(currentLanguage());
}

/**
 * Loads only `parts` of the current language (`shared`, areas' folder names) beside its core: what
 * a parents' page shows, instead of the whole language (issue 32: phones on mobile networks). A
 * text a page shows from outside its parts loads the whole language after all (`initI18n`).
 */
export async function loadTextParts(parts: readonly string[]): Promise<void> {
  for (const part of parts) wantedParts.add(part);
  await starting;
  if (allTextsWanted) return loadWholeLanguage(currentLanguage());
  await loadParts(currentLanguage());
}

/**
 * Loads what a page needs of `language` (a public page in the student's language): the wanted
 * parts beside the core on a parents' page, the whole language everywhere else.
 */
export async function loadTextsOf(language: Language): Promise<void> {
  if (allTextsWanted || wantedParts.size === 0) return loadWholeLanguage(language);
  await loadCore(language);
  await loadParts(language);
}

/**
 * A text asked for that the loaded parts do not have: a parents' page showed a text from beyond
 * its declared parts, so the whole language loads, and the screens render again with it
 * (`bindI18nStore: 'added'`).
 */
function loadWholeOnMissing(languages: readonly string[]) {
  if (allTextsWanted || wantedParts.size === 0) return;
  allTextsWanted = true;
  for (const language of new Set([...languages, currentLanguage()])) {
    if (isLanguage(language)) void loadWholeLanguage(language).catch(() => undefined);
  }
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

/** The set-up of i18next while `initI18n` runs; settled (or never started) otherwise. */
let starting: Promise<unknown> = Promise.resolve();

/**
 * Sets up i18next once, in the starting language. `published`: the app's own start, which asks for
 * the published changes of the texts (the localization editor's) beside the core; a test's set-up
 * asks for none.
 */
export async function initI18n(
  language: Language = initialLanguage(),
  { published = false }: { published?: boolean } = {},
) {
  if (!i18n.isInitialized) {
    const asked = published ? publishedChanges(language) : Promise.resolve({});
    starting = Promise.all([CORE[language](), asked]).then(([core, changes]) =>
      i18n.use(initReactI18next).init({
        resources: { [language]: { translation: withChanges(core, changes) } },
        partialBundledLanguages: true,
        lng: language,
        fallbackLng: false,
        supportedLngs: [...LANGUAGES],
        interpolation: { escapeValue: false },
        returnNull: false,
        // A parents' page loads parts of a language: a text outside them loads the rest.
        saveMissing: published,
        missingKeyHandler: (languages) => loadWholeOnMissing(languages),
        react: { bindI18nStore: 'added' },
      }),
    );
    await starting;
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
