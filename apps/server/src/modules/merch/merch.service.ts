/**
 * Merchandise (issue 29 item 5, decision 040): the project's offers (admins and root), the
 * families' order requests (by their dashboard token) and their states (managers).
 */
import {
  API,
  API_BASE,
  MERCH_ORDER_STATUSES,
  kindHasSizes,
  merchOrderSteps,
  type MerchOffer,
  type MerchOrderCounts,
  type MerchOrderRow,
  type ParentMerchOrder,
  type merchOfferInput,
  type merchOrderInput,
  type merchOrdersQuery,
} from '@logoschool/contract';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageOffset, rowCount } from '../../db/pages.ts';
import { clients } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { imageType, type FileStore } from '../../files/files.ts';
import { isUpload } from '../../files/multipart.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { merchOffers, merchOrders, type MerchOfferRowDb, type MerchOrderRowDb } from './merch.schema.ts';

/** The file store's folder of offers' photos. */
export const MERCH_PHOTOS = 'merch';

/** Hundredths as text with two decimals: 2500 → `25.00`. */
export const money = (cents: number) => (cents / 100).toFixed(2);

const photoUrl = (name: string | null) => (name ? `${API_BASE}${API.merchPhotos}/${name}` : null);

export function offerView(row: MerchOfferRowDb): MerchOffer {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    sizes: row.sizes,
    price_cents: row.priceCents,
    currency: row.currency,
    visible: row.visible,
    photo_url: photoUrl(row.photo),
  };
}

// ——— Offers ———

/** `GET /merch/offers`: every offer of the project, shown or hidden. */
export async function listOffers(db: Db, actor: Actor): Promise<MerchOffer[]> {
  const rows = await db
    .select()
    .from(merchOffers)
    .where(eq(merchOffers.workspaceId, actor.workspaceId))
    .orderBy(asc(merchOffers.kind), asc(merchOffers.id));
  return rows.map(offerView);
}

/** The offers a family sees: the shown ones of its project. */
export async function shownOffers(db: Db, workspaceId: number): Promise<MerchOffer[]> {
  const rows = await db
    .select()
    .from(merchOffers)
    .where(and(eq(merchOffers.workspaceId, workspaceId), eq(merchOffers.visible, true)))
    .orderBy(asc(merchOffers.kind), asc(merchOffers.id));
  return rows.map(offerView);
}

const offerValues = (input: z.output<typeof merchOfferInput>) => ({
  kind: input.kind,
  title: input.title,
  description: input.description,
  sizes: kindHasSizes(input.kind) ? input.sizes : [],
  priceCents: input.price_cents,
  currency: input.currency,
  visible: input.visible,
});

/** `POST /merch/offers`. */
export async function createOffer(db: Db, actor: Actor, input: z.output<typeof merchOfferInput>) {
  const [row] = await db
    .insert(merchOffers)
    .values({ workspaceId: actor.workspaceId, ...offerValues(input) })
    .returning();
  if (!row) throw new AppError('internal_error');
  return offerView(row);
}

/** `PUT /merch/offers/:offerId`: 404 for another project's offer. */
export async function updateOffer(db: Db, actor: Actor, id: number, input: z.output<typeof merchOfferInput>) {
  const [row] = await db
    .update(merchOffers)
    .set({ ...offerValues(input), updatedAt: sql`now()` })
    .where(and(eq(merchOffers.workspaceId, actor.workspaceId), eq(merchOffers.id, id)))
    .returning();
  if (!row) throw notFound();
  return offerView(row);
}

/**
 * `PUT /merch/offers/:offerId/photo`: an image (told by its bytes, never its name) replaces the
 * offer's photo; the old file goes once the new one is saved. 415 for anything else.
 */
export async function setOfferPhoto(db: Db, files: FileStore, actor: Actor, id: number, file: unknown) {
  if (!isUpload(file)) {
    throw new AppError('validation_failed', {}, { file: [fieldMessage(actor.lang, 'required')] });
  }
  const image = await imageType(file.content);
  if (!image) throw new AppError('unsupported_media_type', { type: file.filename || '?' });
  const [current] = await db
    .select()
    .from(merchOffers)
    .where(and(eq(merchOffers.workspaceId, actor.workspaceId), eq(merchOffers.id, id)));
  if (!current) throw notFound();
  const saved = await files.save(MERCH_PHOTOS, file.content, image.ext);
  const [row] = await db
    .update(merchOffers)
    .set({ photo: saved, updatedAt: sql`now()` })
    .where(and(eq(merchOffers.workspaceId, actor.workspaceId), eq(merchOffers.id, id)))
    .returning();
  if (!row) {
    await files.remove(MERCH_PHOTOS, saved);
    throw notFound();
  }
  if (current.photo) await files.remove(MERCH_PHOTOS, current.photo);
  return offerView(row);
}

// ——— Orders ———

/**
 * A family's order of a shown offer of its project: the size required for a garment among the
 * offer's sizes and refused for a mug (422 on `size`); a hidden or another project's offer is 404.
 * The offer's title, kind, price and currency are kept on the order as they are now.
 */
