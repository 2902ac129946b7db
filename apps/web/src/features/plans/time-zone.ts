import { isTimeZone } from '@logoschool/contract';

/**
 * The teacher's time zone, as the browser knows it: a plan's deadline is judged in it (a plan is
 * expired once its last day has passed where the teacher is). UTC when the browser names none the
 * API knows.
 */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}
