/**
 * Merchandise's tables (issue 29 item 5, decision 040): a project's offers and the families'
 * orders. A price is kept in the currency's hundredths (an integer); an order keeps the offer's
 * title, kind, price and currency as they were when ordered, so a changed offer does not change
 * what a family ordered.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { Currency, MerchKind, MerchOrderStatus, MerchSize } from '@logoschool/contract';
import { clients } from '../../db/schema/clients.ts';
import { belongsTo, id, timestamps } from '../../db/schema/shared-columns.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

export const merchOffers = pgTable(
  'merch_offers',
  {
    id: id(),
    workspaceId: workspaceRef(),
    kind: text('kind').$type<MerchKind>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    sizes: text('sizes').array().$type<MerchSize[]>().notNull().default([]),
    /** Hundredths of the currency (2500 = 25.00), delivery anywhere included. */
    priceCents: integer('price_cents').notNull(),
    /** ISO 4217. */
    currency: text('currency').$type<Currency>().notNull(),
    visible: boolean('visible').notNull().default(false),
    /** The photo's name in the file store's `merch` folder. */
    photo: text('photo'),
    ...timestamps(),
  },
  (table) => [
    index('merch_offers_workspace_idx').on(table.workspaceId),
    check('merch_offers_kind_check', sql`${table.kind} in ('tshirt', 'hoodie', 'sweatshirt', 'mug')`),
    check('merch_offers_price_check', sql`${table.priceCents} > 0`),
    check('merch_offers_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const merchOrders = pgTable(
  'merch_orders',
  {
    id: id(),
    workspaceId: workspaceRef(),
    offerId: belongsTo('offer_id', () => merchOffers.id, 'restrict'),
    /** The family whose dashboard the order came from. */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    kind: text('kind').$type<MerchKind>().notNull(),
    title: text('title').notNull(),
    size: text('size').$type<MerchSize>(),
    quantity: smallint('quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    note: text('note').notNull().default(''),
    language: text('language').notNull(),
    status: text('status').$type<MerchOrderStatus>().notNull().default('new'),
    ...timestamps(),
  },
  (table) => [
    index('merch_orders_workspace_status_idx').on(table.workspaceId, table.status, table.createdAt),
    check('merch_orders_quantity_check', sql`${table.quantity} between 1 and 20`),
    check('merch_orders_status_check', sql`${table.status} in ('new', 'in_progress', 'sent', 'cancelled')`),
  ],
);

export type MerchOfferRowDb = typeof merchOffers.$inferSelect;
export type MerchOrderRowDb = typeof merchOrders.$inferSelect;
