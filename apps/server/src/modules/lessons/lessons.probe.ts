import type { AreaProbe } from '../../test/area-probes.ts';

/** What the lessons area adds to the API probes (`test/area-probes.ts`): the child's screen. */
export const probe: AreaProbe = {
  objects: {},
  publicOperations: {
    'GET /api/play-lesson/:token':
      "the child's screen: the lesson's session link's random, revocable token is the key",
    'GET /api/play-lesson/:token/slide': "a slide image of the child's screen, by the same token",
    'GET /api/play-lesson/:token/events': "the child's screen's live stream, by the same token",
  },
};
