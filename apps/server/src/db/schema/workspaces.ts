import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, id, timestamps } from './shared-columns.ts';
import { users } from './users.ts';

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    envId: integer('env_id').notNull().default(1),
    archived: boolean('archived').notNull().default(false),
    ...timestamps(),
  },
  (table) => [index('workspaces_env_id_idx').on(table.envId)],
);

/** The project a row belongs to, which goes with its project. */
export function workspaceRef() {
  return belongsTo('workspace_id', () => workspaces.id, 'cascade');
}

/** A user's place in a project: the roles held there (role ids, see the contract's ROLE). */
export const assignments = pgTable(
  'assignments',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    workspaceId: workspaceRef(),
    roles: integer('roles').array().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('assignments_user_workspace_key').on(table.userId, table.workspaceId),
    index('assignments_workspace_idx').on(table.workspaceId),
  ],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;
