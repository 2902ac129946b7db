import type { MerchOffer, MerchOrderCounts, MerchOrderRow, ParentMerchOrder } from '@logoschool/contract';
import { merchOrderSteps, MERCH_ORDER_STATUSES } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../db/demo/encode.ts';
import { clients, mails } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import { filePart } from '../../test/multipart.ts';
import { merchOrders } from './merch.schema.ts';

const t = useTestApp();
const as = (who: Member) => apiAs(t.app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};
const fieldsOf = (response: { json(): unknown }) =>
  Object.keys((response.json() as { errors?: object }).errors ?? {});

const HOODIE = {
  kind: 'hoodie',
  title: 'School hoodie',
  sizes: ['k8', 'm', 'l'],
  price_cents: 4500,
  currency: 'EUR',
  visible: true,
};
const MUG = {
  kind: 'mug',
  title: 'Speech mug',
  sizes: [],
  price_cents: 1250,
  currency: 'EUR',
  visible: true,
};

/** A school with an admin, a manager, a teacher and her student with a live dashboard link. */
async function school() {
  const workspace = await buildWorkspace(t.db, { title: 'Sunny school' });
  const admin = await buildSignedInMember(t.db, workspace, 'admin', {
    email: `admin-${workspace.id}@school.test`,
  });
  const manager = await buildSignedInMember(t.db, workspace, 'manager');
  const teacher = await buildSignedInMember(t.db, workspace, 'teacher');
  const [client] = await t.db
    .insert(clients)
    .values({ workspaceId: workspace.id, teacherId: teacher.user.id, clientName: 'Iryna', childName: 'Olia' })
    .returning();
  const link = dataOf<{ url: string }>(await as(teacher).post(`/api/clients/${client!.id}/link`));
  return { workspace, admin, manager, teacher, client: client!, token: link.url.split('/').pop() ?? '' };
}

const ORDER = {
  size: 'm',
  quantity: 2,
  name: 'Iryna Koval',
  country: 'PL',
  city: 'Kraków',
  postal_code: '30-001',
  address_line1: 'ul. Długa 1',
  email: 'iryna@example.test',
};

const visit = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'accept-language': 'en' }, ...(payload ? { payload } : {}) });

