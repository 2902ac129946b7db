/**
 * The trials a teacher marks in the lesson player (issue 15, item 4): one at a time, each the next
 * trial of an exercise of the lesson, with undo of the last. A cued trial is recorded at the tap,
 * its cue said with it or chosen (and changed) afterwards (issue 27). Only the lesson's teacher
 * marks it, never once it is finished or while it is being regenerated (409, spec §8). Every change
 * keeps the lesson's statistics row in step: a marked trial makes the lesson held (decision 034).
 */
import {
  summarizeTrials,
  type Cue,
  type LessonMarks,
  type MarkCueInput,
  type MarkResult,
  type markInput,
} from '@logoschool/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lessonMarks, lessonPresentations, type LessonRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { isLocked, ownLesson } from './lesson-context.ts';
import { recordLessonMarks } from './lesson-statistics.service.ts';

/** The lesson's exercises in the order the player shows them (block by block, in order). */
async function lessonExercises(tx: Tx, lessonId: number): Promise<number[]> {
  const rows = await tx
    .select({ exerciseId: lessonPresentations.exerciseId })
    .from(lessonPresentations)
    .where(eq(lessonPresentations.lessonId, lessonId))
    .orderBy(asc(lessonPresentations.blockKey), asc(lessonPresentations.position));
  return [...new Set(rows.map((row) => row.exerciseId))];
}

/** The caller's lesson, locked for a change of its marks: 409 when finished or being regenerated. */
async function lessonToMark(tx: Tx, caller: ProjectActor, lessonId: number): Promise<LessonRow> {
  const lesson = await ownLesson(tx, caller, lessonId, true);
  if (isLocked(lesson)) throw new AppError('lesson_locked');
  if (lesson.finishedAt !== null) throw new AppError('lesson_finished');
  return lesson;
}

/** 422 on `exercise_id` unless the exercise is one of the lesson's. */
async function requireInLesson(tx: Tx, caller: ProjectActor, lessonId: number, exerciseId: number) {
  if ((await lessonExercises(tx, lessonId)).includes(exerciseId)) return;
  throw new AppError('validation_failed', {}, { exercise_id: [fieldMessage(caller.lang, 'notInLesson')] });
}

/** Every mark of the lesson, per exercise, the exercise marked first first. */
async function marksOf(tx: Tx, lessonId: number): Promise<LessonMarks> {
  const rows = await tx
    .select()
    .from(lessonMarks)
    .where(eq(lessonMarks.lessonId, lessonId))
    .orderBy(asc(lessonMarks.id));
  const byExercise = new Map<number, typeof rows>();
  for (const row of rows) byExercise.set(row.exerciseId, [...(byExercise.get(row.exerciseId) ?? []), row]);
  const ids = [...byExercise.keys()];
  return {
    lesson_id: lessonId,
    exercises: ids.map((id) =>
      summarizeTrials(
        id,
        (byExercise.get(id) ?? []).map((row) => ({
          id: row.id,
          trial: row.trial,
          result: row.result as MarkResult,
          cue: (row.cue as Cue | null) ?? null,
          created_at: row.createdAt.toISOString(),
        })),
      ),
    ),
  };
}

/** `GET /lesson/:lessonId/marks`. */
export async function listMarks(db: Db, caller: ProjectActor, lessonId: number): Promise<LessonMarks> {
  return db.transaction(async (tx) => {
    await ownLesson(tx, caller, lessonId);
    return marksOf(tx, lessonId);
  });
}

/** `POST /lesson/:lessonId/marks`: the exercise's next trial; the lesson's marks after it. */
export async function addMark(
  db: Db,
  caller: ProjectActor,
  lessonId: number,
  input: z.output<typeof markInput>,
): Promise<LessonMarks> {
  return db.transaction(async (tx) => {
    await lessonToMark(tx, caller, lessonId);
    await requireInLesson(tx, caller, lessonId, input.exercise_id);
    const [last] = await tx
      .select({ trial: lessonMarks.trial })
      .from(lessonMarks)
      .where(and(eq(lessonMarks.lessonId, lessonId), eq(lessonMarks.exerciseId, input.exercise_id)))
      .orderBy(desc(lessonMarks.trial))
      .limit(1);
    await tx.insert(lessonMarks).values({
      lessonId,
      exerciseId: input.exercise_id,
      trial: (last?.trial ?? 0) + 1,
      result: input.result,
      cue: input.result === 'cued' ? (input.cue ?? null) : null,
    });
    await recordLessonMarks(tx, lessonId);
    return marksOf(tx, lessonId);
  });
}

/**
 * `DELETE /lesson/:lessonId/marks/last?exercise_id=`: removes the exercise's last trial (nothing
 * when it has none); the lesson's marks after it.
 */
export async function undoLastMark(
  db: Db,
  caller: ProjectActor,
  lessonId: number,
  exerciseId: number,
): Promise<LessonMarks> {
  return db.transaction(async (tx) => {
    await lessonToMark(tx, caller, lessonId);
    await requireInLesson(tx, caller, lessonId, exerciseId);
    const [last] = await tx
      .select({ id: lessonMarks.id })
      .from(lessonMarks)
      .where(and(eq(lessonMarks.lessonId, lessonId), eq(lessonMarks.exerciseId, exerciseId)))
      .orderBy(desc(lessonMarks.trial))
      .limit(1);
    if (last) {
      await tx.delete(lessonMarks).where(eq(lessonMarks.id, last.id));
      await recordLessonMarks(tx, lessonId);
    }
    return marksOf(tx, lessonId);
  });
}

/**
 * `PUT /lesson/:lessonId/marks/:markId/cue`: the cue of a cued trial, chosen or changed after the tap
 * (null: not said); the lesson's marks after it. 404 for a mark that is not the lesson's (an undone
 * one included), 422 for a trial that was not cued.
 */
export async function setMarkCue(
  db: Db,
  caller: ProjectActor,
  lessonId: number,
  markId: number,
  input: MarkCueInput,
): Promise<LessonMarks> {
  return db.transaction(async (tx) => {
    await lessonToMark(tx, caller, lessonId);
    const [mark] = await tx
      .select({ result: lessonMarks.result })
      .from(lessonMarks)
      .where(and(eq(lessonMarks.id, markId), eq(lessonMarks.lessonId, lessonId)))
      .for('update');
    if (!mark) throw new AppError('not_found').saying('markNotFound');
    if (mark.result !== 'cued')
      throw new AppError('validation_failed', {}, { cue: [fieldMessage(caller.lang, 'cueOnlyForCued')] });
    await tx.update(lessonMarks).set({ cue: input.cue }).where(eq(lessonMarks.id, markId));
    return marksOf(tx, lessonId);
  });
}
