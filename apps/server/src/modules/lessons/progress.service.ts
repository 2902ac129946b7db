/**
 * A student's progress from the marks (issue 15, item 6): every mark of the lessons of the
 * teacher's plans for the student, read in one query with the blocks of its lesson that present
 * its exercise, then counted per block target by the contract's `buildProgress`.
 */
import {
  buildProgress,
  type MarkResult,
  type ProgressMarkRow,
  type ProgressPlan,
  type StudentProgress,
} from '@logoschool/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lessonMarks, lessonPresentations, lessons, protocols } from '../../db/schema/index.ts';
import { ownClientRow } from '../clients/index.ts';
import { versionContents } from '../plans/index.ts';

/** `GET /clients/:clientId/progress`: 404 for another teacher's student or another project's. */
export async function studentProgress(
  db: Db,
  caller: ProjectActor,
  clientId: number,
): Promise<StudentProgress> {
  return db.transaction(async (tx) => {
    await ownClientRow(tx, { workspaceId: caller.workspaceId, teacherId: caller.userId }, clientId);
    return progressOf(tx, { workspaceId: caller.workspaceId, teacherId: caller.userId, clientId });
  });
}

/** Whose progress: a student of a project, from the plans of one teacher or (no `teacherId`) of all. */
export interface ProgressOwner {
  workspaceId: number;
  clientId: number;
  teacherId?: number;
}

/**
 * A student's progress from the marks of their plans' lessons (the teacher's own, or the family's
 * dashboard's, which reads every plan of the child).
 */
export async function progressOf(tx: Tx, owner: ProgressOwner): Promise<StudentProgress> {
  const { workspaceId, clientId, teacherId } = owner;
  // One row per mark and block of its lesson presenting its exercise (one with no block when
  // none does), with its lesson and the plan's template version.
  const rows = await tx
    .select({
      markId: lessonMarks.id,
      result: lessonMarks.result,
      lessonId: lessons.id,
      lessonNumber: lessons.number,
      // Read as the columns are (timestamptz, as a Date).
      date: sql<Date | null>`coalesce(${lessons.finishedAt}, ${lessons.startsAt})`.mapWith(
        lessons.finishedAt,
      ),
      planId: protocols.id,
      templateId: protocols.templateId,
      templateVersion: protocols.templateVersion,
      blockKey: lessonPresentations.blockKey,
    })
    .from(lessonMarks)
    .innerJoin(lessons, eq(lessons.id, lessonMarks.lessonId))
    .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
    .leftJoin(
      lessonPresentations,
      and(
        eq(lessonPresentations.lessonId, lessonMarks.lessonId),
        eq(lessonPresentations.exerciseId, lessonMarks.exerciseId),
      ),
    )
    .where(
      and(
        eq(protocols.workspaceId, workspaceId),
        teacherId === undefined ? undefined : eq(protocols.teacherId, teacherId),
        eq(protocols.clientId, clientId),
        eq(lessons.workspaceId, workspaceId),
      ),
    );

  const versions = new Map(rows.map((row) => [row.planId, [row.templateId, row.templateVersion] as const]));
  const contents = await versionContents(tx, [...versions.values()]);
  const plans = new Map<number, ProgressPlan>();
  for (const [planId, [templateId, version]] of versions) {
    const content = contents.get(`${templateId}:${version}`);
    if (content) plans.set(planId, { title: content.title, blocks: content.blocks });
  }
  const marks: ProgressMarkRow[] = rows.map((row) => ({
    mark_id: row.markId,
    result: row.result as MarkResult,
    lesson_id: row.lessonId,
    lesson_number: row.lessonNumber,
    plan_id: row.planId,
    date: row.date?.toISOString() ?? null,
    block_key: row.blockKey,
  }));
  return buildProgress(clientId, marks, plans);
}
