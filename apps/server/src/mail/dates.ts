import { LANGUAGE_LOCALES, type Language } from '@logoschool/contract';

/** A calendar day ('YYYY-MM-DD') written out in a language: "30 June 2099". */
export function mailDay(lang: Language, day: string): string {
  // Noon UTC of that day, read in UTC: the same day wherever the reader is.
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
