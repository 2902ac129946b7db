/**
 * Merchandise (issue 29 item 5; spec §1 "merchandise offers", §9 "T-shirt, hoodie, sweatshirt,
 * mug; the price includes delivery worldwide"): the project's offers, kept by its admin or root,
 * shown on the family's dashboard; a parent's order request, mailed to the school; the orders'
 * states, kept by the managers (decision 040).
 */
import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { countrySchema } from '../booking/schemas.ts';
import { bodyId, idParam, pageQuery } from '../common/envelope.ts';
import { phoneSchema } from '../users/schemas.ts';

/** Spec §9's four kinds. */
export const MERCH_KINDS = ['tshirt', 'hoodie', 'sweatshirt', 'mug'] as const;
export type MerchKind = (typeof MERCH_KINDS)[number];

/** The sizes a garment is offered in (children's first, then adults'). */
export const MERCH_SIZES = ['k4', 'k6', 'k8', 'k10', 'k12', 'xs', 's', 'm', 'l', 'xl', 'xxl'] as const;
export type MerchSize = (typeof MERCH_SIZES)[number];

/** Whether a kind has sizes: garments do, a mug does not. */
export function kindHasSizes(kind: MerchKind): boolean {
  return kind !== 'mug';
}

export const MERCH_TITLE_MAX = 120;
export const MERCH_DESCRIPTION_MAX = 1000;
/** The highest price, in hundredths of the currency (100 000.00). */
export const MERCH_PRICE_MAX_CENTS = 10_000_000;
export const MERCH_QUANTITY_MAX = 20;
export const MERCH_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const MERCH_ADDRESS_MAX = 200;
export const MERCH_NOTE_MAX = 500;

/**
 * The currencies a school may price in: ISO 4217 codes of currencies with hundredths (a price is
 * kept in them), the ones a school teaching in Ukrainian, Russian, English and Polish meets first.
 * The project has no currency of its own: each offer names its own.
 */
export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'UAH',
  'PLN',
  'CHF',
  'CZK',
  'SEK',
  'NOK',
  'DKK',
  'HUF',
  'RON',
  'BGN',
  'MDL',
  'GEL',
  'KZT',
  'ILS',
  'TRY',
  'CAD',
  'AUD',
  'NZD',
  'AED',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** An ISO 4217 currency code of the list (`EUR`, `UAH`, `PLN`…). */
export const currencySchema = z.enum(CURRENCIES);

/** A price in hundredths of its currency (2500 = 25.00), delivery anywhere in the world included. */
export const priceCentsSchema = z.number().int().min(1).max(MERCH_PRICE_MAX_CENTS);

/** `POST /merch/offers`, `PUT /merch/offers/:offerId`: an offer without its photo. */
export const merchOfferInput = z
  .strictObject({
    kind: z.enum(MERCH_KINDS),
    title: z.string().trim().min(1).max(MERCH_TITLE_MAX),
    description: z.string().trim().max(MERCH_DESCRIPTION_MAX).default(''),
    /** The sizes offered: at least one for a garment, none for a mug. */
    sizes: z.array(z.enum(MERCH_SIZES)).max(MERCH_SIZES.length),
    /** The price, delivery anywhere in the world included (spec §9). */
    price_cents: priceCentsSchema,
    currency: currencySchema,
    /** Shown on the families' dashboards. */
    visible: z.boolean(),
  })
  .superRefine((offer, context) => {
    if (kindHasSizes(offer.kind) && offer.sizes.length === 0) {
      context.addIssue({ code: 'custom', path: ['sizes'], message: 'required' });
    }
    if (!kindHasSizes(offer.kind) && offer.sizes.length > 0) {
      context.addIssue({ code: 'custom', path: ['sizes'], message: 'invalid' });
    }
    if (new Set(offer.sizes).size !== offer.sizes.length) {
      context.addIssue({ code: 'custom', path: ['sizes'], message: 'unique' });
    }
  });
export type MerchOfferInput = z.input<typeof merchOfferInput>;

export const merchOfferParams = z.object({ offerId: idParam });
export const merchOrderParams = z.object({ orderId: idParam });

/** An offer as the school keeps it and the family sees it. */
export const merchOfferSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MERCH_KINDS),
  title: z.string(),
  description: z.string(),
  sizes: z.array(z.enum(MERCH_SIZES)),
  /** In hundredths of the currency, delivery included. */
  price_cents: z.number().int(),
  currency: z.enum(CURRENCIES),
  visible: z.boolean(),
  /** The photo's address, or null. */
  photo_url: z.string().nullable(),
});
export type MerchOffer = z.infer<typeof merchOfferSchema>;

