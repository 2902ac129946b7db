import type { LessonListItem } from '@logoschool/contract';
import dayjs from 'dayjs';
import { formatDate } from '../../i18n/dates.ts';
import { addDays } from './week.ts';

/** A lesson's time where the teacher is, start to end ('10:00–10:45'); null without a date. */
export function lessonTimes(lesson: Pick<LessonListItem, 'starts_at' | 'duration_minutes'>): string | null {
  if (lesson.starts_at === null) return null;
  const starts = dayjs(lesson.starts_at);
  return `${starts.format('LT')}–${starts.add(lesson.duration_minutes, 'minute').format('LT')}`;
}

/** A day as a list's heading says it: its weekday and its date. */
export function dayHeading(day: string): string {
  const weekday = dayjs(day).format('dddd');
  // Weekdays are lower case in uk, ru and pl; a heading starts with a capital.
  return `${weekday.charAt(0).toLocaleUpperCase()}${weekday.slice(1)}, ${formatDate(day)}`;
}

/** A week, Monday to Sunday, in the interface's date format. */
export const weekRange = (monday: string) => `${formatDate(monday)} – ${formatDate(addDays(monday, 6))}`;
