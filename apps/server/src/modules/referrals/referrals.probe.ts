import { API } from '@logoschool/contract';
import type { AreaProbe } from '../../test/area-probes.ts';

/**
 * What referrals adds to the API probes' project (`test/area-probes.ts`): a renewal recorded by the
 * manager on the project's student (`:entryId`); another student of the teacher as a referrer
 * (`referrer_client_id`);
 * and the family's referral read under its dashboard link.
 */
export const probe: AreaProbe = {
  objects: {
    referrerFamily: async ({ call, marker }) => {
      const response = await call('teacher', 'POST', `/api${API.clients}`, {
        client_name: `${marker} Referrer Parent`,
        child_name: `${marker} Referrer Child`,
        parent_email: 'probe-referrer@example.test',
      });
      if (response.statusCode !== 201)
        throw new Error(`referrer family: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: { id: number } }).data.id;
    },
    referralEntry: async ({ call, built }) => {
      const response = await call('manager', 'POST', `/api${API.referrals}/${built.client}/events`, {
        kind: 'renewal',
        on: '2026-11-01',
        note: 'probe renewal',
      });
      if (response.statusCode !== 200)
        throw new Error(`referral entry: ${response.statusCode} ${response.body}`);
      const [entry] = (response.json() as { data: { history: { id: number }[] } }).data.history;
      if (!entry) throw new Error('referral entry: not in the history');
      return entry.id;
    },
  },
  pathParams: { entryId: 'referralEntry' },
  bodyFields: { referrer_client_id: 'referrerFamily' },
  publicOperations: {
    'GET /api/parent-dashboard/:token/referral':
      "a family's own referral on its dashboard: the dashboard link's random, revocable token is the key",
  },
};
