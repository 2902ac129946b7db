import { API } from '@logoschool/contract';
import type { AreaProbe } from '../../test/area-probes.ts';

/**
 * What the diagnostics area adds to the API probes' project (`test/area-probes.ts`): a recommended
 * program holding the project's exercise, by the moderator, which `:programId` and `program_id` name;
 * and the parents' diagnosis pages anyone holding their link may read.
 */
export const probe: AreaProbe = {
  objects: {
    program: async ({ call, marker, built }) => {
      const response = await call('moderator', 'POST', `/api${API.recommendedPrograms}`, {
        kind: 'program',
        name: `${marker} Program`,
        items: [{ exercise_id: built.exercise, note: `${marker} note` }],
      });
      if (response.statusCode !== 201) throw new Error(`program: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: { id: number } }).data.id;
    },
  },
  pathParams: { programId: 'program' },
  bodyFields: { program_id: 'program' },
  publicOperations: {
    'GET /api/public/dc/:token':
      "the parents' diagnostic card page: its link's random, revocable token is the key",
    'GET /api/public/dc/:token/progress': "the parents' progress page, by the same token",
    'GET /api/public/dc/:token/pdf': "the parents' diagnostic card as a PDF, by the same token",
  },
};
