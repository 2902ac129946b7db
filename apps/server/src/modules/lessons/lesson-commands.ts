/**
 * The writes of lessons: saving one (spec §5 rules) and finishing one, the presentations not
 * reached moving to the plan's next lesson (spec §4), all or nothing (spec §8 lesson transfer failure). Every write locks the plan first,
 * then the lesson, so that two writes to one plan's lessons run one after the other. Filling one
 * automatically is in lesson-fill-commands.ts.
 */
import {
  lessonProblems,
  usageIn,
  type Lesson,
  type LessonRuleExercise,
  type finishLessonInput,
  type lessonInput,
} from '@logoschool/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { exercises, lessonPresentations, lessons } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { refuseBookedTimes } from '../booking/index.ts';
import {
  idsByBlock,
  isLocked,
  ownLesson,
  planOf,
  planOutline,
  presentationsOf,
  usageInPlan,
} from './lesson-context.ts';
import { judgeLesson, problemsError, problemText } from './lesson-rules.ts';
import { recordLessonHeld } from './lesson-statistics.service.ts';
import { lessonView } from './lesson-view.ts';

/**
 * The caller's lesson and its plan, the plan locked and then the lesson, for a write: 409 while the
 * lesson is being regenerated (spec §8) or once it is finished.
 */
export async function lessonToWrite(tx: Tx, caller: ProjectActor, id: number) {
  const plan = await planOf(tx, await ownLesson(tx, caller, id), true);
  const lesson = await ownLesson(tx, caller, id, true);
  if (isLocked(lesson)) throw new AppError('lesson_locked');
  if (lesson.finishedAt !== null) throw new AppError('lesson_finished');
  return { plan, lesson, outline: await planOutline(tx, plan) };
}

/** Replaces a lesson's presentations with these, block by block, in order. */
export async function writePresentations(
  tx: Tx,
  lessonId: number,
  blocks: readonly { key: string; exercise_ids: readonly number[] }[],
) {
  await tx.delete(lessonPresentations).where(eq(lessonPresentations.lessonId, lessonId));
  const rows = blocks.flatMap((block) =>
    block.exercise_ids.map((exerciseId, position) => ({
      lessonId,
      blockKey: block.key,
      position,
      exerciseId,
    })),
  );
  if (rows.length > 0) await tx.insert(lessonPresentations).values(rows);
}

/**
 * `PUT /lesson/:id`: the date, the length and every block's presentations. 422 naming the block
 * for each rule of spec §5 it breaks (no presentations, below the minimum, above the maximum, an
 * exercise twice in a block or more often across the plan than its usage frequency, or not an
 * accepted exercise of the block's folder), and for a block the plan does not have; 409
 * `lesson_overlaps_booking` for a new time its teacher has booked.
 */
export async function updateLesson(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: z.output<typeof lessonInput>,
): Promise<Lesson> {
  return db.transaction(async (tx) => {
    const { plan, lesson, outline } = await lessonToWrite(tx, caller, id);
    const known = new Set(outline.blocks.map((block) => block.key));
    const unknown = input.blocks.flatMap((block, index) => (known.has(block.key) ? [] : [index]));
    if (unknown.length > 0) {
      const errors = Object.fromEntries(
        unknown.map((index) => [`blocks.${index}.key`, [fieldMessage(caller.lang, 'unknownBlock')]]),
      );
      throw new AppError('validation_failed', {}, errors);
    }
    const given = new Map(
      input.blocks.map((block, index) => [
        block.key,
        { exercise_ids: block.exercise_ids, field: `blocks.${index}.exercise_ids` },
      ]),
    );
    const problems = await judgeLesson(tx, caller, plan, outline, lesson.id, given);
    if (problems.length > 0) throw problemsError(caller, problems);
    await writePresentations(
      tx,
      lesson.id,
      outline.blocks.map((block) => ({
        key: block.key,
        exercise_ids: given.get(block.key)?.exercise_ids ?? [],
      })),
    );
    const startsAt = input.starts_at === null ? null : new Date(input.starts_at);
    if (
      startsAt &&
      (startsAt.getTime() !== lesson.startsAt?.getTime() || input.duration_minutes !== lesson.durationMinutes)
    ) {
      await refuseBookedTimes(tx, caller, lesson.teacherId, [
        { number: lesson.number, startsAt, minutes: input.duration_minutes },
      ]);
    }
    const [saved] = await tx
      .update(lessons)
      .set({
        startsAt,
        durationMinutes: input.duration_minutes,
        updatedAt: new Date(),
      })
      .where(eq(lessons.id, lesson.id))
      .returning();
    return lessonView(tx, caller, saved ?? lesson, { plan, outline });
  });
}

/** The student's lesson language of a plan (spec §9): what its automatic fill speaks. */
const transferFailed = (reason: string) => new AppError('lesson_transfer_failed', { reason });

/**
 * `POST /lesson/finish`: the lesson is finished; its presentations whose exercise is not among
 * `reached` move to the end of their block in the plan's next lesson, in the same transaction.
 * When there is no next lesson, it is being regenerated or finished, it would go above a block's
 * maximum, hold an exercise twice in a block or use one more often than its usage frequency, or the
 * move fails in the database, the answer is 409 `lesson_transfer_failed` and nothing changes.
 */