describe('the offers', () => {
  it('admins and root keep them; sizes for garments only; price and currency checked; 401, 403, 404', async () => {
    const s = await school();
    const other = await school();
    const root = await buildSignedInMember(t.db, s.workspace, 'root');
    const hoodie = dataOf<MerchOffer>(await as(s.admin).post('/api/merch/offers', HOODIE), 201);
    expect(hoodie).toMatchObject({
      kind: 'hoodie',
      sizes: ['k8', 'm', 'l'],
      price_cents: 4500,
      currency: 'EUR',
      photo_url: null,
    });
    const mug = dataOf<MerchOffer>(await as(root).post('/api/merch/offers', { ...MUG, visible: false }), 201);
    expect(mug).toMatchObject({ sizes: [], price_cents: 1250, visible: false });
    const changed = dataOf<MerchOffer>(
      await as(s.admin).put(`/api/merch/offers/${mug.id}`, { ...MUG, price_cents: 1400, currency: 'UAH' }),
    );
    expect(changed).toMatchObject({ price_cents: 1400, currency: 'UAH', visible: true });
    expect(dataOf<MerchOffer[]>(await as(s.admin).get('/api/merch/offers')).map((o) => o.id)).toEqual([
      hoodie.id,
      mug.id,
    ]);

    const bad: [object, string][] = [
      [{ ...HOODIE, sizes: [] }, 'sizes'],
      [{ ...MUG, sizes: ['m'] }, 'sizes'],
      [{ ...HOODIE, sizes: ['m', 'm'] }, 'sizes'],
      [{ ...HOODIE, sizes: ['huge'] }, 'sizes.0'],
      [{ ...HOODIE, kind: 'cap' }, 'kind'],
      [{ ...HOODIE, title: '' }, 'title'],
      [{ ...HOODIE, title: 'x'.repeat(121) }, 'title'],
      [{ ...HOODIE, price_cents: 0 }, 'price_cents'],
      [{ ...HOODIE, price_cents: 12.5 }, 'price_cents'],
      [{ ...HOODIE, price_cents: 10_000_001 }, 'price_cents'],
      [{ ...HOODIE, currency: 'EURO' }, 'currency'],
      [{ ...HOODIE, currency: 'XYZ' }, 'currency'],
      [{ ...HOODIE, currency: 'eur' }, 'currency'],
      [{ kind: 'mug', title: 'Mug', price_cents: 100, currency: 'EUR', visible: true }, 'sizes'],
    ];
    for (const [body, field] of bad) {
      const response = await as(s.admin).post('/api/merch/offers', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(response), JSON.stringify(body)).toContain(field);
    }

    expect((await as(s.admin).get('/api/merch/offers', { token: null })).statusCode).toBe(401);
    expect((await as(s.manager).get('/api/merch/offers')).statusCode).toBe(403);
    expect((await as(s.teacher).post('/api/merch/offers', HOODIE)).statusCode).toBe(403);
    expect((await as(other.admin).put(`/api/merch/offers/${hoodie.id}`, HOODIE)).statusCode).toBe(404);
  });

  it('takes a real image as the photo (not a name that says so), serves it, replaces it', async () => {
    const s = await school();
    const other = await school();
    const offer = dataOf<MerchOffer>(await as(s.admin).post('/api/merch/offers', HOODIE), 201);
    const png = encodePng(2, 2, new Uint8Array(16).fill(200));
    const withPhoto = dataOf<MerchOffer>(
      await as(s.admin).upload(`/api/merch/offers/${offer.id}/photo`, [
        filePart(png, 'shirt.txt', 'text/plain'),
      ]),
    );
    expect(withPhoto.photo_url).toMatch(/^\/api\/merch\/photos\/.+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: withPhoto.photo_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const fake = await as(s.admin).upload(`/api/merch/offers/${offer.id}/photo`, [
      filePart(Buffer.from('<svg onload="alert(1)"/>'), 'photo.png', 'image/png'),
    ]);
    expect(fake.statusCode).toBe(415);
    const replaced = dataOf<MerchOffer>(
      await as(s.admin).upload(`/api/merch/offers/${offer.id}/photo`, [
        filePart(png, 'again.png', 'image/png'),
      ]),
    );
    expect(replaced.photo_url).not.toBe(withPhoto.photo_url);
    expect((await t.app.inject({ method: 'GET', url: withPhoto.photo_url! })).statusCode).toBe(404);
    expect(
      (
        await as(other.admin).upload(`/api/merch/offers/${offer.id}/photo`, [
          filePart(png, 'a.png', 'image/png'),
        ])
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(s.manager).upload(`/api/merch/offers/${offer.id}/photo`, [
          filePart(png, 'a.png', 'image/png'),
        ])
      ).statusCode,
    ).toBe(403);
  });
});

describe("a family's order", () => {
  it('lists the shown offers; records an order, mails it to the school, confirms it to the parent', async () => {
    const s = await school();
    const hoodie = dataOf<MerchOffer>(await as(s.admin).post('/api/merch/offers', HOODIE), 201);
    dataOf(await as(s.admin).post('/api/merch/offers', { ...MUG, visible: false }), 201);
    const shown = dataOf<MerchOffer[]>(await visit('GET', `/api/parent-dashboard/${s.token}/merch`));
    expect(shown.map((offer) => offer.id)).toEqual([hoodie.id]);

    const answer = dataOf<ParentMerchOrder>(
      await visit('POST', `/api/parent-dashboard/${s.token}/merch-orders`, { ...ORDER, offer_id: hoodie.id }),
      201,
    );
    expect(answer).toMatchObject({
      status: 'new',
      title: 'School hoodie',
      size: 'm',
      quantity: 2,
      total_cents: 9000,
      currency: 'EUR',
    });
    const [row] = await t.db.select().from(merchOrders).where(eq(merchOrders.id, answer.id));
    expect(row).toMatchObject({ clientId: s.client.id, city: 'Kraków', priceCents: 4500 });
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, s.admin.user.email));
    expect(mail?.subject, JSON.stringify(mail?.subject)).toBe(
      'Merchandise order: School hoodie for Iryna Koval',
    );
    expect(mail?.text).toContain('2 pieces');
    expect(mail?.text).toContain('ul. Długa 1');
    expect(mail?.text).toContain('90.00 EUR');
    expect(mail?.text).toContain('Poland');
    expect(mail?.text).toContain('Olia');
  });

  it('refuses a missing or foreign size, a size for a mug, no contact, a hidden offer; takes nothing', async () => {
    const s = await school();
    const other = await school();
    const hoodie = dataOf<MerchOffer>(await as(s.admin).post('/api/merch/offers', HOODIE), 201);
    const mug = dataOf<MerchOffer>(await as(s.admin).post('/api/merch/offers', MUG), 201);
    const hidden = dataOf<MerchOffer>(
      await as(s.admin).post('/api/merch/offers', { ...MUG, visible: false }),
      201,
    );
    const foreign = dataOf<MerchOffer>(await as(other.admin).post('/api/merch/offers', MUG), 201);
    const order = (body: object) => visit('POST', `/api/parent-dashboard/${s.token}/merch-orders`, body);
    const { size: _size, ...noSize } = ORDER;
    const cases: [object, number, string | null][] = [
      [{ ...noSize, offer_id: hoodie.id }, 422, 'size'],
      [{ ...ORDER, size: 'xs', offer_id: hoodie.id }, 422, 'size'],
      [{ ...ORDER, offer_id: mug.id }, 422, 'size'],
      [{ ...ORDER, email: '', offer_id: hoodie.id }, 422, 'email'],
      [{ ...ORDER, email: 'nope', offer_id: hoodie.id }, 422, 'email'],
      [{ ...ORDER, phone: '123', offer_id: hoodie.id }, 422, 'phone'],
      [{ ...ORDER, quantity: 0, offer_id: hoodie.id }, 422, 'quantity'],
      [{ ...ORDER, quantity: 21, offer_id: hoodie.id }, 422, 'quantity'],
      [{ ...ORDER, country: 'Poland', offer_id: hoodie.id }, 422, 'country'],
      [{ ...ORDER, city: '', offer_id: hoodie.id }, 422, 'city'],
      [{ ...ORDER, postal_code: '', offer_id: hoodie.id }, 422, 'postal_code'],
      [{ ...ORDER, address_line1: '', offer_id: hoodie.id }, 422, 'address_line1'],
      [{ ...ORDER, name: '', offer_id: hoodie.id }, 422, 'name'],
      [{ ...noSize, offer_id: hidden.id }, 404, null],
      [{ ...noSize, offer_id: foreign.id }, 404, null],
    ];
    for (const [body, status, field] of cases) {
      const response = await order(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (field) expect(fieldsOf(response), JSON.stringify(body)).toContain(field);
    }
    expect(
      await t.db.select().from(merchOrders).where(eq(merchOrders.workspaceId, s.workspace.id)),
    ).toHaveLength(0);
    // A mug without a size, by phone only, is fine.
    dataOf(await order({ ...noSize, email: '', phone: '+48 600 100 200', offer_id: mug.id }), 201);
  });

  it("answers the kit's one 404 for a made-up or withdrawn link", async () => {
    const s = await school();
    const mug = dataOf<MerchOffer>(await as(s.admin).post('/api/merch/offers', MUG), 201);
    expect((await visit('GET', `/api/parent-dashboard/${'z'.repeat(43)}/merch`)).statusCode).toBe(404);
    dataOf(await as(s.teacher).delete(`/api/clients/${s.client.id}/link`));
    const read = await visit('GET', `/api/parent-dashboard/${s.token}/merch`);
    expect(read.statusCode).toBe(404);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(
      (
        await visit('POST', `/api/parent-dashboard/${s.token}/merch-orders`, {
          ...ORDER,
          size: undefined,
          offer_id: mug.id,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the orders', () => {
  it('managers list, count and move them along the steps; 401, 403, 404; two at once: one wins', async () => {
    const s = await school();
    const other = await school();
    const second = await buildSignedInMember(t.db, s.workspace, 'manager');
    const mug = dataOf<MerchOffer>(await as(s.admin).post('/api/merch/offers', MUG), 201);
    const { size: _size, ...body } = ORDER;
    const placed = dataOf<ParentMerchOrder>(
      await visit('POST', `/api/parent-dashboard/${s.token}/merch-orders`, { ...body, offer_id: mug.id }),
      201,
    );
    const page = (await as(s.manager).get('/api/merch/orders', { query: 'search=krak' })).json() as {
      data: MerchOrderRow[];
    };
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      id: placed.id,
      status: 'new',
      client: { id: s.client.id, name: 'Olia' },
    });

    const move = (who: Member, status: string) =>
      as(who).post(`/api/merch/orders/${placed.id}/status`, { status });
    expect((await move(s.manager, 'sent')).statusCode).toBe(409);
    const moves = await Promise.all([move(s.manager, 'in_progress'), move(second, 'in_progress')]);
    expect(moves.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(dataOf<MerchOrderRow>(await move(s.admin, 'sent')).status).toBe('sent');
    expect((await move(s.manager, 'cancelled')).statusCode).toBe(409);
    expect((await move(s.manager, 'lost')).statusCode).toBe(422);
    expect(dataOf<MerchOrderCounts>(await as(s.manager).get('/api/merch/orders/counts'))).toEqual({
      new: 0,
      in_progress: 0,
      sent: 1,
      cancelled: 0,
    });

    expect((await as(s.manager).get('/api/merch/orders', { token: null })).statusCode).toBe(401);
    expect((await as(s.teacher).get('/api/merch/orders')).statusCode).toBe(403);
    expect((await move(s.teacher, 'cancelled')).statusCode).toBe(403);
    expect((await move(other.manager, 'cancelled')).statusCode).toBe(404);
  });

  it('the steps: new → in progress → sent, cancelled before sent, nothing after', () => {
    expect(
      Object.fromEntries(MERCH_ORDER_STATUSES.map((status) => [status, merchOrderSteps(status)])),
    ).toEqual({
      new: ['in_progress', 'cancelled'],
      in_progress: ['sent', 'cancelled'],
      sent: [],
      cancelled: [],
    });
  });
});
