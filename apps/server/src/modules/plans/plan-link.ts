/**
 * A plan's link for the parents as the public-link kit knows it (decision 029): the plan's own
 * teacher shares it, the link opens /view-protocol-plan/<token>, and only a filled plan gets one
 * (a pending plan would show the parents empty blocks).
 */
import {
  API,
  PARENT_PLAN_PAGE,
  PLAN_LINK_KIND,
  planActingQuery,
  planParams,
  planSharingSchema,
  type PlanSharing,
} from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { clients, protocolBlocks, protocols, type ProtocolRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { declarePublicLink, linkOf } from '../public-links/index.ts';
import { versionContent } from './templates.service.ts';

/** The project and role a sharing call acts in (the plan's status is not judged here: no time zone). */
export const sharingQuery = planActingQuery.omit({ time_zone: true });

/** The plan and its student, for the plan's own teacher in the project acted in; 404 otherwise. */
export async function ownPlan(tx: Tx, caller: ProjectActor, id: number, lock = false) {
  const query = tx
    .select({ plan: protocols, client: clients })
    .from(protocols)
    .innerJoin(clients, eq(clients.id, protocols.clientId))
    .where(
      and(
        eq(protocols.workspaceId, caller.workspaceId),
        eq(protocols.teacherId, caller.userId),
        eq(protocols.id, id),
      ),
    );
  const [found] = lock ? await query.for('update', { of: protocols }) : await query;
  if (!found) throw notFound();
  return found;
}

/** The template version a plan was made from and the folder picked for each of its blocks. */
export async function contentOf(tx: Tx, row: ProtocolRow) {
  const content = await versionContent(tx, row.templateId, row.templateVersion);
  if (!content)
    throw new Error(`plan ${row.id}: template ${row.templateId} has no version ${row.templateVersion}`);
  const picked = new Map(
    (
      await tx
        .select({ key: protocolBlocks.key, folderId: protocolBlocks.folderId })
        .from(protocolBlocks)
        .where(eq(protocolBlocks.protocolId, row.id))
    ).map((block) => [block.key, block.folderId]),
  );
  return { content, picked };
}

/**
 * A plan goes to the parents only filled (every block has its folder): a pending plan would show
 * them empty blocks. 409, saying what to do.
 */
export async function assertFilled(tx: Tx, row: ProtocolRow) {
  const { content, picked } = await contentOf(tx, row);
  if (!content.blocks.every((block) => (picked.get(block.key) ?? null) !== null)) {
    throw new AppError('conflict').saying('planNotFilled');
  }
}

/** How a plan is shared: its link, when it was mailed, and where it goes. */
export async function sharingState(
  tx: Tx,
  baseUrl: string,
  id: number,
  sentAt: Date | null,
  email: string,
): Promise<PlanSharing> {
  return {
    ...(await linkOf(tx, baseUrl, planLinks, id)),
    sent_at: sentAt?.toISOString() ?? null,
    email,
  };
}

export const planLinks = declarePublicLink({
  kind: PLAN_LINK_KIND,
  page: PARENT_PLAN_PAGE,
  path: `${API.protocols}/:protocolId`,
  param: 'protocolId',
  params: planParams,
  querystring: sharingQuery,
  permission: 'plans.manage',
  tag: 'plans',
  noun: 'a plan, for the parents',
  find: async (tx, actor, id) => (await ownPlan(tx, actor, id, true)).plan,
  assertIssuable: async (tx, id) => {
    const [row] = await tx.select().from(protocols).where(eq(protocols.id, id));
    if (!row) throw notFound();
    await assertFilled(tx, row);
  },
  sharing: {
    schema: planSharingSchema,
    summary:
      "How one of the teacher's plans is shared with the parents: its public link (null when none), when it was mailed, the parent's e-mail",
    read: async (db, baseUrl, actor, id) => {
      const { plan, client } = await ownPlan(db, actor, id);
      return sharingState(db, baseUrl, plan.id, plan.sentAt, client.parentEmail);
    },
  },
});
