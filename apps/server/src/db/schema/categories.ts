import { type AnyPgColumn, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './shared-columns.ts';
import { workspaceRef } from './workspaces.ts';

/**
 * A category of a project's tree (spec §3 Category). `parent_id` null is the API's parent 0 (the
 * root); siblings are ordered by `order`. `link_id` points to the category a shortcut stands for.
 */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    workspaceId: workspaceRef(),
    // 'no action' is checked at the end of the statement, so a project's whole tree can go at once;
    // the API refuses to delete a category that still has children.
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'no action' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isFolder: boolean('is_folder').notNull().default(false),
    linkId: integer('link_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    order: integer('order').notNull().default(0),
    ...timestamps(),
  },
  (table) => [index('categories_workspace_parent_idx').on(table.workspaceId, table.parentId, table.order)],
);

export type CategoryRow = typeof categories.$inferSelect;
