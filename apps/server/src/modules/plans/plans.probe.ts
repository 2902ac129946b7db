import type { AreaProbe } from '../../test/area-probes.ts';

/** What the plans area adds to the API probes (`test/area-probes.ts`): the parents' plan page. */
export const probe: AreaProbe = {
  objects: {},
  publicOperations: {
    'GET /api/show-plan/:token': "the parents' plan page: its link's random, revocable token is the key",
  },
};
