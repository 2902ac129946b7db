/**
 * The writes of lessons: saving one (spec §5 rules), filling one automatically from its blocks'
 * folders, and finishing one, the presentations not reached moving to the plan's next lesson
 * (spec §4), all or nothing (spec §8 lesson transfer failure). Every write locks the plan first,
 * then the lesson, so that two writes to one plan's lessons run one after the other.
 */
import {
  SUPPLY_FIX_USAGE,
  fillPlan,
  lessonProblems,
  planSupply,
  usageIn,
  type BlockShortageView,
  type Lesson,
  type PlanFillBlock,
  type PlanFillInput,
  type PlanFillMode,
  type PlanFillResultView,
  type PlanSupplyView,
  type generatePlanInput,
  type LessonProblem,
  type LessonRuleExercise,
  type finishLessonInput,
  type generateLessonInput,
  type lessonInput,
} from '@logoschool/contract';
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  clients,
  exercises,
  lessonPresentations,
  lessons,
  protocols,
  type LessonRow,
  type ProtocolRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import {
  folderExercises,
  idsByBlock,
  isLocked,
  ownLesson,
  planOf,
  planOutline,
  presentationsOf,
  usageInPlan,
  type PlanOutline,
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
 * accepted exercise of the block's folder), and for a block the plan does not have.
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
    const [saved] = await tx
      .update(lessons)
      .set({
        startsAt: input.starts_at === null ? null : new Date(input.starts_at),
        durationMinutes: input.duration_minutes,
        updatedAt: new Date(),
      })
      .where(eq(lessons.id, lesson.id))
      .returning();
    return lessonView(tx, caller, saved ?? lesson, { plan, outline });
  });
}

/** The student's lesson language of a plan (spec §9): what its automatic fill speaks. */
async function planLanguage(tx: Tx, plan: ProtocolRow): Promise<string> {
  const [row] = await tx
    .select({ language: clients.language })
    .from(clients)
    .where(eq(clients.id, plan.clientId));
  return row?.language ?? 'uk';
}

/**
 * The plan's blocks as a fill sees them: bounds, folder and the folder's accepted exercises, those
 * in another language than the student's lesson language marked `foreign` (decision 035: the fill
 * takes one only for a minimum the student's language cannot give, and the supply counts none).
 */
async function fillBlocks(
  tx: Tx,
  caller: ProjectActor,
  plan: ProtocolRow,
  outline: PlanOutline,
): Promise<PlanFillBlock[]> {
  const folders = await folderExercises(
    tx,
    caller.workspaceId,
    outline.blocks.flatMap((block) => (block.folder_id === null ? [] : [block.folder_id])),
  );
  const language = await planLanguage(tx, plan);
  return outline.blocks.map((block) => ({
    key: block.key,
    target: block.target,
    min_presentations: block.min_presentations,
    max_presentations: block.max_presentations,
    folder_id: block.folder_id,
    candidates: [...(block.folder_id === null ? [] : (folders.get(block.folder_id)?.values() ?? []))].map(
      (exercise) => ({
        exercise_id: exercise.id,
        usage_frequency: exercise.usageFrequency,
        title: exercise.title,
        ...(exercise.language === language ? {} : { foreign: true }),
      }),
    ),
  }));
}

/** A plan's lessons in order, each with its presentations by block (in the outline's order). */
async function planLessonsWithBlocks(tx: Tx, planId: number, outline: PlanOutline) {
  const rows = await tx
    .select()
    .from(lessons)
    .where(eq(lessons.protocolId, planId))
    .orderBy(asc(lessons.number));
  return Promise.all(
    rows.map(async (row) => {
      const byBlock = idsByBlock(await presentationsOf(tx, row.id));
      return { row, held: outline.blocks.map((block) => byBlock.get(block.key) ?? []) };
    }),
  );
}

/** Whether a fill may write a lesson: not held and not being regenerated. */
const fillable = (row: LessonRow) => row.finishedAt === null && !isLocked(row);

/**
 * What `fillPlan` gets for a plan: its blocks, and each lesson as `mode` says (a lesson held or being
 * regenerated stays as it is), keeping what the lessons filled hold unless `replace`.
 */
