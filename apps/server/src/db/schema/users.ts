import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './shared-columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased: one address, one person. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** scrypt hash (see auth/password.ts); null until the user sets a password. */
    passwordHash: text('password_hash'),
    microMail: text('micro_mail'),
    phone: text('phone'),
    avatar: text('avatar'),
    isNewVersion: boolean('is_new_version').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    isRoot: boolean('is_root').notNull().default(false),
    envId: integer('env_id').notNull().default(1),
    /** A JSON string (spec §3): the chat widget keeps chat_restore_id in it. */
    additionalInfo: text('additional_info'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email), index('users_env_id_idx').on(table.envId)],
);

export type UserRow = typeof users.$inferSelect;
