/**
 * What the lessons' reads and writes start from: the caller's lesson, its plan's blocks (the
 * template version's blocks with the folder and bounds the plan chose), its presentations, how
 * often the plan's other lessons use each exercise, and the accepted exercises of a folder.
 */
import { EXERCISE_STATUS } from '@logoschool/contract';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import {
  exerciseSlides,
  exercises,
  lessonPresentations,
  lessons,
  protocolBlocks,
  protocols,
  type LessonRow,
  type ProtocolRow,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { categoriesUnder } from '../categories/index.ts';
import { contentOf } from '../plans/index.ts';

/** The caller's lessons: of their project, and their own. */
export const ownedLessons = (caller: ProjectActor) =>
  and(eq(lessons.workspaceId, caller.workspaceId), eq(lessons.teacherId, caller.userId));

/** The caller's lesson, locked for the transaction when asked; 404 when it is not theirs. */
export async function ownLesson(tx: Tx, caller: ProjectActor, id: number, lock = false): Promise<LessonRow> {
  const query = tx
    .select()
    .from(lessons)
    .where(and(ownedLessons(caller), eq(lessons.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * The plan of a lesson. With `lock`, the plan's row is locked for the transaction: every write to
 * a plan's lessons takes it first, so that two saves cannot together use an exercise more often
 * than its usage frequency.
 */
export async function planOf(tx: Tx, lesson: LessonRow, lock = false): Promise<ProtocolRow> {
  const query = tx.select().from(protocols).where(eq(protocols.id, lesson.protocolId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** A block of a plan as a lesson uses it. */
export interface PlanBlock {
  key: string;
  target: string;
  category_name: string;
  folder_id: number | null;
  folder_name: string;
  min_presentations: number;
  max_presentations: number;
}

/** A plan as its lessons show it: its title (the template version's) and its blocks. */
export interface PlanOutline {
  title: string;
  blocks: PlanBlock[];
}

/** The plan's blocks in the template version's order, with the folders and bounds the plan chose. */
export async function planOutline(tx: Tx, plan: ProtocolRow): Promise<PlanOutline> {
  const content = await contentOf(tx, plan);
  const chosen = new Map(
    (await tx.select().from(protocolBlocks).where(eq(protocolBlocks.protocolId, plan.id))).map((block) => [
      block.key,
      block,
    ]),
  );
  const blocks = content.blocks.map((block) => {
    const own = chosen.get(block.key);
    const folderId = own?.folderId ?? null;
    return {
      key: block.key,
      target: block.target,
      category_name: block.category_name,
      folder_id: folderId,
      folder_name: block.folders.find((folder) => folder.category_id === folderId)?.category_name ?? '',
      min_presentations: own?.minPresentations ?? block.min_presentations,
      max_presentations: own?.maxPresentations ?? block.max_presentations,
    };
  });
  return { title: content.title, blocks };
}

/** A presentation of a lesson, with what its view shows of the exercise. */
export interface PresentationRow {
  id: number;
  blockKey: string;
  position: number;
  exerciseId: number;
  title: string;
  usageFrequency: number;
  hasSlide: boolean;
}

/** The presentations of a lesson, block by block, in order. */
export async function presentationsOf(tx: Tx, lessonId: number): Promise<PresentationRow[]> {
  return tx
    .select({
      id: lessonPresentations.id,
      blockKey: lessonPresentations.blockKey,
      position: lessonPresentations.position,
      exerciseId: lessonPresentations.exerciseId,
      title: exercises.title,
      usageFrequency: exercises.usageFrequency,
      hasSlide: sql<boolean>`exists (select 1 from ${exerciseSlides} where ${exerciseSlides.exerciseId} = ${exercises.id} and ${exerciseSlides.position} = 1)`,
    })
    .from(lessonPresentations)
    .innerJoin(exercises, eq(exercises.id, lessonPresentations.exerciseId))
    .where(eq(lessonPresentations.lessonId, lessonId))
    .orderBy(asc(lessonPresentations.blockKey), asc(lessonPresentations.position));
}

/** The exercises of some presentations, block by block (by key), in order. */
export function idsByBlock(rows: readonly { blockKey: string; exerciseId: number }[]): Map<string, number[]> {
  const byBlock = new Map<string, number[]>();
  for (const row of rows) {
    const list = byBlock.get(row.blockKey) ?? [];
    list.push(row.exerciseId);
    byBlock.set(row.blockKey, list);
  }
  return byBlock;
}

/**
 * How often each exercise is presented in the plan's lessons but those excepted, counting only the
 * plan's present blocks (a block a newer template version dropped shows nowhere, so it counts
 * nowhere).
 */
export async function usageInPlan(
  tx: Tx,
  planId: number,
  blockKeys: readonly string[],
  exceptLessonIds: readonly number[],
): Promise<Map<number, number>> {
  if (blockKeys.length === 0) return new Map();
  const rows = await tx
    .select({ exerciseId: lessonPresentations.exerciseId, uses: count() })
    .from(lessonPresentations)
    .innerJoin(lessons, eq(lessons.id, lessonPresentations.lessonId))
    .where(
      and(
        eq(lessons.protocolId, planId),
        inArray(lessonPresentations.blockKey, [...blockKeys]),
        ...exceptLessonIds.map((id) => ne(lessons.id, id)),
      ),
    )
    .groupBy(lessonPresentations.exerciseId);
  return new Map(rows.map((row) => [row.exerciseId, row.uses]));
}

/** An accepted exercise a block may take. */
export interface FolderExercise {
  id: number;
  title: string;
  usageFrequency: number;
  /** The language of its content (contract `LANGUAGES`). */
  language: string;
}

/**
 * The accepted exercises of the project in each folder or anywhere under it, by folder, by id
 * (the oldest first, so that a fill's ties do not depend on the database's order).
 */
export async function folderExercises(
  tx: Tx,
  workspaceId: number,
  folderIds: readonly number[],
): Promise<Map<number, Map<number, FolderExercise>>> {
  const byFolder = new Map<number, Map<number, FolderExercise>>();
  for (const folderId of new Set(folderIds)) {
    const rows = await tx
      .select({
        id: exercises.id,
        title: exercises.title,
        usageFrequency: exercises.usageFrequency,
        language: exercises.language,
      })
      .from(exercises)
      .where(
        and(
          eq(exercises.workspaceId, workspaceId),
          eq(exercises.statusId, EXERCISE_STATUS.accepted),
          sql`${exercises.categoryId} in ${categoriesUnder(workspaceId, sql`${folderId}::int`)}`,
        ),
      )
      .orderBy(asc(exercises.id));
    byFolder.set(folderId, new Map(rows.map((row) => [row.id, row])));
  }
  return byFolder;
}

/** The lessons numbered just before and after a lesson in its plan. */
export async function neighboursOf(
  tx: Tx,
  lesson: LessonRow,
): Promise<{ previous: number | null; next: number | null }> {
  const rows = await tx
    .select({ id: lessons.id, number: lessons.number })
    .from(lessons)
    .where(
      and(
        eq(lessons.protocolId, lesson.protocolId),
        inArray(lessons.number, [lesson.number - 1, lesson.number + 1]),
      ),
    );
  return {
    previous: rows.find((row) => row.number === lesson.number - 1)?.id ?? null,
    next: rows.find((row) => row.number === lesson.number + 1)?.id ?? null,
  };
}

/** Whether a lesson is being regenerated now (spec §4: blocked until its regeneration ends). */
export const isLocked = (lesson: LessonRow, now: Date = new Date()) =>
  lesson.lockedUntil !== null && lesson.lockedUntil.getTime() > now.getTime();
