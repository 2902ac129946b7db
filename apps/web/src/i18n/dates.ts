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
