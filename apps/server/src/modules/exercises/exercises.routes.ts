import {
  API,
  EXERCISE_STATUS,
  dataEnvelope,
  errorBody,
  exerciseActingQuery,
  exerciseBulkDeleteInput,
  exerciseBulkResult,
  exerciseBulkToggleInput,
  exerciseInput,
  exerciseLatestInput,
  exercisePageEnvelope,
  exerciseParams,
  exerciseQuery,
  exerciseSchema,
  exerciseStatsQuery,
  exerciseStatsSchema,
  exerciseStatusInput,
  exerciseUpdate,
  exerciseWriteQuery,
  exercisesForAuthorQuery,
  exercisesForTeacherQuery,
  exercisesQuery,
  voteResultSchema,
  type Vote,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  bulkDelete,
  bulkToggle,
  castVote,
  changeStatus,
  createExercise,
  deleteExercise,
  exerciseStats,
  getExercise,
  latestExercise,
  listExercises,
  listForAuthor,
  listForTeacher,
  markLatest,
  takeRequest,
  updateExercise,
  type ExerciseCaller,
} from './exercises.service.ts';

/** The caller, in the project and role `app.authorize` let the request act in. */
export function caller(request: FastifyRequest): ExerciseCaller {
  const { user } = requireAuth(request);
  // `app.authorize` always sets it for a project action; without it there is no project to act in.
  if (!request.acting) throw new AppError('forbidden');
  return {
    workspaceId: request.acting.workspaceId,
    role: request.acting.role,
    userId: user.id,
    lang: request.lang,
  };
}

const item = `${API.exercises}/:exerciseId`;

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };
const itemErrors = { ...errors, 404: errorBody };
const security = [{ bearer: [] }];
const tags = ['exercises'];

