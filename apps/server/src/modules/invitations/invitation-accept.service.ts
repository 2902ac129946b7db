/**
 * The invitee's side of invitations, reached by the link's token without a session: what the link
 * shows, and accepting it by registering or by signing in to an account the address already has.
 */
import {
  type AcceptInvitationBody,
  type AcceptInvitationSignInBody,
  type AcceptedNewRole,
  type InvitationPreview,
  type LoginResult,
  type User,
} from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { burnVerification, hashPassword, verifyPassword } from '../../auth/password.ts';
import { createSession, type SessionMeta } from '../../auth/sessions.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  assignments,
  invitations,
  users,
  workspaces,
  type InvitationRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { writeAudit } from '../audit/index.ts';
import { roleNames, toUserView } from '../users/index.ts';
import { isExpired, lockEmail, userByEmail } from './invitations.service.ts';

/**
 * The invitation of a link, when it can still be accepted; else 404 invitation_not_found, 409
 * invitation_accepted or 410 invitation_expired.
 */
async function usableInvitation(db: Tx, token: string, lock: boolean): Promise<InvitationRow> {
  const query = db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('invitation_not_found');
  if (row.status === 'accepted') throw new AppError('invitation_accepted');
  if (isExpired(row)) throw new AppError('invitation_expired');
  return row;
}

/**
 * What the accept page shows for a link (public: the token is the key), and whether the address
 * has an account: its owner then signs in to accept rather than registers.
 */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = await usableInvitation(db, token, false);
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, row.workspaceId));
  if (!workspace) throw new AppError('invitation_not_found');
  return {
    email: row.email,
    workspace_title: workspace.title,
    roles: roleNames(row.roles),
    expires_at: row.expiresAt.toISOString(),
    existing_account: (await userByEmail(db, row.email)) !== undefined,
  };
}

/** Any failure of the link itself, told in the words of spec §8 for the registration form. */
async function registering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const linkFailure = ['invitation_not_found', 'invitation_accepted', 'invitation_expired'];
    if (error instanceof AppError && linkFailure.includes(error.code))
      throw error.saying('registrationFailed');
    throw error;
  }
}

/** The invitation of a link, locked for its acceptance, and its project; 404 as a dead link. */
async function lockedInvitation(tx: Tx, token: string) {
  const invitation = await usableInvitation(tx, token, true);
  const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, invitation.workspaceId));
  if (!workspace) throw new AppError('invitation_not_found');
  return { invitation, workspace };
}

/** Marks the invitation accepted by `user` and writes the audit entry (with `details` beyond its own). */
async function markAccepted(
  tx: Tx,
  invitation: InvitationRow,
  user: UserRow,
  ip: string | null,
  details: Record<string, unknown>,
) {
  await tx
    .update(invitations)
    .set({ status: 'accepted', acceptedAt: new Date(), acceptedUserId: user.id })
    .where(eq(invitations.id, invitation.id));
  await writeAudit(tx, {
    action: 'invitations.accept',
    actorId: user.id,
    targetUserId: user.id,
    workspaceId: invitation.workspaceId,
    details: {
      invitation_id: invitation.id,
      email: invitation.email,
      roles: roleNames(invitation.roles),
      invited_by_id: invitation.invitedById,
      ...details,
    },
    ip,
  });
}

/**
 * The end of an acceptance, in its transaction: the invitation accepted by `user`, the audit entry
 * (with `details` beyond the invitation's own) and the session that signs the user in.
 */
async function accepted(
  tx: Tx,
  invitation: InvitationRow,
  user: UserRow,
  session: { ttlSeconds: number; meta: SessionMeta },
  details: Record<string, unknown>,
): Promise<LoginResult> {
  await markAccepted(tx, invitation, user, session.meta.ip ?? null, details);
  const token = await createSession(tx, user.id, session.ttlSeconds, session.meta);
  return { token, user: await toUserView(tx, user) };
}

/**
 * Registers the invited person (public): creates the user with the invited e-mail, gives them the
 * invited roles in the project, marks the invitation accepted and opens a session, all in one
 * transaction, and answers like sign-in. A link accepted once is refused after (409); an address
 * that has meanwhile got an account is 409 user_exists.
 */
export async function acceptInvitation(
  db: Db,
  body: AcceptInvitationBody,
  session: { ttlSeconds: number; meta: SessionMeta },
): Promise<LoginResult> {
  return registering(async () => {
    // Checked before hashing, so that a dead link costs no scrypt; checked again under lock below.
    const { email } = await usableInvitation(db, body.token, false);
    const passwordHash = await hashPassword(body.password);
    return db.transaction(async (tx) => {
      await lockEmail(tx, email);
      const { invitation, workspace } = await lockedInvitation(tx, body.token);
      const [user] = await tx
        .insert(users)
        .values({ email: invitation.email, name: body.name, passwordHash, envId: workspace.envId })
        .onConflictDoNothing()
        .returning();
      if (!user) throw new AppError('user_exists', { email: invitation.email });
      await tx
        .insert(assignments)
        .values({ userId: user.id, workspaceId: workspace.id, roles: invitation.roles });
      return accepted(tx, invitation, user, session, {});
    });
  });
}

