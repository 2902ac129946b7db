import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** A teacher's student (spec §3 Client): the child, the parent who asked, and notes. */
export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The teacher (speech therapist) whose student this is. */
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The parent or adult client who books and pays. */
    clientName: text('client_name').notNull(),
    childName: text('child_name').notNull(),
    birthdate: date('birthdate', { mode: 'string' }),
    commentForTeacher: text('comment_for_teacher').notNull().default(''),
    /** Interests (themes) chosen for this child, by name, until themes are linked by id. */
    customThemes: text('custom_themes').array().notNull().default([]),
    parentRequest: text('parent_request').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('clients_workspace_teacher_idx').on(table.workspaceId, table.teacherId)],
);

export type ClientRow = typeof clients.$inferSelect;
