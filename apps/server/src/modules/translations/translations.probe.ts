import type { AreaProbe } from '../../test/area-probes.ts';

/**
 * What the localization editor adds to the API probes: no object of a project (the texts are the
 * whole product's), and the one public read, the published changes the app merges at its start.
 */
export const probe: AreaProbe = {
  objects: {},
  publicOperations: {
    'GET /api/texts/:language':
      'the app merges the published changes of its texts at every start, the sign-in page and the public links’ pages too, before anyone signs in; they are the interface’s words, which the app ships anyway',
  },
};
