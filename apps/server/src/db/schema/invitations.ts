import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './shared-columns.ts';
import { users } from './users.ts';
import { workspaceRef } from './workspaces.ts';

export const invitationStatus = pgEnum('invitation_status', ['pending', 'accepted']);

/** An invitation by mail to join a project with some roles (spec §3, §4). */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    workspaceId: workspaceRef(),
    email: text('email').notNull(),
    roles: integer('roles').array().notNull(),
    /** SHA-256 of the token in the link; the token itself is only in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    status: invitationStatus('status').notNull().default('pending'),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('invitations_workspace_idx').on(table.workspaceId),
    index('invitations_email_idx').on(table.email),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;
