import {
  API,
  dataEnvelope,
  errorBody,
  lessonActingQuery,
  lessonMarksSchema,
  lessonParams,
  markInput,
  undoMarkQuery,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { addMark, listMarks, undoLastMark } from './marks.service.ts';

const tags = ['lessons'];
const marks = `${API.lesson}/:lessonId/marks`;
const conflicts = { 404: errorBody, 409: errorBody };

/** The trials the teacher marks in the lesson player (issue 15, item 4). */
export const lessonMarksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    marks,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'The lesson’s marked trials, per exercise: the counts of correct, incorrect and cued, and the trials in order',
        params: lessonParams,
        querystring: lessonActingQuery,
        response: { 200: dataEnvelope(lessonMarksSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await listMarks(app.db, actingOf(request), request.params.lessonId) }),
  );

  app.post(
    marks,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Marks the next trial of an exercise of the lesson: correct, incorrect, or cued with its cue; 422 for an exercise not in the lesson, 409 once the lesson is finished or while it is being regenerated',
        params: lessonParams,
        querystring: lessonActingQuery,
        body: markInput,
        response: { 200: dataEnvelope(lessonMarksSchema), ...conflicts },
      },
    },
    async (request) => ({
      data: await addMark(app.db, actingOf(request), request.params.lessonId, request.body),
    }),
  );

  app.delete(
    `${marks}/last`,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Undoes the last marked trial of an exercise of the lesson (nothing when it has none); 409 once the lesson is finished or while it is being regenerated',
        params: lessonParams,
        querystring: undoMarkQuery,
        response: { 200: dataEnvelope(lessonMarksSchema), ...conflicts },
      },
    },
    async (request) => ({
      data: await undoLastMark(app.db, actingOf(request), request.params.lessonId, request.query.exercise_id),
    }),
  );
};
