import type { AreaProbe } from '../../test/area-probes.ts';

/**
 * What the parents' side adds to the API probes' project (`test/area-probes.ts`): its sharing
 * routes name the student (`:clientId`, already a probe object), so no object of its own; and the
 * family's public read.
 */
export const probe: AreaProbe = {
  objects: {},
  pathParams: {},
  bodyFields: {},
  publicOperations: {
    'GET /api/parent-dashboard/:token':
      "the child's dashboard for the family: its link's random, revocable token is the key, and it answers only what the parents' page shows",
  },
};
