import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './shared-columns.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** Sensitive actions: who did what to whom, and when. Rows are never changed. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    workspaceId: integer('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_action_idx').on(table.action),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
