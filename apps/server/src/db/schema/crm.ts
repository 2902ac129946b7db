import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './shared-columns.ts';
import { users } from './users.ts';
import { workspaceRef } from './workspaces.ts';

/**
 * A project's API token for the school's CRM (DESIGN §4 machine clients; issue 14 item 4). Only
 * its SHA-256 (`hash`) and its first characters (`prefix`, to tell tokens apart) are kept; the
 * whole token is shown once, when made. At most one per project is active (not revoked): making a
 * new one revokes the old in the same transaction, and a partial unique index keeps it so.
 */
export const workspaceApiTokens = pgTable(
  'workspace_api_tokens',
  {
    id: id(),
    workspaceId: workspaceRef(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When a CRM last called with it, written at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('workspace_api_tokens_hash_unique').on(table.hash),
    uniqueIndex('workspace_api_tokens_active_unique')
      .on(table.workspaceId)
      .where(sql`${table.revokedAt} is null`),
    index('workspace_api_tokens_workspace_idx').on(table.workspaceId, table.createdAt),
  ],
);

export type WorkspaceApiTokenRow = typeof workspaceApiTokens.$inferSelect;
