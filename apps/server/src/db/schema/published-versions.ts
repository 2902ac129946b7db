import { integer, jsonb, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The columns of a published version of a working copy (a protocol template's, a diagnostic
 * card's), kept as it was published and never changed after: its number and its content as JSON
 * (of the contract's type `Content`), who published it and when.
 */
export function publishedVersion<Content>() {
  return {
    version: integer('version').notNull(),
    content: jsonb('content').$type<Content>().notNull(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