export const exercisesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.exercises,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary:
          'A page of the exercises the role reads (moderator all; author own, requests, accepted; teacher accepted), newest first, with every status tab’s counter',
        security,
        querystring: exercisesQuery,
        response: { 200: exercisePageEnvelope, ...errors },
      },
    },
    async (request) => listExercises(app.db, caller(request), request.query),
  );

  app.get(
    API.exercisesForAuthor,
    {
      preValidation: [app.authenticate, app.authorize('exercises.author')],
      schema: {
        tags,
        summary: "The author's own and assigned exercises and every open request, with counters",
        security,
        querystring: exercisesForAuthorQuery,
        response: { 200: exercisePageEnvelope, ...errors },
      },
    },
    async (request) => listForAuthor(app.db, caller(request), request.query),
  );

  app.get(
    API.exercisesForTeacher,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary:
          'Accepted exercises; `client_id` and `protocol_id` are taken and do not filter until lessons and protocols exist',
        security,
        querystring: exercisesForTeacherQuery,
        response: { 200: exercisePageEnvelope, ...errors },
      },
    },
    async (request) => listForTeacher(app.db, caller(request), request.query),
  );

  app.get(
    API.exercisesLatest,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary:
          'The exercise the caller marked last (POST latest) while they can read it, else the one they can read that changed last, or null',
        security,
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(exerciseSchema.nullable()), ...errors },
      },
    },
    async (request) => ({ data: await latestExercise(app.db, caller(request)) }),
  );

  app.post(
    API.exercisesLatest,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary:
          'Marks the exercise the caller works on now (spec §7: body plus workspace_id); `GET latest` leads back to it',
        security,
        querystring: exerciseWriteQuery,
        body: exerciseLatestInput,
        response: { 200: dataEnvelope(exerciseSchema), ...itemErrors },
      },
    },
    async (request) => ({ data: await markLatest(app.db, caller(request), request.body) }),
  );

  app.get(
    API.exercisesStats,
    {
      preValidation: [app.authenticate, app.authorize('exercises.moderate')],
      schema: {
        tags,
        summary: 'Exercises created and status changes by status in a range of days (UTC), and counts now',
        security,
        querystring: exerciseStatsQuery,
        response: { 200: dataEnvelope(exerciseStatsSchema), ...errors },
      },
    },
    async (request) => ({ data: await exerciseStats(app.db, caller(request).workspaceId, request.query) }),
  );

  app.get(
    item,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary: 'One exercise the caller can read; `with_activities` adds its status history',
        security,
        params: exerciseParams,
        querystring: exerciseQuery,
        response: { 200: dataEnvelope(exerciseSchema), ...itemErrors },
      },
    },
    async (request) => ({
      data: await getExercise(
        app.db,
        caller(request),
        request.params.exerciseId,
        request.query.with_activities,
      ),
    }),
  );

  app.post(
    API.exercises,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary:
          'An author starts a draft; a moderator files a request (`request` required). 409 exercise_title_taken',
        security,
        querystring: exerciseWriteQuery,
        body: exerciseInput,
        response: { 201: dataEnvelope(exerciseSchema), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createExercise(app.db, caller(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    item,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary:
          'Changes the fields sent: a moderator any exercise, its author a draft or declined one (403 otherwise)',
        security,
        params: exerciseParams,
        querystring: exerciseWriteQuery,
        body: exerciseUpdate,
        response: { 200: dataEnvelope(exerciseSchema), 409: errorBody, ...itemErrors },
      },
    },
    async (request) => ({
      data: await updateExercise(app.db, caller(request), request.params.exerciseId, request.body),
    }),
  );

  app.delete(
    item,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary: 'Deletes an exercise: a moderator any, its author a draft (403 otherwise)',
        security,
        params: exerciseParams,
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(z.null()), ...itemErrors },
      },
    },
    async (request) => {
      await deleteExercise(app.db, app.files, caller(request), request.params.exerciseId);
      return { data: null };
    },
  );

  app.post(
    `${item}/status`,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary:
          'Moves the exercise by the status machine; 409 status_unchanged or transition_refused, 422 without a comment to decline or when incomplete for review',
        security,
        params: exerciseParams,
        querystring: exerciseActingQuery,
        body: exerciseStatusInput,
        response: { 200: dataEnvelope(exerciseSchema), 409: errorBody, ...itemErrors },
      },
    },
    async (request) => ({
      data: await changeStatus(app.db, caller(request), request.params.exerciseId, request.body),
    }),
  );

  app.post(
    `${item}/take`,
    {
      preValidation: [app.authenticate, app.authorize('exercises.author')],
      schema: {
        tags,
        summary: `An author takes an open request: it becomes their draft (status ${EXERCISE_STATUS.draft}); 409 request_overdue past its deadline`,
        security,
        params: exerciseParams,
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(exerciseSchema), 409: errorBody, ...itemErrors },
      },
    },
    async (request) => ({ data: await takeRequest(app.db, caller(request), request.params.exerciseId) }),
  );

  for (const vote of ['like', 'dislike'] as const satisfies readonly Vote[]) {
    app.post(
      `${item}/${vote}`,
      {
        preValidation: [app.authenticate, app.authorize('exercises.vote')],
        schema: {
          tags,
          summary: `Toggles the caller's ${vote} (spec §4); answers the caller's vote and the counts`,
          security,
          params: exerciseParams,
          querystring: exerciseActingQuery,
          response: { 200: dataEnvelope(voteResultSchema), ...itemErrors },
        },
      },
      async (request) => ({
        data: await castVote(app.db, caller(request), request.params.exerciseId, vote),
      }),
    );
  }

  app.post(
    API.exercisesBulkToggle,
    {
      preValidation: [app.authenticate, app.authorize('exercises.moderate')],
      schema: {
        tags,
        summary: 'Sets one flag on every exercise named, all or nothing (404 when one is not the project’s)',
        security,
        querystring: exerciseActingQuery,
        body: exerciseBulkToggleInput,
        response: { 200: dataEnvelope(exerciseBulkResult), ...itemErrors },
      },
    },
    async (request) => ({
      data: await bulkToggle(app.db, caller(request).workspaceId, request.body),
    }),
  );

  app.post(
    API.exercisesBulkDelete,
    {
      preValidation: [app.authenticate, app.authorize('exercises.moderate')],
      schema: {
        tags,
        summary: 'Deletes every exercise named, all or nothing (404 when one is not the project’s)',
        security,
        querystring: exerciseActingQuery,
        body: exerciseBulkDeleteInput,
        response: { 200: dataEnvelope(exerciseBulkResult), ...itemErrors },
      },
    },
    async (request) => ({
      data: await bulkDelete(app.db, app.files, caller(request).workspaceId, request.body),
    }),
  );
};