async function planFillOf(
  tx: Tx,
  caller: ProjectActor,
  plan: ProtocolRow,
  outline: PlanOutline,
  mode: (row: LessonRow) => PlanFillMode,
  replace: boolean,
  seed: number,
) {
  const rows = await planLessonsWithBlocks(tx, plan.id, outline);
  const modes = rows.map(({ row }) => (fillable(row) ? mode(row) : 'fixed'));
  const input: PlanFillInput = {
    blocks: await fillBlocks(tx, caller, plan, outline),
    lessons: rows.map(({ held }, index) => ({
      mode: modes[index] ?? 'fixed',
      kept: replace && modes[index] === 'fill' ? outline.blocks.map(() => []) : held,
    })),
    seed,
  };
  return { rows: rows.map(({ row }) => row), input };
}

/** Where the plan runs short, each shortage said in the caller's language with its fixes. */
function shortagesOf(caller: ProjectActor, outline: PlanOutline, input: PlanFillInput): BlockShortageView[] {
  return planSupply(input).map((shortage) => {
    const folder = outline.blocks.find((block) => block.key === shortage.key)?.folder_name ?? '';
    const parts = [
      fieldMessage(caller.lang, 'planSupplyShort', {
        target: shortage.target,
        count: shortage.need,
        supply: shortage.supply,
        folder,
        lessons: shortage.lessons.join(', '),
      }),
      shortage.shared_with.length === 0
        ? ''
        : fieldMessage(caller.lang, 'planSupplyShared', {
            blocks: shortage.shared_with.map((target) => `“${target}”`).join(', '),
          }),
      fieldMessage(caller.lang, 'planSupplyFixAdd', {
        count: shortage.add_exercises,
        usage: SUPPLY_FIX_USAGE,
        folder,
      }),
      shortage.lower_min_to === null
        ? ''
        : fieldMessage(caller.lang, 'planSupplyFixLower', { min: shortage.lower_min_to }),
    ];
    return {
      key: shortage.key,
      target: shortage.target,
      folder_name: folder,
      min_presentations: shortage.min_presentations,
      lessons: shortage.lessons,
      need: shortage.need,
      supply: shortage.supply,
      shared_with: shortage.shared_with,
      add_exercises: shortage.add_exercises,
      lower_min_to: shortage.lower_min_to,
      message: parts.filter(Boolean).join(' '),
    };
  });
}

/**
 * `POST /exercises/generate-lesson`: fills the lesson from the accepted exercises of its blocks'
 * folders, keeping what it holds (all of it new with `replace`), as a fill of the whole plan would
 * (`fillPlan`): its minimums first, then what the plan's other lessons still to hold need for
 * theirs is kept for them, and only what is left goes beyond the minimums. 409
 * `lesson_cannot_fill`, naming the blocks, what would fix them and changing nothing, when a block's
 * folder cannot give this lesson its minimum within the plan's usage.
 */
export async function fillLesson(
  db: Db,
  caller: ProjectActor,
  input: z.output<typeof generateLessonInput>,
  seed: number = randomInt(2 ** 31),
): Promise<Lesson> {
  return db.transaction(async (tx) => {
    const { plan, lesson, outline } = await lessonToWrite(tx, caller, input.lesson_id);
    const { rows, input: fill } = await planFillOf(
      tx,
      caller,
      plan,
      outline,
      (row) => (row.id === lesson.id ? 'fill' : 'reserve'),
      input.replace,
      seed,
    );
    const index = rows.findIndex((row) => row.id === lesson.id);
    const result = fillPlan(fill)[index];
    if (!result) throw new Error(`lesson ${lesson.id} is not among its plan's lessons`);
    if (result.problems.length > 0) {
      const alone = {
        ...fill,
        lessons: fill.lessons.map((one, n) => (n === index ? one : { ...one, mode: 'fixed' as const })),
      };
      throw cannotFill(caller, result.problems, shortagesOf(caller, outline, alone));
    }
    await writePresentations(tx, lesson.id, result.blocks);
    const [saved] = await tx
      .update(lessons)
      .set({ updatedAt: new Date() })
      .where(eq(lessons.id, lesson.id))
      .returning();
    return lessonView(tx, caller, saved ?? lesson, { plan, outline });
  });
}

