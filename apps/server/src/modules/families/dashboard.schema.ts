import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from '../../db/schema/clients.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

/**
 * The family's dashboard as its teacher sent it (issue 29 item 1): when its link was last mailed
 * and to which address. The link itself is the public-link kit's (kind `family`); a student whose
 * dashboard was never mailed has no row.
 */
export const familyDashboards = pgTable('family_dashboards', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  workspaceId: workspaceRef(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  /** The address it was mailed to (the teacher may give another than the student's). */
  sentTo: text('sent_to').notNull(),
});

/**
 * The school's contacts the parents' dashboard shows (issue 29): one row per project, kept by root
 * and the project's admins in the settings; '' for what the school did not give.
 */
export const schoolContacts = pgTable('school_contacts', {
  workspaceId: workspaceRef().primaryKey(),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
