import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * Public links (decision 029): a random token that opens one subject of an area (`kind`: a plan, a
 * lesson, a diagnosis…; `subject_id` is that area's id) without signing in, until it is withdrawn.
 * A withdrawn row stays, for the audit and for "withdrawn on …"; a subject has at most one live
 * link. The token is kept as it is (the sharer copies the link again), never an id.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    token: text('token').notNull(),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnBy: integer('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('public_links_token_unique').on(table.token),
    // At most one live link per subject: two issues at once, the second waits and loses.
    uniqueIndex('public_links_live_unique')
      .on(table.kind, table.subjectId)
      .where(sql`${table.withdrawnAt} is null`),
    index('public_links_subject_idx').on(table.kind, table.subjectId, table.issuedAt),
  ],
);

export type PublicLinkRow = typeof publicLinks.$inferSelect;
