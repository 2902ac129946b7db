/**
 * The presenter of lessons: a lesson's row, its plan's outline and its presentations turned into
 * the contract's `Lesson`.
 */
import type { Lesson, LessonBlock, UsageFrequency } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { clients, type LessonRow, type ProtocolRow } from '../../db/schema/index.ts';
import { slideFileUrl } from '../exercises/index.ts';
import {
  isLocked,
  neighboursOf,
  planOf,
  planOutline,
  presentationsOf,
  type PlanOutline,
  type PresentationRow,
} from './lesson-context.ts';
import { storyPartsOf } from './lesson-story-parts-view.ts';

/** A lesson's status (spec §4: finished or not). */
export const statusOf = (lesson: LessonRow) => (lesson.finishedAt === null ? 'open' : 'finished');

/** The lesson's fields that its row alone gives, as the list and the view show them. */
export function lessonFields(lesson: LessonRow) {
  return {
    id: lesson.id,
    protocol_id: lesson.protocolId,
    number: lesson.number,
    starts_at: lesson.startsAt?.toISOString() ?? null,
    duration_minutes: lesson.durationMinutes,
    status: statusOf(lesson),
    finished_at: lesson.finishedAt?.toISOString() ?? null,
    locked: isLocked(lesson),
    updated_at: lesson.updatedAt.toISOString(),
  } as const;
}

/** The blocks of a lesson: the plan's blocks with the lesson's presentations of each. */
export function blocksView(
  caller: ProjectActor,
  outline: PlanOutline,
  presentations: readonly PresentationRow[],
): LessonBlock[] {
  return outline.blocks.map((block) => ({
    ...block,
    presentations: presentations
      .filter((row) => row.blockKey === block.key)
      .map((row) => ({
        exercise_id: row.exerciseId,
        title: row.title,
        usage_frequency: row.usageFrequency as UsageFrequency,
        thumbnail_url: row.hasSlide ? slideFileUrl(caller.workspaceId, row.exerciseId, 1) : null,
      })),
  }));
}

/** The lesson as its teacher sees it; the plan and its outline when the caller has them. */
export async function lessonView(
  tx: Tx,
  caller: ProjectActor,
  lesson: LessonRow,
  known: { plan?: ProtocolRow; outline?: PlanOutline } = {},
): Promise<Lesson> {
  const plan = known.plan ?? (await planOf(tx, lesson));
  const outline = known.outline ?? (await planOutline(tx, plan));
  const [client] = await tx
    .select({ id: clients.id, child_name: clients.childName })
    .from(clients)
    .where(eq(clients.id, plan.clientId));
  const neighbours = await neighboursOf(tx, lesson);
  return {
    ...lessonFields(lesson),
    plan_title: outline.title,
    client: client ?? { id: plan.clientId, child_name: '' },
    previous_lesson_id: neighbours.previous,
    next_lesson_id: neighbours.next,
    blocks: blocksView(caller, outline, await presentationsOf(tx, lesson.id)),
    story_parts: await storyPartsOf(tx, lesson),
  };
}
