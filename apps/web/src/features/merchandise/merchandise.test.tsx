import type { MerchOffer, MerchOrderRow } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { MerchSection } from './components/merch-section.tsx';
import { MerchandisePage } from './merchandise-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const offerOf = (overrides: Partial<MerchOffer>): MerchOffer => ({
  id: 1,
  kind: 'hoodie',
  title: 'School hoodie',
  description: '',
  sizes: ['k8', 'm'],
  price_cents: 4500,
  currency: 'EUR',
  visible: true,
  photo_url: null,
  ...overrides,
});

describe("the family's merchandise", () => {
  it('shows the offers with their price, delivery included; asks for the size of a garment and sends the order', async () => {
    const calls = fakeApi({
      'GET /parent-dashboard/tok/merch': () =>
        json({
          data: [
            offerOf({}),
            offerOf({ id: 2, kind: 'mug', title: 'Speech mug', sizes: [], price_cents: 1200 }),
          ],
        }),
      'POST /parent-dashboard/tok/merch-orders': () =>
        json(
          {
            data: {
              id: 9,
              status: 'new',
              title: 'School hoodie',
              size: 'm',
              quantity: 2,
              total_cents: 9000,
              currency: 'EUR',
            },
          },
          201,
        ),
    });
    await renderInApp(<MerchSection token="tok" />, { as: null });
    expect(await screen.findByText('Prices include delivery anywhere in the world.')).toBeTruthy();
    expect(screen.getByText('€45.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Order School hoodie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order: School hoodie' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the order' }));
    // The size is required for a hoodie, and an e-mail or a phone.
    expect(await within(dialog).findAllByText('Required.')).not.toHaveLength(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks no size for a mug', async () => {
    fakeApi({
      'GET /parent-dashboard/tok/merch': () =>
        json({ data: [offerOf({ id: 2, kind: 'mug', title: 'Speech mug', sizes: [], price_cents: 1200 })] }),
    });
    await renderInApp(<MerchSection token="tok" />, { as: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Order Speech mug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order: Speech mug' });
    expect(within(dialog).queryByRole('textbox', { name: /Size/ })).toBeNull();
  });

  it('shows nothing when the school offers nothing', async () => {
    const calls = fakeApi({ 'GET /parent-dashboard/tok/merch': () => json({ data: [] }) });
    await renderInApp(<MerchSection token="tok" />, { as: null });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'School merchandise' })).toBeNull();
  });
});

const orderOf = (overrides: Partial<MerchOrderRow>): MerchOrderRow => ({
  id: 4,
  status: 'new',
  offer_id: 1,
  kind: 'hoodie',
  title: 'School hoodie',
  size: 'k8',
  quantity: 1,
  price_cents: 4500,
  total_cents: 4500,
  currency: 'EUR',
  name: 'Olena Koval',
  country: 'UA',
  city: 'Lviv',
  postal_code: '79000',
  address_line1: 'vul. Svobody 1',
  address_line2: '',
  email: 'olena@example.test',
  phone: '',
  note: '',
  client: { id: 3, name: 'Marko' },
  created_at: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

function ordersApi() {
  return fakeApi({
    'GET /merch/orders': () => json({ data: [orderOf({})], meta: { total: 1, page: 1, per_page: 20 } }),
    'GET /merch/orders/counts': () => json({ data: { new: 1, in_progress: 0, sent: 0, cancelled: 0 } }),
    'POST /merch/orders/4/status': () => json({ data: orderOf({ status: 'in_progress' }) }),
    'GET /merch/offers': () => json({ data: [offerOf({})] }),
  });
}

describe('the merchandise screen', () => {
  it('shows a manager the new orders with the address and moves one on; no offers tab', async () => {
    const calls = ordersApi();
    await renderInApp(<MerchandisePage />, { as: { roles: ['manager'] } });
    const table = await screen.findByRole('table', { name: 'Merchandise orders' });
    const row = within(table).getByRole('row', { name: /Olena Koval/ });
    expect(row.textContent).toMatch(/School hoodie.*Kids 8 y.*× 1.*€45.00/);
    expect(row.textContent).toMatch(/vul. Svobody 1, 79000 Lviv, Ukraine/);
    expect(screen.queryByRole('tab', { name: 'Offers' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Start the order of Olena Koval' }));
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/merch/orders/4/status')).toBe(true));
    expect(calls.find((call) => call.path === '/merch/orders/4/status')?.body).toEqual({
      status: 'in_progress',
    });
  });

  it('gives an admin the offers too', async () => {
    ordersApi();
    await renderInApp(<MerchandisePage />, { as: { roles: ['admin'] } });
    fireEvent.click(await screen.findByRole('tab', { name: 'Offers' }));
    expect(await screen.findByRole('table', { name: 'Merchandise offers' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add an offer' })).toBeTruthy();
  });
});
