import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { themes } from './themes.ts';
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
    /** Interests in the family's own words; the project's themes are linked in `client_themes`. */
    customThemes: text('custom_themes').array().notNull().default([]),
    parentRequest: text('parent_request').notNull().default(''),
    /** The language of the child's lessons and plan (contract `LANGUAGES`). */
    language: text('language').notNull().default('uk'),
    parentEmail: text('parent_email').notNull().default(''),
    parentPhone: text('parent_phone').notNull().default(''),
    /** The student's id in the school's CRM, unique in the project. */
    remoteId: text('remote_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('clients_workspace_teacher_idx').on(table.workspaceId, table.teacherId),
    uniqueIndex('clients_workspace_remote_id_unique').on(table.workspaceId, table.remoteId),
    check('clients_language_check', sql`${table.language} in ('uk', 'ru', 'en', 'pl')`),
  ],
);

/** The project's themes a child is interested in (spec §3 Client: interests). */
export const clientThemes = pgTable(
  'client_themes',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.themeId] }),
    index('client_themes_theme_idx').on(table.themeId),
  ],
);

export type ClientRow = typeof clients.$inferSelect;
