/**
 * The public-link kit (decision 029): a random token that opens one subject of an area without
 * signing in, made on demand, replaced or withdrawn by whoever may share the subject, each change
 * audited. One generator, one shape, one answer for every token that opens nothing.
 */
import {
  PUBLIC_LINK_TOKEN_BYTES,
  publicLinkUrl,
  type AuditAction,
  type PublicLink,
  type PublicLinkState,
} from '@logoschool/contract';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { publicLinks, type PublicLinkRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { writeAudit } from '../audit/index.ts';
import type { PublicLinkKind } from './public-link-kind.ts';

/**
 * Who changes a link: the audit's who, where from and in which project. `userId` null: the system
 * on a visitor's behalf (a parent confirming a booking gets its manage link, decision 036).
 */
export type LinkActor = Pick<Actor, 'workspaceId'> & { userId: number | null; ip?: string | null };

/** A new token: `PUBLIC_LINK_TOKEN_BYTES` random bytes, base64url (43 characters). */
export const newLinkToken = (): string => randomBytes(PUBLIC_LINK_TOKEN_BYTES).toString('base64url');

/**
 * What a token looks like; anything else opens nothing, without asking the database. New tokens
 * are 43 characters; the demo's first plan links (before decision 029) were 32, and still open.
 */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,43}$/;

/** The one answer for a token that opens nothing: malformed, unknown, withdrawn or another kind's. */
export const invalidLink = () => notFound().saying('publicLinkInvalid');

/** The subject's newest link, live or withdrawn; undefined when none was ever made. */
async function latest(tx: Tx, kind: PublicLinkKind, subjectId: number): Promise<PublicLinkRow | undefined> {
  const [row] = await tx
    .select()
    .from(publicLinks)
    .where(and(eq(publicLinks.kind, kind.kind), eq(publicLinks.subjectId, subjectId)))
    .orderBy(desc(publicLinks.issuedAt), desc(publicLinks.id))
    .limit(1);
  return row;
}

const isLive = (row: PublicLinkRow | undefined): row is PublicLinkRow => !!row && row.withdrawnAt === null;

/** The link as the sharer sees it, from the subject's newest row. */
export function linkView(baseUrl: string, kind: PublicLinkKind, row: PublicLinkRow | undefined): PublicLink {
  if (!row) return { url: null, link_state: 'none', issued_at: null, withdrawn_at: null };
  return {
    url: isLive(row) ? publicLinkUrl(baseUrl, kind.page, row.token) : null,
    link_state: isLive(row) ? 'live' : 'withdrawn',
    issued_at: row.issuedAt.toISOString(),
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
  };
}

/** How a subject is shared now (no link yet: `none`). */
export async function linkOf(tx: Tx, baseUrl: string, kind: PublicLinkKind, subjectId: number) {
  return linkView(baseUrl, kind, await latest(tx, kind, subjectId));
}

/** Whether the subject's link is live, withdrawn, or was never made. */
export async function linkStateOf(tx: Tx, kind: PublicLinkKind, subjectId: number): Promise<PublicLinkState> {
  const row = await latest(tx, kind, subjectId);
  if (!row) return 'none';
  return isLive(row) ? 'live' : 'withdrawn';
}

/** The token of the subject's live link; null when it has none. */
export async function liveTokenOf(tx: Tx, kind: PublicLinkKind, subjectId: number): Promise<string | null> {
  const row = await latest(tx, kind, subjectId);
  return isLive(row) ? row.token : null;
}

const audit = (tx: Tx, actor: LinkActor, action: AuditAction, kind: PublicLinkKind, subjectId: number) =>
  writeAudit(tx, {
    action,
    actorId: actor.userId,
    workspaceId: actor.workspaceId,
    details: { kind: kind.kind, subject_id: subjectId },
    ip: actor.ip ?? null,
  });

