import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, updatedAt } from './shared-columns.ts';

/**
 * Key-value storage (spec §7): one row per (env, key, subkey, user). Environment keys have
 * `user_id` 0; a per-user key has the user's id (no foreign key, so that 0 can stand for "none").
 */
export const storage = pgTable(
  'storage',
  {
    id: id(),
    envId: integer('env_id').notNull(),
    key: text('key').notNull(),
    subkey: text('subkey').notNull(),
    userId: integer('user_id').notNull().default(0),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('storage_entry_key').on(table.envId, table.key, table.userId, table.subkey)],
);

export type StorageRow = typeof storage.$inferSelect;
