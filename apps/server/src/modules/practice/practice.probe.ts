import { API, type PracticeAssignment } from '@logoschool/contract';
import type { AreaProbe } from '../../test/area-probes.ts';

/**
 * What home practice adds to the API probes (`test/area-probes.ts`): the project's lesson assigned
 * as home practice (`:assignmentId`), and the family's public operations.
 */
export const probe: AreaProbe = {
  objects: {
    practiceAssignment: async ({ call, built }) => {
      const response = await call('teacher', 'POST', `/api${API.practiceAssignments}`, {
        lesson_id: built.lesson,
      });
      if (response.statusCode !== 201) throw new Error(`practice: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: PracticeAssignment }).data.id;
    },
  },
  pathParams: { assignmentId: 'practiceAssignment' },
  publicOperations: {
    'GET /api/home-practice/:token':
      "the parent's player: the home-practice assignment's random, revocable link token is the key",
    'GET /api/home-practice/:token/slide': "a slide image of the parent's player, by the same token",
    'POST /api/home-practice/:token/tries':
      'a parent taps how a try went, by the same token (each tap with its own key, stored once)',
    'GET /api/parent-dashboard/:token/practice':
      "the child's home practice on the family's dashboard: the dashboard link's random, revocable token is the key",
  },
};
