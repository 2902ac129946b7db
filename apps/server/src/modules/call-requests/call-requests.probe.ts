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
 * What a call back adds to the API probes' project (`test/area-probes.ts`): a parent's request made
 * on the project's booking page (no agent set: it waits for a person), `:requestId`; and the
 * parents' two public requests.
 */
export const probe: AreaProbe = {
  objects: {
    callRequest: async ({ call, workspaceId, marker }) => {
      const link = dataOf<{ url: string }>(
        'booking page link',
        await call('admin', 'POST', `/api${API.bookingProject}/${workspaceId}/link`),
      );
      const token = link.url.split('/').pop() ?? '';
      dataOf(
        'call request',
        await call('teacher', 'POST', `/api${API.appointment}/${token}/call-requests`, {
          phone: '+380501234599',
          window: 'asap',
          time_zone: 'Europe/Kyiv',
          child_name: `${marker} Child`,
          consent: true,
        }),
        201,
      );
      const [request] = dataOf<{ id: number }[]>(
        'call requests',
        await call('manager', 'GET', `/api${API.callRequests}`),
      );
      if (!request) throw new Error('call requests: the request is not listed');
      return request.id;
    },
  },
  pathParams: { requestId: 'callRequest' },
  publicOperations: {
    'POST /api/appointment/:token/call-requests':
      "a parent asks to be called back from the school's booking page: its link's random, revocable token is the key (rate limited per address, one open request per phone)",
    'POST /api/parent-dashboard/:token/call-requests':
      "a parent asks to be called back from the family's dashboard: its link's random, revocable token is the key (the same limits)",
  },
};
