/**
 * Themed versions before a lesson (issue 15 item 2, spec §7 generate-before-lesson): the decks of a
 * lesson get their themed versions for the student's interests, as a background job. While a run
 * is queued or running the lesson is locked (spec §4, §8: "Lesson is being regenerated").
 */
import { z } from 'zod';
import { bodyId, idParam } from '../common/envelope.ts';

/** Where a run stands: queued until the job takes it, then running, then done or failed. */
export const LESSON_GENERATION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type LessonGenerationStatus = (typeof LESSON_GENERATION_STATUSES)[number];

/**
 * The longest a run keeps its lesson locked without progress: each deck made moves the lock on by
 * this much, so a job that crashed leaves the lesson free again by itself.
 */
export const LESSON_LOCK_MINUTES = 15;

/** How far ahead the schedule prepares lessons (hours before their start). */
export const LESSON_PREPARE_AHEAD_HOURS = 24;

/** A run of the themed-versions job for a lesson. */
export const lessonGenerationSchema = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  status: z.enum(LESSON_GENERATION_STATUSES),
  /** Decks to make: each distinct exercise of the lesson × each of the student's interests. */
  total: z.number().int(),
  /** Of `total`, those handled so far (made, kept read-only, or skipped). */
  done: z.number().int(),
  /** Of `done`, those that could not be themed (see the exercise's themed versions for why). */
  skipped: z.number().int(),
  /** Why a failed run stopped, in the request's language; null unless failed. */
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type LessonGeneration = z.infer<typeof lessonGenerationSchema>;

/** `POST /generator/generate-before-lesson`: the lesson whose decks get their themed versions. */
export const generateBeforeLessonInput = z.strictObject({ lesson_id: bodyId });
export type GenerateBeforeLessonInput = z.input<typeof generateBeforeLessonInput>;

/** A theme as a lesson's themed versions name it. */
export const lessonThemeSchema = z.object({ id: z.number().int(), name: z.string() });

/** A themed version of a deck of the lesson, for one of the student's interests. */
export const lessonThemedVersionSchema = z.object({
  id: z.number().int(),
  exercise_id: z.number().int(),
  theme: lessonThemeSchema,
  /** The .pptx: its name and size, and where the teacher downloads it (with the token and the project). */
  file: z.object({ name: z.string(), size: z.number().int(), url: z.string() }),
  created_at: z.string(),
});
export type LessonThemedVersion = z.infer<typeof lessonThemedVersionSchema>;

/**
 * `GET /lesson/:lessonId/themed`: the student's interests the project sees (none: nothing to
 * prepare) and the themed versions that exist of the lesson's decks for them.
 */
export const lessonThemedSchema = z.object({
  themes: z.array(lessonThemeSchema),
  versions: z.array(lessonThemedVersionSchema),
});
export type LessonThemed = z.infer<typeof lessonThemedSchema>;

/** `GET /lesson/:lessonId/themed/:generatedId/file`. */
export const lessonThemedParams = z.object({ lessonId: idParam, generatedId: idParam });
