/**
 * The settings' history (issue 33 item 4): every change of an environment's stored values
 * (`app_settings`, spec §3), however it was written (the settings screen or the storage API), with
 * its value before and after and who changed it.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';

export const settingsChanges = pgTable(
  'settings_changes',
  {
    id: id(),
    envId: integer('env_id').notNull(),
    /** The storage key (`app_settings`). */
    key: text('key').notNull(),
    subkey: text('subkey').notNull(),
    /** Null: there was no value before (or none after: it was deleted). */
    before: jsonb('before'),
    after: jsonb('after'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('settings_changes_env_idx').on(table.envId, table.key, table.id)],
);
