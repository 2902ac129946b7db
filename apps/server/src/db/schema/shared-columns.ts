/**
 * The columns most tables share, built once: the identity key, the references and the two
 * timestamps. Each is a function, since a drizzle column builder belongs to the one table it is
 * given to. What they build is what the tables spelled out before, so the migrations are unchanged.
 */
import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** What becomes of a row when the row it references is deleted. */
type OnDelete = 'cascade' | 'restrict' | 'no action' | 'set null';

/** The row's own key, numbered by the database. */
export function id() {
  return integer('id').primaryKey().generatedAlwaysAsIdentity();
}

/** A required reference to another table's row (`onDelete`: what becomes of this row when that one goes). */
export function belongsTo<Name extends string>(name: Name, target: () => AnyPgColumn, onDelete: OnDelete) {
  return integer(name).notNull().references(target, { onDelete });
}

/** When the row was made. */
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** When the row was last changed. */
export function updatedAt() {
  return timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
}

/** When the row was made and last changed. */
export function timestamps() {
  return { createdAt: createdAt(), updatedAt: updatedAt() };
}