/** A new live link, audited as `action`. */
async function insertLink(
  tx: Tx,
  actor: LinkActor,
  kind: PublicLinkKind,
  subjectId: number,
  action: AuditAction,
) {
  const [row] = await tx
    .insert(publicLinks)
    .values({
      workspaceId: actor.workspaceId,
      kind: kind.kind,
      subjectId,
      token: newLinkToken(),
      issuedBy: actor.userId,
    })
    .returning();
  if (!row) throw new Error(`the ${kind.kind} link of ${subjectId} was not written`);
  await audit(tx, actor, action, kind, subjectId);
  return row;
}

async function withdrawLive(tx: Tx, actor: LinkActor, kind: PublicLinkKind, subjectId: number) {
  const [row] = await tx
    .update(publicLinks)
    .set({ withdrawnAt: new Date(), withdrawnBy: actor.userId })
    .where(
      and(
        eq(publicLinks.kind, kind.kind),
        eq(publicLinks.subjectId, subjectId),
        isNull(publicLinks.withdrawnAt),
      ),
    )
    .returning();
  return row;
}

/**
 * The subject's live link, made now when it has none (audited as issued). Call it in the
 * transaction that locked the subject (`kind.find`), after the area's own rules.
 */
export async function issueLink(
  tx: Tx,
  actor: LinkActor,
  kind: PublicLinkKind,
  subjectId: number,
): Promise<PublicLinkRow> {
  const row = await latest(tx, kind, subjectId);
  return isLive(row) ? row : insertLink(tx, actor, kind, subjectId, 'public_links.issue');
}

/** A new link in place of the live one, which opens nothing from now on (audited as rotated). */
export async function rotateLink(
  tx: Tx,
  actor: LinkActor,
  kind: PublicLinkKind,
  subjectId: number,
): Promise<PublicLinkRow> {
  await withdrawLive(tx, actor, kind, subjectId);
  return insertLink(tx, actor, kind, subjectId, 'public_links.rotate');
}

/**
 * Withdraws the live link: it opens nothing from now on, and the next issue makes a new one. A
 * subject without a live link stays as it is (nothing is audited).
 */
export async function withdrawLink(
  tx: Tx,
  actor: LinkActor,
  kind: PublicLinkKind,
  subjectId: number,
): Promise<PublicLinkRow | undefined> {
  const withdrawn = await withdrawLive(tx, actor, kind, subjectId);
  if (withdrawn) await audit(tx, actor, 'public_links.withdraw', kind, subjectId);
  return withdrawn ?? (await latest(tx, kind, subjectId));
}

/** The subject a live token of this kind opens. */
export interface OpenedLink {
  subjectId: number;
  workspaceId: number;
  token: string;
}

/**
 * The subject a token opens; the one 404 ("not valid or was withdrawn") for a malformed, unknown
 * or withdrawn token and for another kind's, checked by shape before the database is asked.
 */
export async function openLink(tx: Tx, kind: PublicLinkKind, token: string): Promise<OpenedLink> {
  if (!TOKEN_SHAPE.test(token)) throw invalidLink();
  const [row] = await tx
    .select({ subjectId: publicLinks.subjectId, workspaceId: publicLinks.workspaceId })
    .from(publicLinks)
    .where(
      and(eq(publicLinks.token, token), eq(publicLinks.kind, kind.kind), isNull(publicLinks.withdrawnAt)),
    );
  if (!row) throw invalidLink();
  return { ...row, token };
}

/**
 * The project of the live link a token is, of any kind; null for a token that opens nothing. For
 * what a public page shows around its content (maintenance in its project's environment), never
 * for the content itself, which `openLink` gives by kind.
 */
export async function projectOfToken(tx: Tx, token: string): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await tx
    .select({ workspaceId: publicLinks.workspaceId })
    .from(publicLinks)
    .where(and(eq(publicLinks.token, token), isNull(publicLinks.withdrawnAt)));
  return row?.workspaceId ?? null;
}

/** Whether a token still opens its subject (a stream asks again and again). */
export async function stillOpens(tx: Tx, kind: PublicLinkKind, token: string): Promise<boolean> {
  try {
    await openLink(tx, kind, token);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return false;
    throw error;
  }
}
