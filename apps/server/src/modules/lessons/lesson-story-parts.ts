/**
 * Story parts in a lesson (issue 30 item 1): a teacher puts a part of a published story into one of
 * her lessons; the lesson keeps the version it was added from, and plays the part's slides after
 * its presentations, in the order the parts were added (the player and the child's screen alike).
 */
import { and, eq } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { LessonRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { latestPublished, lessonStoryParts } from '../stories/index.ts';
import { isLocked, ownLesson } from './lesson-context.ts';
import { partOf } from './lesson-story-parts-view.ts';
import { lessonView } from './lesson-view.ts';

/** The caller's lesson to change: 409 while it is being regenerated or once it is finished. */
async function lessonToChange(tx: Tx, caller: ProjectActor, id: number): Promise<LessonRow> {
  const lesson = await ownLesson(tx, caller, id, true);
  if (isLocked(lesson)) throw new AppError('lesson_locked');
  if (lesson.finishedAt !== null) throw new AppError('lesson_finished');
  return lesson;
}

/**
 * `POST /lesson/:lessonId/story-parts`: the part of the story's latest published version, after
 * the lesson's other parts. 404 for a story the project has not published; 422 for a part that
 * version does not have; 409 when the lesson already has it.
 */
export async function addStoryPart(
  db: Db,
  caller: ProjectActor,
  lessonId: number,
  input: { history_id: number; part_key: string },
) {
  return db.transaction(async (tx) => {
    const row = await lessonToChange(tx, caller, lessonId);
    const story = await latestPublished(tx, caller.workspaceId, input.history_id);
    if (!partOf(story.content, input.part_key)) {
      throw new AppError(
        'validation_failed',
        {},
        { part_key: [fieldMessage(caller.lang, 'storyPartNotFound')] },
      );
    }
    const [added] = await tx
      .insert(lessonStoryParts)
      .values({
        workspaceId: caller.workspaceId,
        lessonId: row.id,
        storyId: input.history_id,
        version: story.version,
        partKey: input.part_key,
      })
      .onConflictDoNothing()
      .returning();
    if (!added) throw new AppError('conflict').saying('storyPartInLesson');
    return lessonView(tx, caller, row);
  });
}

/** `DELETE /lesson/:lessonId/story-parts/:partId`: 404 for a part the lesson does not hold. */
export async function removeStoryPart(db: Db, caller: ProjectActor, lessonId: number, partId: number) {
  return db.transaction(async (tx) => {
    const row = await lessonToChange(tx, caller, lessonId);
    const [gone] = await tx
      .delete(lessonStoryParts)
      .where(and(eq(lessonStoryParts.lessonId, row.id), eq(lessonStoryParts.id, partId)))
      .returning();
    if (!gone) throw notFound();
    return lessonView(tx, caller, row);
  });
}
