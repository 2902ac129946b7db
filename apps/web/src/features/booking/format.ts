import { ageInYears, dayOf, type BookingRow } from '@logoschool/contract';
import dayjs from 'dayjs';

/** A booking's time in the viewer's zone: its day and 'HH:MM–HH:MM'. */
export function bookingTime(row: Pick<BookingRow, 'starts_at' | 'ends_at'>): { day: string; times: string } {
  const starts = dayjs(row.starts_at);
  return {
    day: starts.format('dd, L'),
    times: `${starts.format('LT')}–${dayjs(row.ends_at).format('LT')}`,
  };
}

/** The child's age in whole years on the lesson's date (spec §8: the age counts on the lesson's date). */
export const ageOnLesson = (row: Pick<BookingRow, 'birthdate' | 'starts_at' | 'time_zone'>): number =>
  ageInYears(row.birthdate, dayOf(new Date(row.starts_at), row.time_zone));

/** Whether a booking's lesson has begun. */
export const hasStarted = (row: Pick<BookingRow, 'starts_at'>, now = Date.now()): boolean =>
  Date.parse(row.starts_at) <= now;

/** The time zones a browser knows, for a searchable choice (the browser's own first when missing). */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes('UTC') ? known : ['UTC', ...known];
}