export async function placeOrder(
  db: Db,
  family: { workspaceId: number; clientId: number },
  input: z.output<typeof merchOrderInput>,
  lang: Actor['lang'],
): Promise<{ order: MerchOrderRowDb; answer: ParentMerchOrder }> {
  const [offer] = await db
    .select()
    .from(merchOffers)
    .where(
      and(
        eq(merchOffers.workspaceId, family.workspaceId),
        eq(merchOffers.id, input.offer_id),
        eq(merchOffers.visible, true),
      ),
    );
  if (!offer) throw notFound();
  if (kindHasSizes(offer.kind)) {
    if (!input.size) throw new AppError('validation_failed', {}, { size: [fieldMessage(lang, 'required')] });
    if (!offer.sizes.includes(input.size)) {
      throw new AppError(
        'validation_failed',
        {},
        { size: [fieldMessage(lang, 'oneOf', { values: offer.sizes.join(', ') })] },
      );
    }
  } else if (input.size) {
    throw new AppError('validation_failed', {}, { size: [fieldMessage(lang, 'invalid')] });
  }
  const [made] = await db
    .insert(merchOrders)
    .values({
      workspaceId: family.workspaceId,
      offerId: offer.id,
      clientId: family.clientId,
      kind: offer.kind,
      title: offer.title,
      size: input.size ?? null,
      quantity: input.quantity,
      priceCents: offer.priceCents,
      currency: offer.currency,
      name: input.name,
      country: input.country,
      city: input.city,
      postalCode: input.postal_code,
      addressLine1: input.address_line1,
      addressLine2: input.address_line2,
      email: input.email,
      phone: input.phone,
      note: input.note,
      language: lang,
    })
    .returning();
  if (!made) throw new AppError('internal_error');
  const order = made;
  return {
    order,
    answer: {
      id: order.id,
      status: order.status,
      title: order.title,
      size: order.size,
      quantity: order.quantity,
      total_cents: order.priceCents * order.quantity,
      currency: order.currency,
    },
  };
}

function orderView(row: MerchOrderRowDb, client: { id: number; name: string } | null): MerchOrderRow {
  return {
    id: row.id,
    status: row.status,
    offer_id: row.offerId,
    kind: row.kind,
    title: row.title,
    size: row.size,
    quantity: row.quantity,
    price_cents: row.priceCents,
    total_cents: row.priceCents * row.quantity,
    currency: row.currency,
    name: row.name,
    country: row.country,
    city: row.city,
    postal_code: row.postalCode,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    email: row.email,
    phone: row.phone,
    note: row.note,
    client,
    created_at: row.createdAt.toISOString(),
  };
}

const selectOrders = (db: Db | Tx) =>
  db
    .select({ row: merchOrders, clientId: clients.id, clientName: clients.childName })
    .from(merchOrders)
    .leftJoin(clients, eq(clients.id, merchOrders.clientId));

type SelectedOrder = Awaited<ReturnType<ReturnType<typeof selectOrders>['where']>>[number];
const viewOfOrder = (selected: SelectedOrder) =>
  orderView(
    selected.row,
    selected.clientId !== null && selected.clientName !== null
      ? { id: selected.clientId, name: selected.clientName }
      : null,
  );

/** `GET /merch/orders`: the project's orders, newest first, of a status, searched. */
export async function listOrders(db: Db, actor: Actor, query: z.output<typeof merchOrdersQuery>) {
  const conditions: SQL[] = [eq(merchOrders.workspaceId, actor.workspaceId)];
  if (query.status) conditions.push(eq(merchOrders.status, query.status));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const any = or(
      ilike(merchOrders.name, like),
      ilike(merchOrders.email, like),
      ilike(merchOrders.phone, like),
      ilike(merchOrders.city, like),
      ilike(merchOrders.title, like),
    );
    if (any) conditions.push(any);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(merchOrders.createdAt), desc(merchOrders.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select(rowCount()).from(merchOrders).where(where),
  ]);
  return pageOf(rows.map(viewOfOrder), total, query);
}

/** `GET /merch/orders/counts`. */
export async function countOrders(db: Db, actor: Actor): Promise<MerchOrderCounts> {
  const rows = await db
    .select({ status: merchOrders.status, count: count() })
    .from(merchOrders)
    .where(eq(merchOrders.workspaceId, actor.workspaceId))
    .groupBy(merchOrders.status);
  const counts = Object.fromEntries(MERCH_ORDER_STATUSES.map((status) => [status, 0])) as MerchOrderCounts;
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/**
 * `POST /merch/orders/:orderId/status`: a step the contract's order steps allow from the order's
 * status now (locked): 409 `transition_refused` for any other, which is also what the slower of
 * two managers moving one order at once gets.
 */
export async function setOrderStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: MerchOrderRow['status'],
): Promise<MerchOrderRow> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(merchOrders)
      .where(and(eq(merchOrders.workspaceId, actor.workspaceId), eq(merchOrders.id, id)))
      .for('update');
    if (!row) throw notFound();
    if (!merchOrderSteps(row.status).includes(status)) {
      throw new AppError('transition_refused', { from: row.status, to: status }).saying('merchOrderStep');
    }
    await tx
      .update(merchOrders)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(merchOrders.id, id));
  });
  const [selected] = await selectOrders(db).where(
    and(eq(merchOrders.workspaceId, actor.workspaceId), eq(merchOrders.id, id)),
  );
  if (!selected) throw notFound();
  return viewOfOrder(selected);
}
