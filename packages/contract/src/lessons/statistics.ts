/**
 * Lessons held (issue 15 items 7 and 3; spec §1 lesson statistics, §2 /lessons-stats, §7
 * /users/track/lesson-statistic, /users/lesson-statistic/*, /lessons/get-remote-range-lessons):
 * the player records when a lesson starts and ends, a marked trial or finishing makes it held, the managers
 * read it per teacher and per day for a range of days, and the school's CRM reads a range of
 * lessons with the project's token.
 */
import { z } from 'zod';
import { bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import { deadlineSchema, timeZoneSchema } from '../plans/plans.ts';
import { LESSON_STATUSES, lessonActingQuery } from './schemas.ts';

/** The longest range of days a report or a CRM call covers, both ends included. */
export const LESSON_STATISTICS_RANGE_MAX_DAYS = 366;

/** The default range of the managers' report: this many days, ending today. */
export const LESSON_STATISTICS_DEFAULT_DAYS = 30;

/**
 * The most minutes a tracked lesson counts: a player left open overnight is not a lesson of a
 * night (lessons last 45 to 60 minutes, spec §9).
 */
export const LESSON_STATISTICS_DURATION_MAX = 180;

/** What the player reports: the lesson opened (`start`) or left (`end`). */
export const TRACK_EVENTS = ['start', 'end'] as const;
export type TrackEvent = (typeof TRACK_EVENTS)[number];

/** `POST /users/track/lesson-statistic`: one of the teacher's lessons started or ended. */
export const trackLessonInput = z.strictObject({
  lesson_id: bodyId,
  event: z.enum(TRACK_EVENTS),
});
export type TrackLessonInput = z.input<typeof trackLessonInput>;

/** What the tracking keeps of a lesson (the row of `lesson_statistics`). */
export const lessonStatisticSchema = z.object({
  lesson_id: z.number().int(),
  /** When the player first opened it (or, finished without the player, when it was planned). */
  started_at: z.string(),
  ended_at: z.string().nullable(),
  duration_minutes: z.number().int(),
  correct: z.number().int(),
  incorrect: z.number().int(),
  cued: z.number().int(),
  finished: z.boolean(),
});
export type LessonStatistic = z.infer<typeof lessonStatisticSchema>;

/** Days between two calendar days 'YYYY-MM-DD' (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Every calendar day from `from` to `to`, both included, 'YYYY-MM-DD'. */
export function daysOfRange(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: Math.max(0, daysBetween(from, to) + 1) }, (_, index) =>
    new Date(start + index * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The range's fields: days 'YYYY-MM-DD', judged in `time_zone` (UTC when absent). */
const rangeFields = {
  from: deadlineSchema,
  to: deadlineSchema,
  /** The time zone the days are judged in (IANA, e.g. Europe/Kyiv); UTC when absent. */
  time_zone: timeZoneSchema.optional(),
};

/**
 * The range's rules, each a message on `to`: not before `from`, and at most
 * LESSON_STATISTICS_RANGE_MAX_DAYS days long.
 */
function checkRange(range: { from: string; to: string }, context: z.RefinementCtx) {
  const days = daysBetween(range.from, range.to);
  if (days < 0) context.addIssue({ code: 'custom', path: ['to'], message: 'endBeforeStart' });
  else if (days + 1 > LESSON_STATISTICS_RANGE_MAX_DAYS) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'rangeTooLong',
      params: { count: LESSON_STATISTICS_RANGE_MAX_DAYS },
    });
  }
}

/** A range as the managers' report and the web form take it. */
export const reportRangeSchema = z.object(rangeFields).superRefine(checkRange);
export type ReportRange = z.infer<typeof reportRangeSchema>;

/**
 * `GET /users/lesson-statistic/all` and `…/all.csv`: the project's lessons held in a range, per
 * teacher.
 */
export const lessonStatisticsQuery = z
  .object({ ...lessonActingQuery.shape, ...rangeFields })
  .superRefine(checkRange);
export type LessonStatisticsQuery = z.infer<typeof lessonStatisticsQuery>;

/** `GET /users/lesson-statistic/by-teacher`: per day, one teacher's (`teacher_id`) or the project's. */
export const lessonSeriesQuery = z
  .object({ ...lessonActingQuery.shape, ...rangeFields, teacher_id: idParam.optional() })
  .superRefine(checkRange);
export type LessonSeriesQuery = z.infer<typeof lessonSeriesQuery>;

/** A teacher's lessons in the range (a lesson counts on the day it started). */
export const teacherLessonStatisticSchema = z.object({
  teacher_id: z.number().int(),
  teacher_name: z.string(),
  /**
   * Lessons held (decision 034): finished, or at least one trial marked with the child; a lesson
   * only opened in the player (a preview) is not held.
   */
  held: z.number().int(),
  /** Of those, the finished ones. */
  finished: z.number().int(),
  /** The held lessons' minutes in all. */
  minutes: z.number().int(),
  /** Distinct students they were held with. */
  students: z.number().int(),
  /** The trials marked in them, by result. */
  correct: z.number().int(),
  incorrect: z.number().int(),
  cued: z.number().int(),
  /** Free lessons booked with the teacher (confirmed, whatever became of them) that start in the range (issue 28). */
  free_booked: z.number().int(),
  /** Of those, the ones held. */
  free_held: z.number().int(),
  /** Of those, the ones made a student (`/appointment/client`). */
  free_converted: z.number().int(),
});
export type TeacherLessonStatistic = z.infer<typeof teacherLessonStatisticSchema>;

/** One day of the range, zeros included. */
export const lessonDaySchema = z.object({
  day: z.iso.date(),
  held: z.number().int(),
  minutes: z.number().int(),
});
export type LessonDay = z.infer<typeof lessonDaySchema>;

/** `GET /lessons/get-remote-range-lessons` (CRM token): a page of the project's lessons in a range. */
export const remoteLessonsQuery = pageQuery
  .extend({
    /** The project the CRM means (a token of another project is refused), as in the other CRM calls. */
    workspace_id: idParam.optional(),
    ...rangeFields,
  })
  .superRefine(checkRange);
export type RemoteLessonsQuery = z.infer<typeof remoteLessonsQuery>;

/** A lesson as the CRM sees it. */
export const remoteLessonSchema = z.object({
  id: z.number().int(),
  /** The student's id in the CRM; null for a student the CRM does not know. */
  remote_id: z.string().nullable(),
  child_name: z.string(),
  /** When it starts (ISO, UTC). */
  starts_at: z.string(),
  duration_minutes: z.number().int(),
  status: z.enum(LESSON_STATUSES),
  finished_at: z.string().nullable(),
  teacher_email: z.string(),
});
export type RemoteLesson = z.infer<typeof remoteLessonSchema>;

export const remoteLessonsEnvelope = pageEnvelope(remoteLessonSchema);
export type RemoteLessonsPage = z.infer<typeof remoteLessonsEnvelope>;
