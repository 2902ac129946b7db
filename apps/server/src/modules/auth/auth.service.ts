import { refusesSignIn } from '@logoschool/contract';
import type { LoginResult } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { burnVerification, verifyPassword } from '../../auth/password.ts';
import { createSession, type SessionMeta } from '../../auth/sessions.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { AppError } from '../../errors/app-error.ts';
import { writeAudit } from '../audit/index.ts';
import { toUserView } from '../users/index.ts';

interface LoginContext {
  db: Db;
  limiter: LoginLimiter;
  ttlSeconds: number;
  meta: SessionMeta;
}

/**
 * Signs a user in (spec §4): a wrong e-mail and a wrong password are the same 401; a deactivated
 * account gets 403 (a member deactivated in every project signs in and sees no projects, spec §6);
 * too many failures for one e-mail make it wait a little.
 */
export async function login(
  { db, limiter, ttlSeconds, meta }: LoginContext,
  credentials: { email: string; password: string },
): Promise<LoginResult> {
  const wait = await limiter.retryAfter(credentials.email);
  if (wait > 0) throw new AppError('too_many_login_attempts', { seconds: wait }, undefined, wait);

  const [row] = await db.select().from(users).where(eq(users.email, credentials.email));
  const valid = row?.passwordHash
    ? await verifyPassword(credentials.password, row.passwordHash)
    : (await burnVerification(credentials.password), false);
  if (!row || !valid) {
    await limiter.failed(credentials.email);
    throw new AppError('invalid_credentials');
  }
  await limiter.succeeded(credentials.email);

  const user = await toUserView(db, row);
  if (refusesSignIn(user)) throw new AppError('user_inactive');
  const token = await createSession(db, user.id, ttlSeconds, meta);
  return { token, user };
}

/** Root signs in as another user (spec §6); the audit log keeps who did it. */
export async function loginAsUser(
  db: Db,
  actorId: number,
  targetId: number,
  ttlSeconds: number,
  meta: SessionMeta,
): Promise<LoginResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, targetId));
    if (!row) throw new AppError('not_found');
    const user = await toUserView(tx, row);
    if (refusesSignIn(user)) throw new AppError('user_inactive');
    const token = await createSession(tx, user.id, ttlSeconds, { ...meta, impersonatorId: actorId });
    await writeAudit(tx, {
      action: 'auth.login_as_user',
      actorId,
      targetUserId: user.id,
      details: { email: user.email },
      ip: meta.ip ?? null,
    });
    return { token, user };
  });
}