export async function finishLesson(
  db: Db,
  caller: ProjectActor,
  input: z.output<typeof finishLessonInput>,
  log?: FastifyBaseLogger,
): Promise<Lesson> {
  return db.transaction(async (tx) => {
    const { plan, lesson, outline } = await lessonToWrite(tx, caller, input.lesson_id);
    const held = (await presentationsOf(tx, lesson.id)).filter((row) =>
      outline.blocks.some((block) => block.key === row.blockKey),
    );
    const inLesson = new Set(held.map((row) => row.exerciseId));
    const strangers = input.reached.filter((id) => !inLesson.has(id));
    if (strangers.length > 0) {
      throw new AppError('validation_failed', {}, { reached: [fieldMessage(caller.lang, 'notInLesson')] });
    }
    const reached = new Set(input.reached);
    const moving = held.filter((row) => !reached.has(row.exerciseId));
    if (moving.length > 0) await moveToNext(tx, caller, { plan, lesson, outline }, moving, log);
    const [finished] = await tx
      .update(lessons)
      .set({
        finishedAt: new Date(),
        updatedAt: new Date(),
        // Finishing ends the live session: the child's screen says so (decision 021).
        sessionEndedAt: lesson.sessionEndedAt ?? (lesson.sessionStartedAt ? new Date() : null),
      })
      .where(eq(lessons.id, lesson.id))
      .returning();
    await recordLessonHeld(tx, lesson.id);
    return lessonView(tx, caller, finished ?? lesson, { plan, outline });
  });
}

/** Moves presentations of a lesson to the end of their blocks in the plan's next lesson (see `finishLesson`). */
async function moveToNext(
  tx: Tx,
  caller: ProjectActor,
  { plan, lesson, outline }: Awaited<ReturnType<typeof lessonToWrite>>,
  moving: readonly { id: number; blockKey: string; exerciseId: number }[],
  log?: FastifyBaseLogger,
) {
  const nextNumber = lesson.number + 1;
  const [next] = await tx
    .select()
    .from(lessons)
    .where(and(eq(lessons.protocolId, plan.id), eq(lessons.number, nextNumber)))
    .for('update');
  const fail = (key: Parameters<typeof fieldMessage>[1], params: Record<string, string | number> = {}) =>
    transferFailed(fieldMessage(caller.lang, key, params));
  if (!next) throw fail('lessonNoNext');
  if (isLocked(next)) throw fail('lessonNextLocked');
  if (next.finishedAt !== null) throw fail('lessonNextFinished');

  const nextRows = await presentationsOf(tx, next.id);
  const there = idsByBlock(nextRows);
  /** The first free place at the end of a block of the next lesson. */
  const endOf = (key: string) =>
    nextRows.reduce((end, row) => (row.blockKey === key ? Math.max(end, row.position + 1) : end), 0);
  const arriving = idsByBlock(moving);
  const after = outline.blocks.map((block) => ({
    ...block,
    exercise_ids: [...(there.get(block.key) ?? []), ...(arriving.get(block.key) ?? [])],
  }));
  // Usage outside the next lesson once the moved ones have left this one.
  const outside = await usageInPlan(
    tx,
    plan.id,
    outline.blocks.map((block) => block.key),
    [next.id],
  );
  for (const [id, uses] of usageIn([...arriving.values()].map((ids) => ({ exercise_ids: ids })))) {
    outside.set(id, (outside.get(id) ?? 0) - uses);
  }
  const ids = [...new Set(after.flatMap((block) => block.exercise_ids))];
  const rules = new Map<number, LessonRuleExercise>(
    (
      await tx
        .select({ id: exercises.id, title: exercises.title, usage: exercises.usageFrequency })
        .from(exercises)
        .where(and(eq(exercises.workspaceId, caller.workspaceId), inArray(exercises.id, ids)))
    ).map((row) => [row.id, { usage_frequency: row.usage, title: row.title }]),
  );
  const [problem] = lessonProblems(after, outside, rules, 'transfer');
  if (problem) throw transferFailed(problemText(caller, problem));

  try {
    await tx.delete(lessonPresentations).where(
      inArray(
        lessonPresentations.id,
        moving.map((row) => row.id),
      ),
    );
    const rows = after.flatMap((block) => {
      const start = endOf(block.key);
      return (arriving.get(block.key) ?? []).map((exerciseId, index) => ({
        lessonId: next.id,
        blockKey: block.key,
        position: start + index,
        exerciseId,
      }));
    });
    await tx.insert(lessonPresentations).values(rows);
    await tx.update(lessons).set({ updatedAt: new Date() }).where(eq(lessons.id, next.id));
  } catch (error) {
    // The transaction is rolled back as the error leaves it: the lesson stays open and keeps
    // every presentation (spec §8: a clear error, nothing lost).
    log?.error({ err: error, lesson: lesson.id, next: next.id }, 'lesson transfer failed');
    throw transferFailed(fieldMessage(caller.lang, 'lessonTransferBroke'));
  }
}
