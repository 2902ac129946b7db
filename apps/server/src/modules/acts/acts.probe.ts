import { API, EXERCISE_STATUS } from '@logoschool/contract';
import type { AreaProbe } from '../../test/area-probes.ts';

function dataOf<T>(
  what: string,
  response: { statusCode: number; body: string; json(): unknown },
  status = 200,
) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * What acts add to the API probes' project (`test/area-probes.ts`): the project's member whose
 * details are kept (`:userId` on the acts' routes), and an act issued for the project's exercise
 * (`:actId`), accepted again today so that it falls in today's report (given a category and a tag,
 * declined and accepted by the moderator: the shared exercise was accepted without a status change).
 */
export const probe: AreaProbe = {
  objects: {
    contractor: async ({ call, built, marker }) => {
      // Complete for review (a category and a tag), then declined and accepted again.
      dataOf(
        'complete',
        await call('moderator', 'PUT', `/api${API.exercises}/${built.exercise}`, {
          category_id: built.category,
          tag_ids: [built.tag],
        }),
      );
      const exercise = `/api${API.exercises}/${built.exercise}/status`;
      dataOf(
        'decline',
        await call('moderator', 'POST', exercise, { status_id: EXERCISE_STATUS.declined, comment: marker }),
      );
      dataOf('accept', await call('moderator', 'POST', exercise, { status_id: EXERCISE_STATUS.accepted }));
      const report = dataOf<{ contractors: { user_id: number }[] }>(
        'report',
        await call('moderator', 'GET', `/api${API.actsReport}?from=${today()}&to=${today()}`),
      );
      const userId = report.contractors[0]?.user_id;
      if (userId === undefined) throw new Error('the acts report shows no contractor');
      dataOf(
        'contractor',
        await call('moderator', 'PUT', `/api${API.actContractors}/${userId}`, {
          name_uk: `${marker} Виконавець`,
          name_en: `${marker} Contractor`,
          passport: 'AB123456',
          tax_country: 'UA',
          tax_number: '3184710691',
          address_uk: `${marker} Київ`,
          address_en: `${marker} Kyiv`,
          contract_number: `${marker}-1`,
          contract_date: '2026-01-05',
          currency: 'UAH',
        }),
      );
      return userId;
    },
    act: async ({ call, built }) => {
      dataOf(
        'rates',
        await call('moderator', 'PUT', `/api${API.actRates}`, {
          rates: [{ type: 'presentation', currency: 'UAH', amount_cents: 150_000 }],
        }),
      );
      return dataOf<{ id: number }>(
        'act',
        await call('moderator', 'POST', `/api${API.acts}`, {
          user_id: built.contractor,
          from: today(),
          to: today(),
        }),
        201,
      ).id;
    },
  },
  pathParams: { userId: 'contractor', actId: 'act' },
  bodyFields: { user_id: 'contractor' },
  routes: ['/api/acts'],
};
