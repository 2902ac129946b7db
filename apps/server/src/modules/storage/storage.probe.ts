import type { AreaProbe } from '../../test/area-probes.ts';

/** What storage adds to the API probes (`test/area-probes.ts`): the public pages' status. */
export const probe: AreaProbe = {
  objects: {},
  publicOperations: {
    'GET /api/app-status':
      'pages outside sign-in learn the version served and maintenance of their link’s environment: no content, the same answer for a link that opens nothing',
  },
};
