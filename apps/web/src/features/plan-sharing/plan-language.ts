import type { Language } from '@logoschool/contract';

/** How dates read in each language (the plan's deadline: "30 June 2099"). */
const LOCALES: Record<Language, string> = { uk: 'uk-UA', ru: 'ru-RU', en: 'en-GB', pl: 'pl-PL' };

/** A calendar day ('YYYY-MM-DD') written out in a language, the same day wherever the reader is. */
export function longDate(language: Language, day: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
