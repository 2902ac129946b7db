import { z } from 'zod';
import { bodyId } from '../common/envelope.ts';
import { timeZoneSchema } from './plans.ts';

/** The days of the week a schedule names, ISO numbered: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Which of a plan's lessons a schedule dates: those without a date, or every one not held yet. */
export const SCHEDULE_SCOPES = ['undated', 'not_held'] as const;
export type ScheduleScope = (typeof SCHEDULE_SCOPES)[number];

/** A time of day, 'HH:MM' (24 hours). */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * `POST /protocols/:protocolId/schedule`: the plan's lessons dated in one step, in their order,
 * weekly on `weekdays` at `time` in `time_zone`, from `start_date` on (that day included).
 */
export const planScheduleInput = z.strictObject({
  weekdays: z
    .array(z.number().int().min(1).max(7))
    .min(1)
    .max(WEEKDAYS.length)
    .refine((days) => new Set(days).size === days.length, { message: 'unique' }),
  time: timeOfDaySchema,
  start_date: z.iso.date({ message: 'date' }),
  time_zone: timeZoneSchema,
  scope: z.enum(SCHEDULE_SCOPES).default('undated'),
});
export type PlanScheduleInput = z.input<typeof planScheduleInput>;

/** `POST /protocols/:protocolId/move-lesson`: one lesson of the plan to another day and time, the rest as they are. */
export const lessonMoveInput = z.strictObject({
  lesson_id: bodyId,
  date: z.iso.date({ message: 'date' }),
  time: timeOfDaySchema,
  time_zone: timeZoneSchema,
});
export type LessonMoveInput = z.input<typeof lessonMoveInput>;

/** A plan's lesson with its date, as a schedule leaves it. */
export const scheduledLessonSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  starts_at: z.string().nullable(),
  held: z.boolean(),
});
export type ScheduledLesson = z.infer<typeof scheduledLessonSchema>;

/** The plan's lessons after a schedule or a move, in order. */
export const planScheduleSchema = z.object({ lessons: z.array(scheduledLessonSchema) });
export type PlanSchedule = z.infer<typeof planScheduleSchema>;
