/**
 * Contractors' reports and acts (issue 33 item 2). Amounts are hundredths of their currency. An
 * act copies the contractor's details and its items (title, link, amount) as they were when it
 * was issued, so nothing changed later changes an issued act; `act_items` names each exercise at
 * most once per project, so no content is paid twice. `act_counters` holds each project's last
 * number per year: issuing an act increments its row inside the act's transaction, which keeps the
 * row locked until the act is saved (no gap, no duplicate; a failed issue rolls the number back).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ActItemType, Currency, TaxCountry } from '@logoschool/contract';
import { exercises } from '../../db/schema/exercises.ts';
import { belongsTo, createdAt, id, timestamps } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

/** What an item of a type is paid in a currency, per project. */
export const actRates = pgTable(
  'act_rates',
  {
    workspaceId: workspaceRef(),
    type: text('type').$type<ActItemType>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.type, table.currency] }),
    check('act_rates_type_check', sql`${table.type} in ('presentation', 'video')`),
    check('act_rates_amount_check', sql`${table.amountCents} >= 0`),
  ],
);

/** A contractor's details in a project, kept once. */
export const contractors = pgTable(
  'contractors',
  {
    id: id(),
    workspaceId: workspaceRef(),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    nameUk: text('name_uk').notNull(),
    nameEn: text('name_en').notNull(),
    passport: text('passport').notNull(),
    taxCountry: text('tax_country').$type<TaxCountry>().notNull(),
    taxNumber: text('tax_number').notNull(),
    addressUk: text('address_uk').notNull(),
    addressEn: text('address_en').notNull(),
    contractNumber: text('contract_number').notNull(),
    contractDate: date('contract_date', { mode: 'string' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('contractors_workspace_user_key').on(table.workspaceId, table.userId)],
);

/** Content a moderator left out of the next act (spec §4: reports can exclude and include items). */
export const actExclusions = pgTable(
  'act_exclusions',
  {
    workspaceId: workspaceRef(),
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    excludedBy: integer('excluded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.exerciseId] })],
);

/** The last act number given in a project's year. */
export const actCounters = pgTable(
  'act_counters',
  {
    workspaceId: workspaceRef(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.year] })],
);

/** The contractor's details as an act keeps them. */
export interface ActContractorSnapshot {
  nameUk: string;
  nameEn: string;
  passport: string;
  taxCountry: TaxCountry;
  taxNumber: string;
  addressUk: string;
  addressEn: string;
  contractNumber: string;
  contractDate: string;
}

/** An issued act: never changed (a correction is a new act). */
export const acts = pgTable(
  'acts',
  {
    id: id(),
    workspaceId: workspaceRef(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    actDate: date('act_date', { mode: 'string' }).notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    contractor: jsonb('contractor').$type<ActContractorSnapshot>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    totalCents: integer('total_cents').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('acts_workspace_year_number_key').on(table.workspaceId, table.year, table.number),
    index('acts_workspace_user_idx').on(table.workspaceId, table.userId),
  ],
);

/** An act's item as it was issued. */
export const actItems = pgTable(
  'act_items',
  {
    id: id(),
    workspaceId: workspaceRef(),
    actId: belongsTo('act_id', () => acts.id, 'cascade'),
    exerciseId: integer('exercise_id').references(() => exercises.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    type: text('type').$type<ActItemType>().notNull(),
    title: text('title').notNull(),
    acceptedAt: text('accepted_at').notNull(),
    contentLink: text('content_link').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [
    index('act_items_act_idx').on(table.actId, table.position),
    // Content is paid once: a second act cannot hold it.
    uniqueIndex('act_items_workspace_exercise_key').on(table.workspaceId, table.exerciseId),
    check('act_items_type_check', sql`${table.type} in ('presentation', 'video')`),
  ],
);

export type ContractorRow = typeof contractors.$inferSelect;
export type ActRow = typeof acts.$inferSelect;
export type ActItemRow = typeof actItems.$inferSelect;
