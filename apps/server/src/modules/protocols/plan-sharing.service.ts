/**
 * The plan for the parents (issue 14 item 6, spec §2 /view-protocol-plan, §7 /send-plan,
 * /show-plan): a teacher's plan gets a public link, random and revocable, that shows the parents
 * only the texts meant for them, in the student's language; sending the plan mails that link.
 *
 * The link's token is kept as it is, not hashed as sessions and invitations are: the teacher copies
 * the link again whenever she wants to, and it opens a read-only page of parent texts, nothing an
 * account could do. It is 256 random bits, unique, and gone once withdrawn.
 */
import {
  PARENT_PLAN_PAGE,
  PLAN_TOKEN_BYTES,
  firstNameOf,
  isLanguage,
  type ParentPlan,
  type PlanSharing,
  type SentPlan,
  type TemplateContent,
  type sendPlanInput,
} from '@logoschool/contract';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { clients, protocolBlocks, protocols, type ProtocolRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { versionContent } from './templates.service.ts';
import { planMail } from './plan-sharing.mail.ts';

/** What the sharing services need besides their input. */
export interface SharingContext {
  db: Db;
  mailer: Mailer;
  /** The web app's address, for the link. */
  baseUrl: string;
}

/** A new link token: `PLAN_TOKEN_BYTES` random bytes, base64url (43 characters). */
export const newPlanToken = (): string => randomBytes(PLAN_TOKEN_BYTES).toString('base64url');

/** What a token looks like; anything else names no plan, without asking the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The public page of a token (the route table's `/view-protocol-plan/:protocolId`). */
export const planLink = (baseUrl: string, token: string) => `${baseUrl}${PARENT_PLAN_PAGE}/${token}`;

/** The plan and its student, for the plan's own teacher in the project acted in; 404 otherwise. */
async function ownPlan(tx: Tx, caller: ProjectActor, id: number, lock = false) {
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
async function contentOf(tx: Tx, row: ProtocolRow) {
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
async function assertFilled(tx: Tx, row: ProtocolRow) {
  const { content, picked } = await contentOf(tx, row);
  if (!content.blocks.every((block) => (picked.get(block.key) ?? null) !== null)) {
    throw new AppError('conflict').saying('planNotFilled');
  }
}

const stateOf = (baseUrl: string, row: ProtocolRow, email: string): PlanSharing => ({
  url: row.publicToken ? planLink(baseUrl, row.publicToken) : null,
  sent_at: row.sentAt?.toISOString() ?? null,
  email,
});

/** The row with a link: its own, or a new one written now (in the caller's transaction). */
async function withToken(tx: Tx, row: ProtocolRow): Promise<ProtocolRow> {
  if (row.publicToken) return row;
  const [saved] = await tx
    .update(protocols)
    .set({ publicToken: newPlanToken() })
    .where(eq(protocols.id, row.id))
    .returning();
  if (!saved) throw notFound();
  return saved;
}

/** `GET /protocols/:id/link`: how the plan is shared (no link yet: `url` null). */
export async function getSharing(
  ctx: SharingContext,
  caller: ProjectActor,
  id: number,
): Promise<PlanSharing> {
  const { plan, client } = await ownPlan(ctx.db, caller, id);
  return stateOf(ctx.baseUrl, plan, client.parentEmail);
}

/** `POST /protocols/:id/link`: the plan's link, made now if it has none (to copy), mailing nothing. */
export async function createLink(
  ctx: SharingContext,
  caller: ProjectActor,
  id: number,
): Promise<PlanSharing> {
  return ctx.db.transaction(async (tx) => {
    const { plan, client } = await ownPlan(tx, caller, id, true);
    await assertFilled(tx, plan);
    return stateOf(ctx.baseUrl, await withToken(tx, plan), client.parentEmail);
  });
}

/** `DELETE /protocols/:id/link`: withdraws the link; it opens nothing from now on. */
export async function revokeLink(
  ctx: SharingContext,
  caller: ProjectActor,
  id: number,
): Promise<PlanSharing> {
  return ctx.db.transaction(async (tx) => {
    const { client } = await ownPlan(tx, caller, id, true);
    const [saved] = await tx
      .update(protocols)
      .set({ publicToken: null })
      .where(eq(protocols.id, id))
      .returning();
    if (!saved) throw notFound();
    return stateOf(ctx.baseUrl, saved, client.parentEmail);
  });
}

/**
 * `POST /send-plan`: mails the plan's link to the parent (the address given, else the student's
 * parent e-mail: 422 when neither), in the student's lesson language, making the link first when
 * the plan has none. Refused for a plan not filled (409). The mail leaves after the transaction
 * commits (a slow SMTP server must not hold the database); `sent_at` records a mail that left or
 * went to the outbox, unless the link was withdrawn or replaced meanwhile. A mail that failed
 * records nothing and says so: the link still works, to pass on by hand.
 */
export async function sendPlan(
  ctx: SharingContext,
  caller: Actor,
  input: z.output<typeof sendPlanInput>,
): Promise<SentPlan> {
  const prepared = await ctx.db.transaction(async (tx) => {
    const { plan, client } = await ownPlan(tx, caller, input.protocol_id, true);
    await assertFilled(tx, plan);
    const email = input.email || client.parentEmail;
    if (!email) {
      throw new AppError(
        'validation_failed',
        {},
        { email: [fieldMessage(caller.lang, 'parentEmailMissing')] },
      );
    }
    const { content } = await contentOf(tx, plan);
    return { plan: await withToken(tx, plan), client, content, email };
  });
  const { plan, client, content, email } = prepared;
  const token = plan.publicToken ?? '';
  const link = planLink(ctx.baseUrl, token);
  const lang = isLanguage(client.language) ? client.language : 'uk';
  const mail = planMail(lang, {
    teacher: caller.name,
    child: firstNameOf(client.childName),
    template: content.title,
    deadline: plan.deadline,
    lessons: plan.lessons,
    link,
  });
  const outcome = await ctx.mailer.sendMail({ to: email, ...mail, secrets: [token] });
  let row = plan;
  if (outcome.delivery !== 'failed') {
    const [sent] = await ctx.db
      .update(protocols)
      .set({ sentAt: new Date() })
      .where(and(eq(protocols.id, plan.id), eq(protocols.publicToken, token)))
      .returning();
    if (sent) row = sent;
  }
  return { ...stateOf(ctx.baseUrl, row, email), mail_delivery: outcome.delivery };
}

/** The parents' blocks: each block's target and parent text, and the folder picked, by its parent text. */
function parentBlocks(content: TemplateContent, picked: Map<string, number | null>): ParentPlan['blocks'] {
  return content.blocks.map((block) => {
    const folderId = picked.get(block.key) ?? null;
    const folder = block.folders.find((offered) => offered.category_id === folderId);
    return {
      target: block.target,
      description: block.description_parents,
      folder: folder ? { name: folder.category_name, description: folder.description_parents } : null,
    };
  });
}

/**
 * `GET /show-plan/:token` (public): the plan for the parents, in the student's language, with only
 * the parents' texts (the contract's `parentPlanSchema`). An unknown or withdrawn token is the
 * page's own 404 ("not valid or withdrawn", spec §8).
 */
export async function showPlan(db: Db, token: string): Promise<ParentPlan> {
  const invalid = () => notFound().saying('planLinkInvalid');
  if (!TOKEN_SHAPE.test(token)) throw invalid();
  const [found] = await db
    .select({ plan: protocols, client: clients })
    .from(protocols)
    .innerJoin(clients, eq(clients.id, protocols.clientId))
    .where(eq(protocols.publicToken, token));
  if (!found) throw invalid();
  const { plan, client } = found;
  const { content, picked } = await contentOf(db, plan);
  return {
    language: isLanguage(client.language) ? client.language : 'uk',
    child_name: firstNameOf(client.childName),
    template_title: content.title,
    deadline: plan.deadline,
    lessons: plan.lessons,
    blocks: parentBlocks(content, picked),
  };
}
