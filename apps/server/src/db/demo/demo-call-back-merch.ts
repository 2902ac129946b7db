/**
 * The Demo school's call back and merchandise (issue 29 items 4–6): no phone agent is set, so two
 * parents' requests wait for a person (one from the booking page, one from a family's dashboard);
 * two offers shown on the families' dashboards (a hoodie in children's and adults' sizes, a mug);
 * and one family's order of the hoodie, new. Written in SQL: the tables are the modules' own, and
 * the seed uses modules only through their entries. Safe to run again: a school with an offer is
 * left as it is.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

interface Rows<T> {
  rows: T[];
}

export async function seedCallBackAndMerch(db: Db, workspaceId: number): Promise<void> {
  const done = (await db.execute(
    sql`select 1 from merch_offers where workspace_id = ${workspaceId}`,
  )) as unknown as Rows<unknown>;
  if (done.rows.length > 0) return;
  const students = (await db.execute(
    sql`select id, child_name, client_name from clients where workspace_id = ${workspaceId} order by id limit 1`,
  )) as unknown as Rows<{ id: number; child_name: string; client_name: string }>;
  const student = students.rows[0] ?? null;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into call_requests (workspace_id, source, client_id, phone, "window", time_zone, child_name,
        language, consent_at, status, created_at, updated_at)
      values
        (${workspaceId}, 'booking', null, '+380671234501', 'evening', 'Europe/Kyiv', 'Marko', 'uk',
          now() - interval '3 hours', 'waiting', now() - interval '3 hours', now() - interval '3 hours'),
        (${workspaceId}, 'dashboard', ${student?.id ?? null}, '+48600100201', 'morning', 'Europe/Warsaw',
          ${student?.child_name ?? 'Zosia'}, 'pl', now() - interval '1 day', 'waiting',
          now() - interval '1 day', now() - interval '1 day')`);
    const offers = (await tx.execute(sql`
      insert into merch_offers (workspace_id, kind, title, description, sizes, price_cents, currency, visible)
      values
        (${workspaceId}, 'hoodie', 'Logoschool hoodie', 'Warm cotton hoodie with the school''s parrot.',
          array['k6', 'k8', 'k10', 's', 'm', 'l'], 4500, 'EUR', true),
        (${workspaceId}, 'mug', 'Speak-up mug', 'A mug with the sounds of the week.', array[]::text[], 1200,
          'EUR', true)
      returning id, kind, title, price_cents`)) as unknown as Rows<{
      id: number;
      kind: string;
      title: string;
      price_cents: number;
    }>;
    const hoodie = offers.rows.find((offer) => offer.kind === 'hoodie');
    if (!hoodie) return;
    await tx.execute(sql`
      insert into merch_orders (workspace_id, offer_id, client_id, kind, title, size, quantity, price_cents,
        currency, name, country, city, postal_code, address_line1, email, phone, language, status)
      values (${workspaceId}, ${hoodie.id}, ${student?.id ?? null}, 'hoodie', ${hoodie.title}, 'k8', 1,
        ${hoodie.price_cents}, 'EUR', ${student?.client_name ?? 'Olena Koval'}, 'UA', 'Lviv', '79000',
        'vul. Svobody 1', 'parent@example.test', '+380671234502', 'uk', 'new')`);
  });
}
