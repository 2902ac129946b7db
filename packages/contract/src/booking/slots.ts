/**
 * The free-lesson slots (issue 28): the instants at which a teacher can take a lesson, from her
 * weekly hours and exceptions in her own time zone, less her busy time and its buffer, from the
 * minimum notice up to the booking horizon. Everything here is an instant (UTC); a time zone only
 * turns a teacher's wall clock into instants, or an instant into a reader's day and time, so a slot
 * is the same moment whoever looks at it, and a change of summer time neither loses nor doubles one.
 */
/** A wall-clock time of day, 'HH:MM' (24 h). */
export type ClockTime = string;
/** A calendar day, 'YYYY-MM-DD'. */
export type IsoDate = string;

/** Hours on one weekday (ISO: 1 Monday … 7 Sunday), in the teacher's time zone. */
export interface WeeklyHours {
  weekday: number;
  start: ClockTime;
  end: ClockTime;
}

/** A day that differs from the week: other hours, or none (a day off). */
export interface DayException {
  date: IsoDate;
  intervals: readonly { start: ClockTime; end: ClockTime }[];
}

/** One teacher's availability. */
export interface TeacherHours {
  teacherId: number;
  timeZone: string;
  weekly: readonly WeeklyHours[];
  exceptions: readonly DayException[];
}

/** A time a teacher is taken: a booking, a group session, a lesson of a plan. */
export interface BusyTime {
  teacherId: number;
  start: Date;
  end: Date;
}

export interface SlotRules {
  /** The lesson's length. */
  lengthMinutes: number;
  /** Free time kept before and after every busy time. */
  bufferMinutes: number;
  /** How long before its start a slot can still be booked. */
  noticeMinutes: number;
  /** How many days ahead one may book. */
  horizonDays: number;
  /** Slots start every this many minutes from the start of each interval. */
  stepMinutes: number;
}

/** A bookable start, and the teachers free then. */
export interface Slot {
  start: Date;
  end: Date;
  teacherIds: number[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One formatter per time zone: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // The Swedish locale writes 'YYYY-MM-DD HH:MM', as ISO does.
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day of an instant in a time zone. */
export function dayOf(instant: Date, timeZone: string): IsoDate {
  return formatterOf(timeZone).format(instant).slice(0, 10);
}

/** The wall-clock time of an instant in a time zone, 'HH:MM'. */
export function timeIn(instant: Date, timeZone: string): ClockTime {
  return formatterOf(timeZone).format(instant).slice(11, 16);
}

/** How far a time zone's clock is ahead of UTC at an instant (ms), to the minute. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = Date.parse(`${formatterOf(timeZone).format(new Date(instant)).replace(' ', 'T')}:00Z`);
  return wall - (instant - (((instant % MINUTE) + MINUTE) % MINUTE));
}

/**
 * The instant of a wall-clock time on a day in a time zone. A time the clock skips (spring forward)
 * is read as the instant the same number of minutes after the day's midnight would be, as an
 * unchanged clock would show it: the hour that does not exist moves on by the change. A time the
 * clock shows twice (fall back) is the second of the two.
 *
 * Written here on Intl rather than with dayjs's time-zone plugin: the plugin formats with
 * `toLocaleString` on every call, 0.2 ms each, which made one slot query of ten teachers over 30
 * days take 130 ms; a formatter kept per zone makes it a few milliseconds. The property tests
 * (slots.test.ts) hold it to the clock changes of London and Los Angeles.
 */
export function instantAt(date: IsoDate, time: ClockTime, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const { before, after } = dayOffsets(date, timeZone);
  if (before === after) return new Date(wall - before);
  // Read with the later offset, then with the earlier: the one whose clock shows `time` wins, the
  // later instant when both do (fall back); neither (spring forward) takes the offset before the change.
  const candidates = [wall - after, wall - before].filter(
    (instant) => instant + offsetAt(instant, timeZone) === wall,
  );
  return new Date(candidates.length > 0 ? Math.max(...candidates) : wall - before);
}

/** A zone's offsets a day before and a day after a day's midnight, kept: a slot query asks for each day many times. */
const offsetsByDay = new Map<string, { before: number; after: number }>();
function dayOffsets(date: IsoDate, timeZone: string) {
  const key = `${timeZone} ${date}`;
  let offsets = offsetsByDay.get(key);
  if (!offsets) {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    offsets = { before: offsetAt(midnight - DAY, timeZone), after: offsetAt(midnight + 2 * DAY, timeZone) };
    if (offsetsByDay.size > 50_000) offsetsByDay.clear();
    offsetsByDay.set(key, offsets);
  }
  return offsets;
}

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
export function weekdayOf(date: IsoDate): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The calendar day `days` after `date` (counted in UTC, so no clock change moves it). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY).toISOString().slice(0, 10);
}

