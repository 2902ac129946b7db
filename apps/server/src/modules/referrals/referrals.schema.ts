/**
 * Referrals' tables (issue 29 item 3; decision 039). A family is a student (`clients`). Its referral
 * code is its own random token (`referral_codes`, at most one live per family), apart from its
 * dashboard link. A reservation made with a live code keeps its referrer (`referral_bookings`);
 * when the booking becomes a student, or a manager links a student by hand, `referral_links` holds
 * who brought whom, once per family (the first referral holds). `referral_entries` is the
 * append-only history of renewals, repeat payments, their removals, grants and cancellations.
 * Balances are never stored: the contract's `referralBonuses` computes them from links and entries.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReferralEntryKind } from '@logoschool/contract';
import { clients } from '../../db/schema/clients.ts';
import { belongsTo, createdAt, id } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';
import { bookings } from '../booking/index.ts';

/** A family's referral code: the `?ref=` of the project's booking page. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    id: id(),
    workspaceId: workspaceRef(),
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    code: text('code').notNull(),
    createdAt: createdAt(),
    /** A manager replaced it: it links nothing from then on. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: integer('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('referral_codes_code_unique').on(table.code),
    uniqueIndex('referral_codes_live_unique')
      .on(table.clientId)
      .where(sql`${table.withdrawnAt} is null`),
  ],
);

/** A reservation made with a live code of another family: who referred it, until it becomes a student. */
export const referralBookings = pgTable('referral_bookings', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  workspaceId: workspaceRef(),
  referrerClientId: belongsTo('referrer_client_id', () => clients.id, 'cascade'),
  createdAt: createdAt(),
});

/** Who brought whom: one row per referred family (the friend "joined": it is a student). */
export const referralLinks = pgTable(
  'referral_links',
  {
    id: id(),
    workspaceId: workspaceRef(),
    referredClientId: belongsTo('referred_client_id', () => clients.id, 'cascade'),
    referrerClientId: belongsTo('referrer_client_id', () => clients.id, 'cascade'),
    /** The booking it came through; null when a manager linked it by hand. */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** A manager's reason for a link by hand; empty for a booking's. */
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('referral_links_referred_unique').on(table.referredClientId),
    uniqueIndex('referral_links_booking_unique').on(table.bookingId),
    index('referral_links_workspace_idx').on(table.workspaceId),
    check('referral_links_not_self', sql`${table.referredClientId} <> ${table.referrerClientId}`),
  ],
);

/** The history: each renewal, payment, removal, grant and cancellation, never changed or deleted. */
export const referralEntries = pgTable(
  'referral_entries',
  {
    id: id(),
    workspaceId: workspaceRef(),
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    kind: text('kind').$type<Exclude<ReferralEntryKind, 'linked'>>().notNull(),
    /** The day of a renewal or payment. */
    on: date('on', { mode: 'string' }),
    /** The sessions of a grant or cancellation. */
    sessions: integer('sessions'),
    /** The note of a renewal or payment, the reason of anything else. */
    note: text('note').notNull().default(''),
    /** The renewal or payment a removal takes back (one removal each). */
    removesEntryId: integer('removes_entry_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('referral_entries_workspace_idx').on(table.workspaceId),
    index('referral_entries_client_idx').on(table.clientId),
    uniqueIndex('referral_entries_removes_unique').on(table.removesEntryId),
    check(
      'referral_entries_kind_check',
      sql`${table.kind} in ('renewal', 'payment', 'removal', 'grant', 'cancel')`,
    ),
    check(
      'referral_entries_shape_check',
      sql`(${table.kind} in ('renewal', 'payment') and ${table.on} is not null)
        or (${table.kind} = 'removal' and ${table.removesEntryId} is not null)
        or (${table.kind} in ('grant', 'cancel') and ${table.sessions} > 0)`,
    ),
  ],
);
