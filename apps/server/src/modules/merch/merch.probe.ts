import { API } from '@logoschool/contract';
import type { AreaProbe } from '../../test/area-probes.ts';

function dataOf<T>(
  what: string,
  response: { statusCode: number; body: string; json(): unknown },
  status = 200,
) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

/**
 * What merchandise adds to the API probes' project (`test/area-probes.ts`): a shown mug
 * (`:offerId`, `offer_id`) and a family's order of it through the student's dashboard link
 * (`:orderId`); and the families' public reads and order.
 */
export const probe: AreaProbe = {
  objects: {
    merchOffer: async ({ call, marker }) =>
      dataOf<{ id: number }>(
        'merch offer',
        await call('admin', 'POST', `/api${API.merchOffers}`, {
          kind: 'mug',
          title: `${marker} Mug`,
          sizes: [],
          price_cents: 1250,
          currency: 'EUR',
          visible: true,
        }),
        201,
      ).id,
    merchOrder: async ({ call, built, marker }) => {
      const link = dataOf<{ url: string }>(
        'family link',
        await call('teacher', 'POST', `/api${API.clients}/${built.client}/link`),
      );
      const token = link.url.split('/').pop() ?? '';
      return dataOf<{ id: number }>(
        'merch order',
        await call('teacher', 'POST', `/api${API.parentDashboard}/${token}/merch-orders`, {
          offer_id: built.merchOffer,
          quantity: 1,
          name: `${marker} Parent`,
          country: 'UA',
          city: `${marker} City`,
          postal_code: '01001',
          address_line1: `${marker} Street 1`,
          email: 'probe-parent@example.test',
        }),
        201,
      ).id;
    },
  },
  pathParams: { offerId: 'merchOffer', orderId: 'merchOrder' },
  bodyFields: { offer_id: 'merchOffer' },
  publicOperations: {
    'GET /api/parent-dashboard/:token/merch':
      "the merchandise a family may order, on its dashboard: its link's random, revocable token is the key",
    'POST /api/parent-dashboard/:token/merch-orders': 'a family orders merchandise, by the same token',
    'GET /api/merch/photos/:name': "offers' photos load in <img> tags without a token; names are random",
  },
};
