/**
 * A family's dashboard link as the public-link kit knows it (decision 029): the student's own
 * teacher shares it from the student's page, and it opens /parent-dashboard-demo/<token>. What the
 * family does on the dashboard (home practice, a call back, an order, its referral) is keyed by the
 * same token: `openFamily` says which student, of which project, a token opens.
 */
import {
  API,
  FAMILY_LINK_KIND,
  PARENT_DASHBOARD_PAGE,
  clientParams,
  familySharingQuery,
  familySharingSchema,
  type FamilySharing,
} from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { familyDashboards } from './dashboard.schema.ts';
import { clients, type ClientRow } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { declarePublicLink, invalidLink, linkOf, openLink } from '../public-links/index.ts';

/** One of the teacher's students in the project acted in, locked for a change when asked; 404 otherwise. */
export async function ownStudent(tx: Tx, workspaceId: number, teacherId: number, id: number, lock = false) {
  const query = tx
    .select()
    .from(clients)
    .where(and(eq(clients.workspaceId, workspaceId), eq(clients.teacherId, teacherId), eq(clients.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export const familyLinks = declarePublicLink({
  kind: FAMILY_LINK_KIND,
  page: PARENT_DASHBOARD_PAGE,
  path: `${API.clients}/:clientId`,
  param: 'clientId',
  params: clientParams,
  querystring: familySharingQuery,
  permission: 'clients.manage',
  tag: 'families',
  noun: "a student's dashboard, for the family",
  find: (tx, actor, id) => ownStudent(tx, actor.workspaceId, actor.userId, id, true),
  sharing: {
    schema: familySharingSchema,
    summary:
      "How a student's dashboard is shared with the family: its public link (null when none), when it was mailed, the parent's e-mail",
    read: async (db, baseUrl, actor, id) =>
      familySharingState(db, baseUrl, await ownStudent(db, actor.workspaceId, actor.userId, id)),
  },
});

/** How a student's dashboard is shared: its link, when it was last mailed and where it goes. */
export async function familySharingState(
  tx: Db | Tx,
  baseUrl: string,
  client: ClientRow,
): Promise<FamilySharing> {
  const [sent] = await tx.select().from(familyDashboards).where(eq(familyDashboards.clientId, client.id));
  return {
    ...(await linkOf(tx, baseUrl, familyLinks, client.id)),
    sent_at: sent?.sentAt.toISOString() ?? null,
    email: sent?.sentTo || client.parentEmail,
  };
}

/** The family a dashboard token opens: the student and the project; the kit's one 404 otherwise. */
export interface Family {
  workspaceId: number;
  client: ClientRow;
  token: string;
}

/**
 * The student a family's live dashboard link opens. A malformed, unknown or withdrawn token, or
 * one whose student is gone, gets the kit's one 404 ("not valid or was withdrawn").
 */
export async function openFamily(db: Db | Tx, token: string): Promise<Family> {
  const opened = await openLink(db, familyLinks, token);
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, opened.subjectId), eq(clients.workspaceId, opened.workspaceId)));
  if (!client) throw invalidLink();
  return { workspaceId: opened.workspaceId, client, token };
}
