import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.ts';
import { sessions, users, type UserRow } from '../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

/** A session's expiry moves forward on use, but at most this often, to spare a write per request. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
  impersonatorId?: number | null;
}

/** What a session keeps of the request that opens it: where it came from and with which browser. */
export function sessionMetaOf(request: FastifyRequest): SessionMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * The per-address rate limit of the routes that check a password and open a session: signing in,
 * and accepting an invitation.
 */
export function signInRateLimit(config: { LOGIN_RATE_LIMIT_IP: number }) {
  return { max: config.LOGIN_RATE_LIMIT_IP, timeWindow: 60_000 };
}

/** Opens a session and returns its bearer token (only its hash is stored). */
export async function createSession(db: Tx, userId: number, ttlSeconds: number, meta: SessionMeta = {}) {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    impersonatorId: meta.impersonatorId ?? null,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

export interface ActiveSession {
  id: number;
  userId: number;
  impersonatorId: number | null;
}

export interface ResolvedSession {
  session: ActiveSession;
  /** The session's user, read in the same query. */
  user: UserRow;
  /** When it ends unless used again, and when it was last used (epoch ms). */
  expiresAt: number;
  lastSeenAt: number;
}

/**
 * The live session of a token and its user: not revoked, not expired, of an active user. Slides
 * its expiry. Null for anything else.
 */
export async function resolveSession(
  db: Tx,
  token: string,
  ttlSeconds: number,
): Promise<ResolvedSession | null> {
  const now = new Date();
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      impersonatorId: sessions.impersonatorId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(users.isActive, true),
      ),
    );
  if (!row) return null;
  const resolved = {
    session: { id: row.id, userId: row.userId, impersonatorId: row.impersonatorId },
    user: row.user,
    expiresAt: row.expiresAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
  };
  return { ...resolved, ...(await touchSession(db, resolved, ttlSeconds, now.getTime())) };
}

/**
 * Slides a session's expiry when it was last used more than a minute ago (at most one write a
 * minute per session); returns its times after.
 */
export async function touchSession(
  db: Tx,
  current: { session: ActiveSession; expiresAt: number; lastSeenAt: number },
  ttlSeconds: number,
  now = Date.now(),
): Promise<{ expiresAt: number; lastSeenAt: number }> {
  if (now - current.lastSeenAt <= TOUCH_EVERY_MS)
    return { expiresAt: current.expiresAt, lastSeenAt: current.lastSeenAt };
  const expiresAt = now + ttlSeconds * 1000;
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(expiresAt) })
    .where(and(eq(sessions.id, current.session.id), isNull(sessions.revokedAt)));
  return { expiresAt, lastSeenAt: now };
}

/** Ends one session at once. */
export async function revokeSession(db: Tx, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, e.g. when the user is deactivated. */
export async function revokeUserSessions(db: Tx, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Revoked sessions are kept this long (for support questions), then purged. */
const KEEP_REVOKED_MS = 24 * 3600 * 1000;

/** Deletes sessions that expired or were revoked more than a day ago. Returns how many. */
export async function purgeExpiredSessions(db: Tx): Promise<number> {
  const now = Date.now();
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.revokedAt, new Date(now - KEEP_REVOKED_MS))))
    .returning({ id: sessions.id });
  return deleted.length;
}
