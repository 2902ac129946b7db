import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id } from './shared-columns.ts';
import { users } from './users.ts';

/** Sign-in sessions. Only the SHA-256 of the bearer token is kept, never the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    /** Set when root signed in as this user: who did. */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves forward on use (sliding expiry). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
