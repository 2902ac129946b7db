import type { AuditAction, AuditEntry } from '@logoschool/contract';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditRecord {
  action: AuditAction;
  actorId: number | null;
  targetUserId?: number | null;
  workspaceId?: number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Records a sensitive action; call it inside the transaction that does the action. */
export async function writeAudit(db: Tx, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    action: record.action,
    actorId: record.actorId,
    targetUserId: record.targetUserId ?? null,
    workspaceId: record.workspaceId ?? null,
    details: record.details ?? {},
    ip: record.ip ?? null,
  });
}

/** A page of the audit log, newest first. */
export async function listAudit(db: Tx, query: { page: number; per_page: number; action?: AuditAction }) {
  const where = query.action ? eq(auditLog.action, query.action) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(auditLog).where(where),
  ]);
  const data: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    action: row.action as AuditAction,
    actor_id: row.actorId,
    target_user_id: row.targetUserId,
    workspace_id: row.workspaceId,
    details: row.details as Record<string, unknown>,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  }));
  return pageOf(data, total, query);
}
