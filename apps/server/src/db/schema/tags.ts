import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './shared-columns.ts';
import { workspaceRef } from './workspaces.ts';

/** A project's tag (spec §3 Tag); names are unique in a project whatever their case. */
export const tags = pgTable(
  'tags',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('tags_workspace_name_unique').on(table.workspaceId, sql`lower(${table.name})`)],
);

export type TagRow = typeof tags.$inferSelect;
