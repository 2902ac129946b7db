import {
  type Invitation,
  type InvitationListStatus,
  type InvitationsQuery,
  type InviteBody,
} from '@logoschool/contract';
import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../access/actor.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import {
  assignments,
  invitations,
  users,
  workspaces,
  type InvitationRow,
  type UserRow,
  type WorkspaceRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { Mailer, MailOutcome } from '../../mail/mailer.ts';
import { writeAudit } from '../audit/index.ts';
import { assertMayGrant, roleIds, roleNames } from '../users/index.ts';
import { invitationMail } from './invitations.mail.ts';

/** What the invitation services need besides their input. */
export interface InvitationsContext {
  db: Db;
  mailer: Mailer;
  /** How long a link works, in seconds (INVITATION_TTL). */
  ttlSeconds: number;
  /** The web app's address, for the links in mails. */
  baseUrl: string;
}

/** The web page that accepts an invitation (contract route `/accept-invite`). */
const acceptLink = (baseUrl: string, token: string) =>
  `${baseUrl}/accept-invite?token=${encodeURIComponent(token)}`;

/**
 * The mail's link for an address that has an account (contract route `/accept-new-role`): signed
 * in, it joins at once; signed out, it leads to `/accept-invite`, which takes the password.
 */
const newRoleLink = (baseUrl: string, token: string) =>
  `${baseUrl}/accept-new-role?token=${encodeURIComponent(token)}`;

/**
 * Serialises everything that decides about one e-mail address (invite, add an existing user,
 * accept): without it, two calls could each see the address free and both act on it.
 */
const EMAIL_LOCK_ID = 7_260_003;

/** Takes the lock of one address (`EMAIL_LOCK_ID`) for the rest of the transaction. */
export async function lockEmail(tx: Tx, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK_ID}, hashtext(${email}))`);
}

/** The body's project must be the one the caller acts in (the query names it when both do). */
function assertActingProject(actor: Actor, workspaceId: number) {
  if (workspaceId === actor.workspaceId) return;
  throw new AppError(
    'validation_failed',
    {},
    {
      workspace_id: [fieldMessage(actor.lang, 'workspaceMismatch', { workspaceId: actor.workspaceId })],
    },
  );
}

/**
 * The project people are invited to or added to. An archived project takes nobody in (409): its
 * members could not use it until it is restored.
 */
async function openProject(tx: Tx, actor: Actor): Promise<WorkspaceRow> {
  const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, actor.workspaceId));
  if (!workspace) throw notFound();
  if (workspace.archived) {
    throw new AppError('conflict', {}, { workspace_id: [fieldMessage(actor.lang, 'workspaceArchived')] });
  }
  return workspace;
}

/** The account of an address, if it has one. */
export async function userByEmail(tx: Tx, email: string) {
  const [user] = await tx.select().from(users).where(eq(users.email, email));
  return user;
}

/**
 * The account of an address about to be invited, if it has one; 409 already_member when it is a
 * member of the project (deactivated ones too). That tells the inviter nothing new: they see the
 * project's members. Root is answered like any account, not as a member: that would single out
 * the platform's most powerful addresses.
 */
async function accountToInvite(tx: Tx, workspaceId: number, email: string): Promise<UserRow | undefined> {
  const account = await userByEmail(tx, email);
  if (!account || account.isRoot) return account;
  const [membership] = await tx
    .select({ archived: assignments.archived })
    .from(assignments)
    .where(and(eq(assignments.userId, account.id), eq(assignments.workspaceId, workspaceId)));
  if (membership && !membership.archived) throw new AppError('already_member', { email: account.email });
  return account;
}

const sameEmail = (email: string) => sql`lower(${invitations.email}) = ${email}`;

/** Whether a pending invitation's link has stopped working. */
export function isExpired(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now = new Date()): boolean {
  return row.status === 'pending' && row.expiresAt.getTime() <= now.getTime();
}

const inviter = alias(users, 'inviter');

/** Invitations with the name of who sent them. */
function selectInvitations(db: Tx, where: SQL | undefined) {
  return db
    .select({ invitation: invitations, inviterId: inviter.id, inviterName: inviter.name })
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedById))
    .where(where)
    .$dynamic();
}

type InvitationWithInviter = Awaited<ReturnType<ReturnType<typeof selectInvitations>['execute']>>[number];

function toInvitation({ invitation: row, inviterId, inviterName }: InvitationWithInviter): Invitation {
  const status: InvitationListStatus = isExpired(row) ? 'expired' : row.status;
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    email: row.email,
    roles: roleNames(row.roles),
    status,
    invited_by: inviterId === null || inviterName === null ? null : { id: inviterId, name: inviterName },
    expires_at: row.expiresAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

async function invitationView(db: Tx, id: number): Promise<Invitation> {
  const [row] = await selectInvitations(db, eq(invitations.id, id));
  if (!row) throw notFound();
  return toInvitation(row);
}

const STATUS_WHERE: Record<InvitationListStatus, (now: Date) => SQL | undefined> = {
  pending: (now) => and(eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)),
  expired: (now) => and(eq(invitations.status, 'pending'), lte(invitations.expiresAt, now)),
  accepted: () => eq(invitations.status, 'accepted'),
};

/** A page of the project's invitations, newest first; `status` keeps one kind. */
export async function listInvitations(db: Tx, workspaceId: number, query: InvitationsQuery) {
  const where = and(
    eq(invitations.workspaceId, workspaceId),
    query.status ? STATUS_WHERE[query.status](new Date()) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectInvitations(db, where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(invitations).where(where),
  ]);
  return pageOf(rows.map(toInvitation), total, query);
}

/** A new link: the token for the mail, its hash for the database, and when it stops working. */
function issueLink(ttlSeconds: number) {
  const token = newToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
}

/** An invitation whose link was just (re)issued, ready to be mailed. */
interface IssuedInvitation {
  row: InvitationRow;
  token: string;
  project: string;
  /** Whether the address has an account: its mail says to sign in rather than to register. */
  existingAccount: boolean;
}

/**
 * What the inviter learns of the mail: how it went, and the link when it reached nobody (kept in
 * the outbox or failed), for them to pass on; a mailed link stays with the invitee alone.
 */
const mailOutcome = (outcome: MailOutcome, link: string) => ({
  mail_delivered: outcome.delivered,
  mail_delivery: outcome.delivery,
  invitation_link: outcome.delivery === 'smtp' ? null : link,
});

/**
 * Mails an invitation's current link, after its transaction has committed (a slow SMTP server
 * must not hold the database). `sent_at` records a mail that left or went to the outbox, unless
 * the link was replaced meanwhile. The answer gives the inviter the link when the mail reached
 * nobody: they may invite, so the link is theirs to pass on, and without it a manager could only
 * ask root to read the outbox.
 */
async function mailInvitation(ctx: InvitationsContext, actor: Actor, issued: IssuedInvitation) {
  // The inviter's copy is `/accept-invite` for everyone (it serves both), so that the answer never
  // tells whether the address has an account; the mail to an account's owner joins in one step.
  const link = acceptLink(ctx.baseUrl, issued.token);
  const content = invitationMail(actor.lang, {
    project: issued.project,
    inviter: actor.name,
    roles: roleNames(issued.row.roles),
    link: issued.existingAccount ? newRoleLink(ctx.baseUrl, issued.token) : link,
    expiresAt: issued.row.expiresAt,
    existingAccount: issued.existingAccount,
  });
  const outcome = await ctx.mailer.sendMail({ to: issued.row.email, ...content, secrets: [issued.token] });
  if (outcome.delivery !== 'failed') {
    await ctx.db
      .update(invitations)
      .set({ sentAt: new Date() })
      .where(and(eq(invitations.id, issued.row.id), eq(invitations.tokenHash, issued.row.tokenHash)));
  }
  return { ...(await invitationView(ctx.db, issued.row.id)), ...mailOutcome(outcome, link) };
}

/**
 * Invites an e-mail address to the project with some roles and mails the link; both
 * `/invitations/invite` and `/invitations/invite/existing-user` come here. The roles must be ones
 * the caller may grant (403 role_not_grantable, before the address is looked at). Whether the
 * address has an account changes only the mail (register, or sign in to accept): the answer is the
 * same, so that it tells nobody who has an account, and nobody joins a project without accepting.
 * A member of the project is 409 already_member. A pending invitation of the same address to the
 * project is renewed (new roles, link and expiry) rather than doubled.
 */
export async function inviteUser(ctx: InvitationsContext, actor: Actor, body: InviteBody) {
  assertActingProject(actor, body.workspace_id);
  assertMayGrant(actor, body.roles);
  const issued = await ctx.db.transaction(async (tx): Promise<IssuedInvitation> => {
    const workspace = await openProject(tx, actor);
    await lockEmail(tx, body.email);
    const account = await accountToInvite(tx, workspace.id, body.email);
    const [pending] = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, workspace.id),
          sameEmail(body.email),
          eq(invitations.status, 'pending'),
        ),
      )
      .orderBy(desc(invitations.id))
      .limit(1)
      .for('update');
    const { token, ...link } = issueLink(ctx.ttlSeconds);
    const values = { ...link, roles: roleIds(body.roles), invitedById: actor.userId, sentAt: null };
    const [row] = pending
      ? await tx.update(invitations).set(values).where(eq(invitations.id, pending.id)).returning()
      : await tx
          .insert(invitations)
          .values({ ...values, workspaceId: workspace.id, email: body.email })
          .returning();
    if (!row) throw new Error('invitation not saved');
    await writeAudit(tx, {
      action: 'invitations.invite',
      actorId: actor.userId,
      targetUserId: account?.id ?? null,
      workspaceId: workspace.id,
      details: {
        invitation_id: row.id,
        email: body.email,
        roles: body.roles,
        renewed: !!pending,
        existing_account: !!account,
        role: actor.role,
      },
      ip: actor.ip,
    });
    return { row, token, project: workspace.title, existingAccount: !!account };
  });
  return mailInvitation(ctx, actor, issued);
}

/** A project's invitation, locked for a change; 404 when it is another project's or gone. */
async function invitationForUpdate(tx: Tx, workspaceId: number, invitationId: number) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.workspaceId, workspaceId)))
    .for('update');
  if (!row) throw notFound();
  if (row.status === 'accepted') throw new AppError('invitation_accepted');
  return row;
}

/**
 * Mails a pending (or expired) invitation again with a new link and expiry; the old link stops
 * working. The link gives the invitation's roles on the caller's word, so they must be ones the
 * caller may grant (403). 409 when it was accepted, or when its address has meanwhile joined.
 */
export async function resendInvitation(ctx: InvitationsContext, actor: Actor, invitationId: number) {
  const issued = await ctx.db.transaction(async (tx): Promise<IssuedInvitation> => {
    const current = await invitationForUpdate(tx, actor.workspaceId, invitationId);
    assertMayGrant(actor, roleNames(current.roles));
    const workspace = await openProject(tx, actor);
    const account = await accountToInvite(tx, workspace.id, current.email);
    const { token, ...link } = issueLink(ctx.ttlSeconds);
    const [row] = await tx
      .update(invitations)
      .set({ ...link, invitedById: actor.userId, sentAt: null })
      .where(eq(invitations.id, current.id))
      .returning();
    if (!row) throw notFound();
    await writeAudit(tx, {
      action: 'invitations.resend',
      actorId: actor.userId,
      workspaceId: workspace.id,
      details: { invitation_id: row.id, email: row.email, role: actor.role },
      ip: actor.ip,
    });
    return { row, token, project: workspace.title, existingAccount: !!account };
  });
  return mailInvitation(ctx, actor, issued);
}

/** Cancels a pending invitation: its link stops working and it leaves the list. 409 once accepted. */
export async function cancelInvitation(db: Db, actor: Actor, invitationId: number) {
  return db.transaction(async (tx) => {
    const current = await invitationForUpdate(tx, actor.workspaceId, invitationId);
    await tx.delete(invitations).where(eq(invitations.id, current.id));
    await writeAudit(tx, {
      action: 'invitations.cancel',
      actorId: actor.userId,
      workspaceId: actor.workspaceId,
      details: {
        invitation_id: current.id,
        email: current.email,
        roles: roleNames(current.roles),
        role: actor.role,
      },
      ip: actor.ip,
    });
    return { id: current.id };
  });
}
