import type { Language } from '@logoschool/contract';
import type { i18n as I18n } from 'i18next';
import { i18n, withRoles } from '../../i18n/i18n.ts';

type Texts = Record<string, unknown>;

/** Each language's whole texts, the same chunks the app loads for its own language. */
const WHOLE: Record<Language, () => Promise<{ default: Texts }>> = {
  uk: () => import('../../i18n/locales/uk.json'),
  ru: () => import('../../i18n/locales/ru.json'),
  en: () => import('../../i18n/locales/en.json'),
  pl: () => import('../../i18n/locales/pl.json'),
};

/**
 * The texts in `language` for one page (the parents' plan shows itself in the student's language):
 * an i18next instance that shares the app's texts but has a language of its own, so that the app's
 * language and the saved choice (`default-language`) stay as they are, for a teacher who opens the
 * link while signed in too.
 */
export async function textsIn(language: Language): Promise<I18n> {
  const texts = await WHOLE[language]();
  i18n.addResourceBundle(language, 'translation', withRoles(language, texts.default), true, true);
  return i18n.cloneInstance({ lng: language });
}

/** How dates read in each language (the plan's deadline: "30 June 2099"). */
const LOCALES: Record<Language, string> = { uk: 'uk-UA', ru: 'ru-RU', en: 'en-GB', pl: 'pl-PL' };

/** A calendar day ('YYYY-MM-DD') written out in a language, the same day wherever the reader is. */
export function longDate(language: Language, day: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
