/**
 * A project's CRM token (DESIGN §4 machine clients; issue 14 item 4): root and the project's
 * admins make one (which revokes the one before: at most one is active), see when it was made and
 * last used, and revoke it. Only its SHA-256 and its first characters are kept.
 */
import {
  CRM_TOKEN_PREFIX,
  CRM_TOKEN_VISIBLE_LENGTH,
  type CrmAccess,
  type CrmToken,
  type CrmTokenIssued,
} from '@logoschool/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users, workspaceApiTokens, workspaces, type WorkspaceApiTokenRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { writeAudit } from '../audit/index.ts';

/** Serializes making and revoking a project's token (two at once would both try to be the active one). */
const TOKEN_LOCK_ID = 7_260_041;

const active = (workspaceId: number) =>
  and(eq(workspaceApiTokens.workspaceId, workspaceId), isNull(workspaceApiTokens.revokedAt));

/** The project's active token as root and admins see it, or null. */
async function activeToken(db: Tx, workspaceId: number): Promise<CrmToken | null> {
  const [row] = await db
    .select({ token: workspaceApiTokens, creator: users.name })
    .from(workspaceApiTokens)
    .leftJoin(users, eq(users.id, workspaceApiTokens.createdBy))
    .where(active(workspaceId))
    .orderBy(desc(workspaceApiTokens.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    prefix: row.token.prefix,
    created_at: row.token.createdAt.toISOString(),
    created_by: row.creator,
    last_used_at: row.token.lastUsedAt?.toISOString() ?? null,
  };
}

/** `GET /workspaces/:workspaceId/crm-token`. */
export async function crmAccess(db: Tx, workspaceId: number): Promise<CrmAccess> {
  return { token: await activeToken(db, workspaceId) };
}

/** Revokes the project's active token, if any; whether one was. Inside the caller's transaction. */
async function revokeActive(tx: Tx, workspaceId: number): Promise<boolean> {
  const revoked = await tx
    .update(workspaceApiTokens)
    .set({ revokedAt: sql`now()` })
    .where(active(workspaceId))
    .returning({ id: workspaceApiTokens.id });
  return revoked.length > 0;
}

/**
 * `POST /workspaces/:workspaceId/crm-token`: a new token for the project, revoking the active one;
 * the whole token is in the answer, and nowhere after. Not for an archived project (422).
 */
export async function issueCrmToken(db: Db, actor: Actor): Promise<CrmTokenIssued> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TOKEN_LOCK_ID}::int, ${actor.workspaceId}::int)`);
    const [project] = await tx
      .select({ archived: workspaces.archived })
      .from(workspaces)
      .where(eq(workspaces.id, actor.workspaceId));
    if (!project || project.archived) {
      throw new AppError(
        'validation_failed',
        {},
        { workspace_id: [fieldMessage(actor.lang, 'workspaceArchived')] },
      );
    }
    const replaced = await revokeActive(tx, actor.workspaceId);
    const secret = `${CRM_TOKEN_PREFIX}${newToken()}`;
    const prefix = secret.slice(0, CRM_TOKEN_VISIBLE_LENGTH);
    await tx.insert(workspaceApiTokens).values({
      workspaceId: actor.workspaceId,
      prefix,
      hash: hashToken(secret),
      createdBy: actor.userId,
    });
    await writeAudit(tx, {
      action: 'crm.token_create',
      actorId: actor.userId,
      workspaceId: actor.workspaceId,
      details: { prefix, replaced },
      ip: actor.ip,
    });
    const token = await activeToken(tx, actor.workspaceId);
    if (!token) throw new Error('the new CRM token was not written');
    return { secret, token, replaced };
  });
}

/** `DELETE /workspaces/:workspaceId/crm-token`: the project has no active token after (idempotent). */
export async function revokeCrmToken(db: Db, actor: Actor): Promise<CrmAccess> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TOKEN_LOCK_ID}::int, ${actor.workspaceId}::int)`);
    if (await revokeActive(tx, actor.workspaceId)) {
      await writeAudit(tx, {
        action: 'crm.token_revoke',
        actorId: actor.userId,
        workspaceId: actor.workspaceId,
        ip: actor.ip,
      });
    }
    return { token: null };
  });
}

/**
 * The active token a CRM call carries, or null: unknown, revoked, or of an archived project. The
 * token is looked up by its hash (the index's), so no comparison of secrets happens in the app.
 */
export async function findActiveToken(db: Tx, secret: string): Promise<WorkspaceApiTokenRow | null> {
  if (!secret.startsWith(CRM_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({ token: workspaceApiTokens })
    .from(workspaceApiTokens)
    .innerJoin(workspaces, eq(workspaces.id, workspaceApiTokens.workspaceId))
    .where(
      and(
        eq(workspaceApiTokens.hash, hashToken(secret)),
        isNull(workspaceApiTokens.revokedAt),
        eq(workspaces.archived, false),
      ),
    );
  return row?.token ?? null;
}

/** Notes that a token was used: at most one write a minute. */
export async function touchToken(db: Tx, row: WorkspaceApiTokenRow): Promise<void> {
  if (row.lastUsedAt && Date.now() - row.lastUsedAt.getTime() < 60_000) return;
  await db
    .update(workspaceApiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(workspaceApiTokens.id, row.id));
}
