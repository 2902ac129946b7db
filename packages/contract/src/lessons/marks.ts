/**
 * The trials a teacher marks in the lesson player (issue 15, item 4): each one correct, incorrect
 * or cued, a cued one with how the child was helped, as speech therapists record trial-by-trial
 * data. Marks are per exercise of the lesson, numbered 1, 2, 3… in the order they were made.
 */
import { z } from 'zod';
import { bodyId, idParam } from '../common/envelope.ts';
import { lessonActingQuery, lessonParams } from './schemas.ts';

/** How a child was helped on a cued trial. */
export const CUES = ['verbal', 'visual', 'gestural', 'tactile', 'phonemic'] as const;
export type Cue = (typeof CUES)[number];

/** What a trial came to. */
export const MARK_RESULTS = ['correct', 'incorrect', 'cued'] as const;
export type MarkResult = (typeof MARK_RESULTS)[number];

/**
 * `POST /lesson/:lessonId/marks`: one trial of an exercise of the lesson. A cued trial is recorded
 * at the tap: its `cue` may come with it or later (`PUT …/marks/:markId/cue`), and is never required
 * to count it; a cue is refused on a correct or incorrect trial.
 */
export const markInput = z
  .strictObject({
    exercise_id: bodyId,
    result: z.enum(MARK_RESULTS),
    cue: z.enum(CUES).optional(),
  })
  .superRefine((mark, context) => {
    if (mark.result !== 'cued' && mark.cue !== undefined)
      context.addIssue({ code: 'custom', path: ['cue'], message: 'invalid' });
  });
export type MarkInput = z.input<typeof markInput>;

/** `PUT /lesson/:lessonId/marks/:markId/cue`: one trial of the lesson. */
export const markParams = lessonParams.extend({ markId: idParam });

/**
 * `PUT /lesson/:lessonId/marks/:markId/cue`: how the child was helped on a cued trial, chosen or
 * changed after the tap; null when the teacher does not say (again).
 */
export const markCueInput = z.strictObject({ cue: z.enum(CUES).nullable() });
export type MarkCueInput = z.input<typeof markCueInput>;

/** `DELETE /lesson/:lessonId/marks/last?exercise_id=`: undoes the exercise's last trial. */
export const undoMarkQuery = lessonActingQuery.extend({ exercise_id: idParam });

/** One marked trial. */
export const lessonTrialSchema = z.object({
  /** The mark's id, which `PUT …/marks/:markId/cue` names. */
  id: z.number().int(),
  trial: z.number().int(),
  result: z.enum(MARK_RESULTS),
  /** How the child was helped, for a cued trial; null for the others, and for a cued one not said yet. */
  cue: z.enum(CUES).nullable(),
  created_at: z.string(),
});
export type LessonTrial = z.infer<typeof lessonTrialSchema>;

/** An exercise's marks in a lesson: the counts of each result and its trials in order. */
export const exerciseMarksSchema = z.object({
  exercise_id: z.number().int(),
  correct: z.number().int(),
  incorrect: z.number().int(),
  cued: z.number().int(),
  trials: z.array(lessonTrialSchema),
});
export type ExerciseMarks = z.infer<typeof exerciseMarksSchema>;

/** A lesson's marks: one entry per exercise of the lesson that has a trial, the one marked first first. */
export const lessonMarksSchema = z.object({
  lesson_id: z.number().int(),
  exercises: z.array(exerciseMarksSchema),
});
export type LessonMarks = z.infer<typeof lessonMarksSchema>;

/** The counts and the list of an exercise's trials (in trial order). */
export function summarizeTrials(exerciseId: number, trials: readonly LessonTrial[]): ExerciseMarks {
  const sorted = [...trials].sort((a, b) => a.trial - b.trial);
  const count = (result: MarkResult) => sorted.filter((trial) => trial.result === result).length;
  return {
    exercise_id: exerciseId,
    correct: count('correct'),
    incorrect: count('incorrect'),
    cued: count('cued'),
    trials: sorted,
  };
}
