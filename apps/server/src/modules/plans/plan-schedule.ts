/**
 * The dates of a plan's lessons scheduled in one step (issue 27 item 5): weekly on chosen weekdays
 * at a time of day in a time zone, from a start date. dayjs with its time-zone plugin turns a wall
 * clock time into an instant, so a lesson at 16:00 stays at 16:00 across a change of summer time.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The instant of a day ('YYYY-MM-DD') at a time of day ('HH:MM') in a time zone. */
export function instantAt(date: string, time: string, timeZone: string): Date {
  return dayjs.tz(`${date}T${time}:00`, timeZone).toDate();
}

/**
 * The first `count` days from `startDate` on (that day included) that fall on one of `weekdays`
 * (ISO: 1 Monday … 7 Sunday), each at `time` in `timeZone`, in order.
 */
export function weeklyDates(
  count: number,
  weekdays: readonly number[],
  time: string,
  startDate: string,
  timeZone: string,
): Date[] {
  const days = new Set(weekdays);
  const dates: Date[] = [];
  // A calendar day, counted in UTC so that no clock change moves it.
  for (let day = dayjs.utc(startDate); dates.length < count && days.size > 0; day = day.add(1, 'day')) {
    const iso = day.day() === 0 ? 7 : day.day();
    if (days.has(iso)) dates.push(instantAt(day.format('YYYY-MM-DD'), time, timeZone));
  }
  return dates;
}
