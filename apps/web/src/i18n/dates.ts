import type { Language } from '@logoschool/contract';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/pl';
import 'dayjs/locale/ru';
import 'dayjs/locale/uk';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);

/** dayjs locale of each interface language (spec §2): en-gb, pl, ru, uk all start weeks on Monday. */
export const DAYJS_LOCALES: Record<Language, string> = { uk: 'uk', ru: 'ru', en: 'en-gb', pl: 'pl' };

/**
 * Keeps dayjs in the interface language. Used by the shell, where dates are shown; the login page
 * does not load dayjs at all.
 */
export function useDateLocale() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const language = i18n.language as Language;
    dayjs.locale(DAYJS_LOCALES[language] ?? 'en-gb');
  }, [i18n.language]);
}

/** A calendar date (YYYY-MM-DD) in the interface's short date format. */
export function formatDate(date: string): string {
  return dayjs(date).format('L');
}

/** A moment (ISO time) as a short date and time in the interface's format. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('L LT');
}