/** The photo form: one image file (PNG, JPEG, WebP or GIF, told by its bytes). */
export const merchPhotoBody = z.strictObject({
  file: z.unknown().meta({ type: 'string', format: 'binary' }),
});

/**
 * `POST /parent-dashboard/:token/merch-orders`: what the parent orders and where it goes. The size
 * is required for a garment and refused for a mug; an e-mail or a phone (or both) to reach them.
 */
export const merchOrderInput = z
  .strictObject({
    offer_id: bodyId,
    size: z.enum(MERCH_SIZES).optional(),
    quantity: z.number().int().min(1).max(MERCH_QUANTITY_MAX),
    name: z.string().trim().min(1).max(MERCH_ADDRESS_MAX),
    country: countrySchema,
    city: z.string().trim().min(1).max(MERCH_ADDRESS_MAX),
    postal_code: z.string().trim().min(1).max(20),
    address_line1: z.string().trim().min(1).max(MERCH_ADDRESS_MAX),
    address_line2: z.string().trim().max(MERCH_ADDRESS_MAX).default(''),
    email: z.union([z.literal(''), emailSchema]).default(''),
    phone: z.union([z.literal(''), phoneSchema]).default(''),
    note: z.string().trim().max(MERCH_NOTE_MAX).default(''),
  })
  .superRefine((order, context) => {
    if (!order.email && !order.phone) {
      context.addIssue({ code: 'custom', path: ['email'], message: 'required' });
    }
  });
export type MerchOrderInput = z.input<typeof merchOrderInput>;

/**
 * An order's state: `new` (sent by the parent), `in_progress` (the school is making it), `sent`
 * (posted), `cancelled`.
 */
export const MERCH_ORDER_STATUSES = ['new', 'in_progress', 'sent', 'cancelled'] as const;
export type MerchOrderStatus = (typeof MERCH_ORDER_STATUSES)[number];

const ORDER_STEPS: Record<MerchOrderStatus, readonly MerchOrderStatus[]> = {
  new: ['in_progress', 'cancelled'],
  in_progress: ['sent', 'cancelled'],
  sent: [],
  cancelled: [],
};

/** The statuses an order may move to from `status` (the server refuses any other; the UI offers these). */
export function merchOrderSteps(status: MerchOrderStatus): readonly MerchOrderStatus[] {
  return ORDER_STEPS[status];
}

/** What the parent is told once the order is recorded. */
export const parentMerchOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(MERCH_ORDER_STATUSES),
  title: z.string(),
  size: z.enum(MERCH_SIZES).nullable(),
  quantity: z.number().int(),
  /** The total (price × quantity) in hundredths, and its currency. */
  total_cents: z.number().int(),
  currency: z.enum(CURRENCIES),
});
export type ParentMerchOrder = z.infer<typeof parentMerchOrderSchema>;

/** `GET /merch/orders`: the project's orders, a status tab, a search in names, e-mails, phones, cities. */
export const merchOrdersQuery = pageQuery.extend({
  workspace_id: idParam,
  role_id: idParam.optional(),
  status: z.enum(MERCH_ORDER_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});
export type MerchOrdersQuery = z.input<typeof merchOrdersQuery>;

/** An order as the school sees it: what, for whom, where, and its state. */
export const merchOrderRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(MERCH_ORDER_STATUSES),
  offer_id: z.number().int(),
  kind: z.enum(MERCH_KINDS),
  title: z.string(),
  size: z.enum(MERCH_SIZES).nullable(),
  quantity: z.number().int(),
  /** The price of one when ordered, and the total, in hundredths. */
  price_cents: z.number().int(),
  total_cents: z.number().int(),
  currency: z.enum(CURRENCIES),
  name: z.string(),
  country: z.string(),
  city: z.string(),
  postal_code: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  email: z.string(),
  phone: z.string(),
  note: z.string(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type MerchOrderRow = z.infer<typeof merchOrderRowSchema>;

export const merchOrderCountsSchema = z.object(
  Object.fromEntries(MERCH_ORDER_STATUSES.map((status) => [status, z.number().int()])) as Record<
    MerchOrderStatus,
    z.ZodNumber
  >,
);
export type MerchOrderCounts = z.infer<typeof merchOrderCountsSchema>;

/** `POST /merch/orders/:orderId/status`. */
export const merchOrderStatusInput = z.strictObject({ status: z.enum(MERCH_ORDER_STATUSES) });
export type MerchOrderStatusInput = z.input<typeof merchOrderStatusInput>;
