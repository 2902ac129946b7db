import { isLanguage, type Language } from '@logoschool/contract';

/**
 * dayjs locale of each interface language (spec §2): en-gb, pl, ru, uk, whose short date is
 * dd.mm.yyyy or dd/mm/yyyy and whose weeks start on Monday. Kept apart from `dates.ts` so that the
 * app's providers can name the locale without loading dayjs on the login page.
 */
export const DAYJS_LOCALES: Record<Language, string> = { uk: 'uk', ru: 'ru', en: 'en-gb', pl: 'pl' };

/** Weeks start on Monday in every interface language (spec §2, §9). */
export const FIRST_DAY_OF_WEEK = 1 as const;

/** The dayjs locale of an interface language (i18next's `language`), en-gb for any other. */
export function dayjsLocaleOf(language: string): string {
  return isLanguage(language) ? DAYJS_LOCALES[language] : DAYJS_LOCALES.en;
}