/** What accepting by signing in needs besides its input. */
export interface SignInAcceptContext {
  db: Db;
  /** The sign-in limiter: a wrong password here counts as a failed sign-in of the address. */
  limiter: LoginLimiter;
  ttlSeconds: number;
  meta: SessionMeta;
}

/** The account of an invited address when the password is its own; counts failures like sign-in. */
async function invitedAccount(ctx: SignInAcceptContext, email: string, password: string): Promise<UserRow> {
  const wait = await ctx.limiter.retryAfter(email);
  if (wait > 0) throw new AppError('too_many_login_attempts', { seconds: wait }, undefined, wait);
  const account = await userByEmail(ctx.db, email);
  const valid = account?.passwordHash
    ? await verifyPassword(password, account.passwordHash)
    : (await burnVerification(password), false);
  if (!account || !valid) {
    await ctx.limiter.failed(email);
    throw new AppError('invalid_credentials');
  }
  await ctx.limiter.succeeded(email);
  if (!account.isActive) throw new AppError('user_inactive');
  return account;
}

/**
 * Accepts an invitation as the account its address already has (public): the password proves the
 * account, the link the invitation. Gives the invited roles in the project (bringing back a member
 * removed before), marks the invitation accepted and opens a session, in one transaction, and
 * answers like sign-in. A wrong password, or an address without an account, is 401 as at sign-in;
 * 409 already_member for a member, and for root (in every project already).
 */
export async function acceptInvitationSigningIn(
  ctx: SignInAcceptContext,
  body: AcceptInvitationSignInBody,
): Promise<LoginResult> {
  return registering(async () => {
    const { email } = await usableInvitation(ctx.db, body.token, false);
    const account = await invitedAccount(ctx, email, body.password);
    return ctx.db.transaction(async (tx) => {
      await lockEmail(tx, email);
      const { invitation } = await lockedInvitation(tx, body.token);
      const returned = await join(tx, account, invitation);
      return accepted(tx, invitation, account, ctx, { existing_account: true, returned });
    });
  });
}

/**
 * Gives an existing account the invited roles in the invitation's project, bringing back a member
 * removed before (true then). 409 already_member for a member, and for root (in every project
 * already).
 */
async function join(tx: Tx, account: UserRow, invitation: InvitationRow): Promise<boolean> {
  const alreadyMember = () => new AppError('already_member', { email: account.email });
  if (account.isRoot) throw alreadyMember();
  const [current] = await tx
    .select()
    .from(assignments)
    .where(and(eq(assignments.userId, account.id), eq(assignments.workspaceId, invitation.workspaceId)))
    .for('update');
  if (current && !current.archived) throw alreadyMember();
  if (current) {
    await tx
      .update(assignments)
      .set({ roles: invitation.roles, isActive: true, archived: false, updatedAt: new Date() })
      .where(eq(assignments.id, current.id));
  } else {
    await tx
      .insert(assignments)
      .values({ userId: account.id, workspaceId: invitation.workspaceId, roles: invitation.roles });
  }
  return !!current;
}

/**
 * `/accept-new-role` (spec §2, issue 33 item 6): the signed-in account accepts an invitation of its
 * own address to another project; the session proves the account, so no password is asked. The
 * invitation of another address is 403 invitation_other_account (the page offers to sign in as
 * that account); a dead link 404/409/410 as elsewhere; a member (or root) 409 already_member. Gives
 * the invited roles, marks the invitation accepted and audits it in one transaction, and answers
 * the user with the new roles and the project joined.
 */
export async function acceptAsSignedIn(
  db: Db,
  caller: { user: User; ip: string | null },
  token: string,
): Promise<AcceptedNewRole> {
  return db.transaction(async (tx) => {
    const { email } = await usableInvitation(tx, token, false);
    await lockEmail(tx, email);
    const { invitation } = await lockedInvitation(tx, token);
    if (invitation.email.toLowerCase() !== caller.user.email.toLowerCase()) {
      throw new AppError('invitation_other_account', { email: invitation.email });
    }
    const [account] = await tx.select().from(users).where(eq(users.id, caller.user.id));
    if (!account) throw new AppError('unauthenticated');
    const returned = await join(tx, account, invitation);
    await markAccepted(tx, invitation, account, caller.ip, {
      existing_account: true,
      returned,
      signed_in: true,
    });
    return { user: await toUserView(tx, account), workspace_id: invitation.workspaceId };
  });
}
