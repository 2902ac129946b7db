import {
  API,
  dataEnvelope,
  errorBody,
  lessonActingQuery,
  lessonMarksSchema,
  lessonParams,
  markCueInput,
  markInput,
  markParams,
  undoMarkQuery,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { addMark, listMarks, setMarkCue, undoLastMark } from './marks.service.ts';

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
          'Marks the next trial of an exercise of the lesson: correct, incorrect, or cued (its cue with it, or later); 422 for an exercise not in the lesson, 409 once the lesson is finished or while it is being regenerated',
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

  app.put(
    `${marks}/:markId/cue`,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Sets or changes the cue of a cued trial of the lesson (null: not said); 404 for a mark not of the lesson, 422 for a trial that was not cued, 409 once the lesson is finished or while it is being regenerated',
        params: markParams,
        querystring: lessonActingQuery,
        body: markCueInput,
        response: { 200: dataEnvelope(lessonMarksSchema), ...conflicts },
      },
    },
    async (request) => ({
      data: await setMarkCue(
        app.db,
        actingOf(request),
        request.params.lessonId,
        request.params.markId,
        request.body,
      ),
    }),
  );
};
