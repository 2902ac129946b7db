import { LANGUAGE_LOCALES, type Language } from '@logoschool/contract';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/pl';
import 'dayjs/locale/ru';
import 'dayjs/locale/uk';
import { dayjsLocaleOf } from './date-locales.ts';
import { i18n } from './i18n.ts';

dayjs.extend(localizedFormat);

/**
 * dayjs follows the interface language from the moment dates are first needed, and changes with
 * it before the screens render again (i18next tells its listeners first), so that no date is
 * formatted in the language just left.
 */
dayjs.locale(dayjsLocaleOf(i18n.language));
i18n.on('languageChanged', (language: string) => {
  dayjs.locale(dayjsLocaleOf(language));
});

/**
 * The one short date format of the interface (dayjs `L` in the interface's locale: 14.05.2019 in
 * uk, ru and pl, 14/05/2019 in en): what lists and texts show, and what the date fields show.
 */
export const DATE_FORMAT = 'L';

/** A calendar date (YYYY-MM-DD) in the interface's short date format. */
export function formatDate(date: string): string {
  return dayjs(date).format(DATE_FORMAT);
}

/** A moment (ISO time) as a short date and time in the interface's format. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format(`${DATE_FORMAT} LT`);
}

/** How a calendar day reads in each language, for pages written in one (a public plan or card). */

/**
 * A calendar date (YYYY-MM-DD) written out in a page's language, not the interface's ("30 June
 * 2099"), the same day wherever the reader is.
 */
export function longDate(language: Language, day: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** A short calendar date in a page's language, e.g. for a chart's axis ("20.10.2026", "20/10/2026"). */
export function shortDate(language: Language, day: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/**
 * A moment written out in a page's language and a time zone (the reader's): its day ("Monday,
 * 7 January 2030") and its time of day ("16:00"), apart, for a page that lists lessons.
 */
export function dayAndTime(language: Language, iso: string, timeZone: string): { day: string; time: string } {
  const locale = LANGUAGE_LOCALES[language];
  const moment = new Date(iso);
  return {
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone }).format(moment),
    time: new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(moment),
  };
}
