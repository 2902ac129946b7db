/**
 * The localization editor's tables (issue 33 item 3). A text in a language is its whole key
 * (`lessons.count_few`); the shipped text is the web app's catalogue, so only changes are kept:
 * drafts until published, then overrides. Each publication is a release, and each change it made
 * a row of the history with its text before and after.
 */
import type { Language } from '@logoschool/contract';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';

const by = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });
const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** A published change: the app shows `text` instead of the shipped one. */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    language: text('language').$type<Language>().notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    updatedAt: at('updated_at'),
  },
  (table) => [primaryKey({ columns: [table.language, table.key] })],
);

/** A change not yet published, with who wrote it. */
export const translationDrafts = pgTable(
  'translation_drafts',
  {
    language: text('language').$type<Language>().notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    editedBy: by('edited_by'),
    editedAt: at('edited_at'),
  },
  (table) => [primaryKey({ columns: [table.language, table.key] })],
);

/** One publication; its id is the version of the texts the app carries. */
export const translationReleases = pgTable('translation_releases', {
  id: id(),
  publishedBy: by('published_by'),
  publishedAt: at('published_at'),
});

/** What one publication changed: a text's before and after, and who wrote it. */
export const translationChanges = pgTable(
  'translation_changes',
  {
    id: id(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => translationReleases.id, { onDelete: 'cascade' }),
    language: text('language').$type<Language>().notNull(),
    key: text('key').notNull(),
    before: text('before').notNull(),
    after: text('after').notNull(),
    editedBy: by('edited_by'),
  },
  (table) => [
    index('translation_changes_key_idx').on(table.key),
    index('translation_changes_release_idx').on(table.releaseId),
  ],
);
