import type { Language } from '@logoschool/contract';

const LOCALES: Record<Language, string> = { uk: 'uk-UA', ru: 'ru-RU', en: 'en-GB', pl: 'pl-PL' };

/** A calendar day ('YYYY-MM-DD') written out in the page's language, the same day wherever the reader is. */
export function longDay(language: Language, day: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** A short day for a chart's axis ("20.10.2026", "20/10/2026"). */
export function shortDay(language: Language, day: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