/** The minutes of a clock time since midnight. */
export const minutesOf = (time: ClockTime): number =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A teacher's intervals on one of her calendar days: the exception's, or the week's. */
export function hoursOn(
  teacher: TeacherHours,
  date: IsoDate,
): readonly { start: ClockTime; end: ClockTime }[] {
  const exception = teacher.exceptions.find((day) => day.date === date);
  if (exception) return exception.intervals;
  const weekday = weekdayOf(date);
  return teacher.weekly.filter((hours) => hours.weekday === weekday);
}

/**
 * A teacher's busy times, ordered by start, with the latest end among the first k of them: whether
 * [start, end) keeps `buffer` clear of all of them is then a binary search, not a pass over each
 * (a busy month of a teacher: hundreds of times, against each of hundreds of starts).
 */
function clearance(busy: readonly BusyTime[], bufferMs: number) {
  const sorted = busy
    .map((taken) => ({ start: taken.start.getTime(), end: taken.end.getTime() }))
    .sort((a, b) => a.start - b.start);
  const latestEnd: number[] = [];
  for (const [index, taken] of sorted.entries()) {
    latestEnd.push(Math.max(taken.end, latestEnd[index - 1] ?? -Infinity));
  }
  return (start: number, end: number): boolean => {
    // The busy times that start before the candidate's end and buffer: the first `count`.
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sorted[middle] as { start: number }).start < end + bufferMs) low = middle + 1;
      else high = middle;
    }
    return low === 0 || (latestEnd[low - 1] as number) + bufferMs <= start;
  };
}

/** One teacher's free starts between `from` and `to` (instants, ms). */
function teacherStarts(
  teacher: TeacherHours,
  busy: readonly BusyTime[],
  rules: SlotRules,
  from: number,
  to: number,
): number[] {
  const length = rules.lengthMinutes * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  const step = rules.stepMinutes * MINUTE;
  const isClear = clearance(busy, buffer);
  const starts: number[] = [];
  // Her calendar days that can hold a start in [from, to): a day either side of the range's days.
  const last = dayOf(new Date(to), teacher.timeZone);
  for (
    let date = addDays(dayOf(new Date(from), teacher.timeZone), -1);
    date <= last;
    date = addDays(date, 1)
  ) {
    for (const interval of hoursOn(teacher, date)) {
      if (minutesOf(interval.end) <= minutesOf(interval.start)) continue;
      const open = instantAt(date, interval.start, teacher.timeZone).getTime();
      const close = instantAt(date, interval.end, teacher.timeZone).getTime();
      for (let start = open; start + length <= close; start += step) {
        if (start < from || start >= to) continue;
        if (isClear(start, start + length)) starts.push(start);
      }
    }
  }
  return starts;
}

/**
 * The free slots from now on: each start at least the notice after `now` and before the horizon,
 * with the teachers free for the whole lesson and its buffer, in order of time. A start two
 * intervals (or two teachers) give is one slot.
 */
export function freeSlots(
  teachers: readonly TeacherHours[],
  busy: readonly BusyTime[],
  rules: SlotRules,
  now: Date,
): Slot[] {
  const from = now.getTime() + rules.noticeMinutes * MINUTE;
  const to = now.getTime() + rules.horizonDays * DAY;
  const byStart = new Map<number, Set<number>>();
  for (const teacher of teachers) {
    const own = busy.filter((taken) => taken.teacherId === teacher.teacherId);
    for (const start of teacherStarts(teacher, own, rules, from, to)) {
      const free = byStart.get(start) ?? new Set<number>();
      free.add(teacher.teacherId);
      byStart.set(start, free);
    }
  }
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, free]) => ({
      start: new Date(start),
      end: new Date(start + rules.lengthMinutes * MINUTE),
      teacherIds: [...free].sort((a, b) => a - b),
    }));
}

/**
 * Who takes a booking among the teachers free at its time (round-robin by load): the one with the
 * fewest bookings counted in `load`, the lower id on a tie.
 */
export function pickTeacher(
  teacherIds: readonly number[],
  load: ReadonlyMap<number, number>,
): number | undefined {
  return [...teacherIds].sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0) || a - b)[0];
}

/** A reader's calendar days from `from` to `to` (both included), to show each with its slots or none. */
export function daysFrom(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push(date);
  return days;
}

/** Slots by the reader's calendar day, in order. */
export function slotsByDay<T extends { start: Date }>(
  slots: readonly T[],
  timeZone: string,
): Map<IsoDate, T[]> {
  const days = new Map<IsoDate, T[]>();
  for (const slot of slots) {
    const day = dayOf(slot.start, timeZone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return days;
}
