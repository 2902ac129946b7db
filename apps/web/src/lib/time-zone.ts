import { isTimeZone } from '@logoschool/contract';

/**
 * The teacher's time zone, as the browser knows it: plans' deadlines and lessons' weeks are judged
 * in it and times shown in it. UTC when the browser names none the API knows.
 */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}
