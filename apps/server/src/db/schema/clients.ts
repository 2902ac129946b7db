import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, id, timestamps } from './shared-columns.ts';
import { themes } from './themes.ts';
import { users } from './users.ts';
import { workspaceRef } from './workspaces.ts';

/** A teacher's student (spec §3 Client): the child, the parent who asked, and notes. */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    workspaceId: workspaceRef(),
    /** The teacher (speech therapist) whose student this is. */
    teacherId: belongsTo('teacher_id', () => users.id, 'restrict'),
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
    ...timestamps(),
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
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    themeId: belongsTo('theme_id', () => themes.id, 'cascade'),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.themeId] }),
    index('client_themes_theme_idx').on(table.themeId),
  ],
);

export type ClientRow = typeof clients.$inferSelect;
