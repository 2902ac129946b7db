/**
 * The dates of a plan's lessons scheduled in one step (issue 27 item 5): weekly on chosen weekdays
 * at a time of day in a time zone, from a start date. The contract's `instantAt` turns a wall clock
 * time into an instant (the same arithmetic as booking's slots), so a lesson at 16:00 stays at
 * 16:00 across a change of summer time.
 */
import { addDays, instantAt, weekdayOf } from '@logoschool/contract';

export { instantAt };

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
  for (let day = startDate; dates.length < count && days.size > 0; day = addDays(day, 1)) {
    if (days.has(weekdayOf(day))) dates.push(instantAt(day, time, timeZone));
  }
  return dates;
}