/** The caller's plan, locked for a fill of its lessons; 404 for another's. */
async function planToFill(tx: Tx, caller: ProjectActor, planId: number) {
  const [plan] = await tx
    .select()
    .from(protocols)
    .where(
      and(
        eq(protocols.id, planId),
        eq(protocols.workspaceId, caller.workspaceId),
        eq(protocols.teacherId, caller.userId),
      ),
    )
    .for('update');
  if (!plan) throw notFound();
  return { plan, outline: await planOutline(tx, plan) };
}

/**
 * `GET /lessons/plan-supply`: before filling, the plan's lessons still to fill and, per block whose
 * folder cannot give every one of them its minimum, which lessons would stay short, the need
 * against the supply and what would fix it (issue 27 item 4).
 */
export async function planSupplyOf(db: Db, caller: ProjectActor, planId: number): Promise<PlanSupplyView> {
  return db.transaction(async (tx) => {
    const { plan, outline } = await planToFill(tx, caller, planId);
    const { rows, input } = await planFillOf(tx, caller, plan, outline, () => 'fill', false, 1);
    return {
      lessons_to_fill: rows.filter(fillable).map((row) => row.number),
      shortages: shortagesOf(caller, outline, input),
    };
  });
}

/**
 * `POST /exercises/generate-plan`: fills every lesson of the plan not held yet (nor being
 * regenerated), each block's minimum in every lesson before any gets more. A lesson that would stay
 * below a minimum is left as it was and named with the fix; 409 `lesson_cannot_fill` when no
 * lesson could be filled at all.
 */
export async function fillPlanLessons(
  db: Db,
  caller: ProjectActor,
  input: z.output<typeof generatePlanInput>,
  seed: number = randomInt(2 ** 31),
): Promise<PlanFillResultView> {
  return db.transaction(async (tx) => {
    const { plan, outline } = await planToFill(tx, caller, input.protocol_id);
    const { rows, input: fill } = await planFillOf(
      tx,
      caller,
      plan,
      outline,
      () => 'fill',
      input.replace,
      seed,
    );
    const results = fillPlan(fill);
    const shortages = shortagesOf(caller, outline, fill);
    const filled: number[] = [];
    const problems: LessonProblem[] = [];
    for (const [index, row] of rows.entries()) {
      const result = results[index];
      if (!result || fill.lessons[index]?.mode !== 'fill') continue;
      if (result.problems.length > 0) {
        problems.push(...result.problems);
        continue;
      }
      await writePresentations(tx, row.id, result.blocks);
      await tx.update(lessons).set({ updatedAt: new Date() }).where(eq(lessons.id, row.id));
      filled.push(row.number);
    }
    if (filled.length === 0 && problems.length > 0) throw cannotFill(caller, problems, shortages);
    return { lessons_to_fill: rows.filter(fillable).map((row) => row.number), shortages, filled };
  });
}

/**
 * 409: the lesson cannot be filled: the first reason and what would fix its block in the message,
 * and every reason by block.
 */
function cannotFill(
  caller: ProjectActor,
  problems: readonly LessonProblem[],
  shortages: readonly BlockShortageView[],
): AppError {
  const said = problems.map((problem) => problemText(caller, problem));
  const first = problems[0];
  const fix = shortages.find((shortage) => shortage.key === first?.block_key);
  const fixText = fix
    ? [
        fieldMessage(caller.lang, 'planSupplyFixAdd', {
          count: fix.add_exercises,
          usage: SUPPLY_FIX_USAGE,
          folder: fix.folder_name,
        }),
        fix.lower_min_to === null
          ? ''
          : fieldMessage(caller.lang, 'planSupplyFixLower', { min: fix.lower_min_to }),
      ]
        .filter(Boolean)
        .join(' ')
    : '';
  const errors: Record<string, string[]> = {};
  problems.forEach((problem, index) => {
    const messages = (errors[problem.field] ??= []);
    const text = said[index] ?? '';
    if (!messages.includes(text)) messages.push(text);
  });
  return new AppError(
    'lesson_cannot_fill',
    { reason: [said[0] ?? '', fixText].filter(Boolean).join(' ') },
    errors,
  );
}

/** 409: the presentations not reached could not move to the next lesson; nothing changed. */
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
