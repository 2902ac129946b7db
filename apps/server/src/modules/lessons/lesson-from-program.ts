/**
 * A lesson from a recommended program (issue 16 item 7: "the teacher can start a plan's lessons
 * from a recommended program"): the program's exercises go, in its order, into the lesson's blocks
 * whose folders hold them, within each block's maximum and the plan's usage frequencies (spec §5);
 * the answer says which were placed and why the others were not.
 */
import {
  EXERCISE_STATUS,
  placeProgram,
  type LessonFromProgramResult,
  type ProgramPlacement,
} from '@logoschool/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db } from '../../db/client.ts';
import { exercises, lessons, recommendedProgramItems } from '../../db/schema/index.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { programOf } from '../diagnostics/index.ts';
import { lessonToWrite, writePresentations } from './lesson-commands.ts';
import { folderExercises, idsByBlock, presentationsOf, usageInPlan } from './lesson-context.ts';
import { lessonView } from './lesson-view.ts';

/**
 * `POST /lesson/:lessonId/from-program`: the caller's open lesson gets the program's exercises
 * that fit (404 for another teacher's lesson or another project's program; 409 while the lesson is
 * being regenerated or once finished). Nothing fits → nothing changes, and the answer says why.
 */
export async function lessonFromProgram(
  db: Db,
  caller: ProjectActor,
  lessonId: number,
  programId: number,
): Promise<LessonFromProgramResult> {
  return db.transaction(async (tx) => {
    const { plan, lesson, outline } = await lessonToWrite(tx, caller, lessonId);
    await programOf(tx, caller, programId);
    const items = await tx
      .select({
        exercise_id: exercises.id,
        title: exercises.title,
        statusId: exercises.statusId,
        usage_frequency: exercises.usageFrequency,
      })
      .from(recommendedProgramItems)
      .innerJoin(
        exercises,
        and(
          eq(exercises.id, recommendedProgramItems.exerciseId),
          eq(exercises.workspaceId, caller.workspaceId),
        ),
      )
      .where(eq(recommendedProgramItems.programId, programId))
      .orderBy(asc(recommendedProgramItems.position));
    const folders = await folderExercises(
      tx,
      caller.workspaceId,
      outline.blocks.flatMap((block) => (block.folder_id === null ? [] : [block.folder_id])),
    );
    const held = idsByBlock(await presentationsOf(tx, lesson.id));
    const placement = placeProgram(
      outline.blocks.map((block) => ({
        key: block.key,
        target: block.target,
        max_presentations: block.max_presentations,
        exercise_ids: held.get(block.key) ?? [],
        offered: new Set(block.folder_id === null ? [] : (folders.get(block.folder_id)?.keys() ?? [])),
      })),
      items.map((item) => ({ ...item, accepted: item.statusId === EXERCISE_STATUS.accepted })),
      await usageInPlan(
        tx,
        plan.id,
        outline.blocks.map((block) => block.key),
        [lesson.id],
      ),
    );
    let saved = lesson;
    if (placement.placed.length > 0) {
      await writePresentations(tx, lesson.id, placement.blocks);
      const [row] = await tx
        .update(lessons)
        .set({ updatedAt: new Date() })
        .where(eq(lessons.id, lesson.id))
        .returning();
      saved = row ?? lesson;
    }
    const said = (entry: Omit<ProgramPlacement, 'message'>): ProgramPlacement => {
      if (entry.reason === null) return { ...entry, message: '' };
      // A block that is full: the first block whose folder holds the exercise.
      const full = outline.blocks.find(
        (block) => block.folder_id !== null && folders.get(block.folder_id)?.has(entry.exercise_id),
      );
      const item = items.find((one) => one.exercise_id === entry.exercise_id);
      return {
        ...entry,
        message: fieldMessage(caller.lang, entry.reason, {
          target: full?.target ?? '',
          max: full?.max_presentations ?? 0,
          usage: item?.usage_frequency ?? 0,
        }),
      };
    };
    return {
      lesson: await lessonView(tx, caller, saved, { plan, outline }),
      placed: placement.placed.map(said),
      not_placed: placement.not_placed.map(said),
    };
  });
}
