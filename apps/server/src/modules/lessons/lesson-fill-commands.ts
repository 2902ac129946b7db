/**
 * Filling lessons automatically from their blocks' folders (issue 27 item 4): one lesson, keeping
 * what the plan's other lessons need for their minimums, or every lesson of a plan still to hold;
 * and, before filling, where a folder runs short and what would fix it. Every write locks the plan
 * first, then the lesson (lessonToWrite), as the other lesson writes do.
 */
import {
  SUPPLY_FIX_USAGE,
  fillPlan,
  planSupply,
  type BlockShortageView,
  type Lesson,
  type PlanFillBlock,
  type PlanFillInput,
  type PlanFillMode,
  type PlanFillResultView,
  type PlanSupplyView,
  type generatePlanInput,
  type LessonProblem,
  type generateLessonInput,
} from '@logoschool/contract';
import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { clients, lessons, protocols, type LessonRow, type ProtocolRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import {
  folderExercises,
  idsByBlock,
  isLocked,
  planOutline,
  presentationsOf,
  type PlanOutline,
} from './lesson-context.ts';
import { problemText } from './lesson-rules.ts';
import { lessonView } from './lesson-view.ts';
import { lessonToWrite, writePresentations } from './lesson-commands.ts';

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
