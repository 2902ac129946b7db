import { deadlineSchema, weekStart } from '@logoschool/contract';
import dayjs from 'dayjs';

/**
 * The weeks of the lessons list (spec §2: weeks start on Monday), as calendar days 'YYYY-MM-DD'
 * in the browser's time zone, the teacher's.
 */

const DAY_MS = 86_400_000;

/** The day `days` after (or before) a day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today where the teacher is. */
export const today = (): string => dayjs().format('YYYY-MM-DD');

/** The Monday of the week the address names (any day of it), else of this week. */
export function weekOf(day: string | null): string {
  return weekStart(day !== null && deadlineSchema.safeParse(day).success ? day : today());
}

/** The seven days of the week that starts on `monday`. */
export const daysOf = (monday: string): string[] =>
  Array.from({ length: 7 }, (_, index) => addDays(monday, index));

/** The day a moment falls on where the teacher is. */
export const dayOf = (iso: string): string => dayjs(iso).format('YYYY-MM-DD');
