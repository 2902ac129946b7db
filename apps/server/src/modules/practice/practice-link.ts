/**
 * A home-practice assignment's link as the public-link kit knows it (decision 029): the lesson's
 * own teacher shares it, it opens the parent's player at /play-lesson/<token>, and a withdrawn
 * assignment gets none again (409: assign the lesson anew).
 */
import {
  API,
  PRACTICE_LINK_KIND,
  PRACTICE_PAGE,
  practiceActingQuery,
  practiceParams,
  publicLinkSchema,
} from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { declarePublicLink, linkOf } from '../public-links/index.ts';
import { practiceAssignments, type PracticeAssignmentRow } from './practice.schema.ts';

/** One of the teacher's assignments in the project acted in, locked when asked; 404 otherwise. */
export async function ownAssignment(
  tx: Tx,
  caller: ProjectActor,
  id: number,
  lock = false,
): Promise<PracticeAssignmentRow> {
  const query = tx
    .select()
    .from(practiceAssignments)
    .where(
      and(
        eq(practiceAssignments.workspaceId, caller.workspaceId),
        eq(practiceAssignments.teacherId, caller.userId),
        eq(practiceAssignments.id, id),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export const practiceLinks = declarePublicLink({
  kind: PRACTICE_LINK_KIND,
  page: PRACTICE_PAGE,
  path: `${API.practiceAssignments}/:assignmentId`,
  param: 'assignmentId',
  params: practiceParams,
  querystring: practiceActingQuery,
  permission: 'lessons.manage',
  tag: 'practice',
  noun: 'a home-practice assignment, for the family',
  find: (tx, actor, id) => ownAssignment(tx, actor, id, true),
  assertIssuable: async (tx, id) => {
    const [row] = await tx
      .select({ withdrawnAt: practiceAssignments.withdrawnAt })
      .from(practiceAssignments)
      .where(eq(practiceAssignments.id, id));
    if (!row) throw notFound();
    if (row.withdrawnAt !== null) throw new AppError('conflict').saying('practiceWithdrawn');
  },
  sharing: {
    schema: publicLinkSchema,
    summary: 'How a home-practice assignment is shared with the family: its public link (null when none)',
    read: async (db, baseUrl, actor, id) => {
      await ownAssignment(db, actor, id);
      return linkOf(db, baseUrl, practiceLinks, id);
    },
  },
});
