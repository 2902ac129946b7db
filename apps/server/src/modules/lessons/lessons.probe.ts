import { API, type LessonMarks } from '@logoschool/contract';
import type { AreaProbe } from '../../test/area-probes.ts';

/**
 * What the lessons area adds to the API probes (`test/area-probes.ts`): a cued trial marked in the
 * project's lesson, which `:markId` names, and the child's screen.
 */
export const probe: AreaProbe = {
  objects: {
    mark: async ({ call, built }) => {
      const response = await call('teacher', 'POST', `/api${API.lesson}/${built.lesson}/marks`, {
        exercise_id: built.exercise,
        result: 'cued',
      });
      if (response.statusCode !== 200) throw new Error(`mark: ${response.statusCode} ${response.body}`);
      const marks = (response.json() as { data: LessonMarks }).data;
      const trial = marks.exercises[0]?.trials[0];
      if (!trial) throw new Error(`mark: no trial in ${response.body}`);
      return trial.id;
    },
  },
  pathParams: { markId: 'mark' },
  publicOperations: {
    'GET /api/play-lesson/:token':
      "the child's screen: the lesson's session link's random, revocable token is the key",
    'GET /api/play-lesson/:token/slide': "a slide image of the child's screen, by the same token",
    'GET /api/play-lesson/:token/events': "the child's screen's live stream, by the same token",
  },
};
