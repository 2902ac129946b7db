import type { Language } from '@logoschool/contract';
import type { i18n as I18n } from 'i18next';
import { i18n, withRoles } from './i18n.ts';
import { changesFor, withChanges } from './published-texts.ts';

type Texts = Record<string, unknown>;

/** Each language's whole texts, the same chunks the app loads for its own language. */
const WHOLE: Record<Language, () => Promise<{ default: Texts }>> = {
  uk: () => import('virtual:texts/uk'),
  ru: () => import('virtual:texts/ru'),
  en: () => import('virtual:texts/en'),
  pl: () => import('virtual:texts/pl'),
};

/**
 * The texts in `language` for one page (a public page for the parents or the child shows itself in the student's language):
 * an i18next instance that shares the app's texts but has a language of its own, so that the app's
 * language and the saved choice (`default-language`) stay as they are, for a teacher who opens the
 * link while signed in too.
 */
export async function textsIn(language: Language): Promise<I18n> {
  const [texts, changes] = await Promise.all([WHOLE[language](), changesFor(language)]);
  i18n.addResourceBundle(
    language,
    'translation',
    withChanges(withRoles(language, texts.default), changes),
    true,
    true,
  );
  return i18n.cloneInstance({ lng: language });
}
