/**
 * A game assignment's link as the public-link kit knows it (decision 029): the student's own teacher
 * shares it, it opens the child's game at /game/<token>, and a taken-back assignment gets none again
 * (409: give the game anew).
 */
import {
  API,
  GAME_LINK_KIND,
  GAME_PAGE,
  gameActingQuery,
  gameAssignmentParams,
  publicLinkSchema,
} from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { declarePublicLink, linkOf } from '../public-links/index.ts';
import { gameAssignments, type GameAssignmentRow } from './games.schema.ts';

/** One of the teacher's game assignments in the project acted in, locked when asked; 404 otherwise. */
export async function ownGameAssignment(
  tx: Tx,
  caller: ProjectActor,
  id: number,
  lock = false,
): Promise<GameAssignmentRow> {
  const query = tx
    .select()
    .from(gameAssignments)
    .where(
      and(
        eq(gameAssignments.workspaceId, caller.workspaceId),
        eq(gameAssignments.teacherId, caller.userId),
        eq(gameAssignments.id, id),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export const gameLinks = declarePublicLink({
  kind: GAME_LINK_KIND,
  page: GAME_PAGE,
  path: `${API.gameAssignments}/:assignmentId`,
  param: 'assignmentId',
  params: gameAssignmentParams,
  querystring: gameActingQuery,
  permission: 'games.assign',
  tag: 'games',
  noun: 'a game given to a student, for the child',
  find: (tx, actor, id) => ownGameAssignment(tx, actor, id, true),
  assertIssuable: async (tx, id) => {
    const [row] = await tx
      .select({ withdrawnAt: gameAssignments.withdrawnAt })
      .from(gameAssignments)
      .where(eq(gameAssignments.id, id));
    if (!row) throw notFound();
    if (row.withdrawnAt !== null) throw new AppError('conflict').saying('gameAssignmentWithdrawn');
  },
  sharing: {
    schema: publicLinkSchema,
    summary: 'How a game given to a student is shared with the child: its public link (null when none)',
    read: async (db, baseUrl, actor, id) => {
      await ownGameAssignment(db, actor, id);
      return linkOf(db, baseUrl, gameLinks, id);
    },
  },
});
