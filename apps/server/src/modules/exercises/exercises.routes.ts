import {
  API,
  EXERCISE_STATUS,
  dataEnvelope,
  errorBody,
  exerciseActingQuery,
  exerciseAuthorsEnvelope,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import {
  bulkDelete,
  bulkToggle,
  castVote,
  changeStatus,
  createExercise,
  deleteExercise,
  markLatest,
  takeRequest,
  updateExercise,
} from './exercise-commands.ts';
import {
  getExercise,
  latestExercise,
  listAuthors,
  listExercises,
  listForAuthor,
  listForAuthorAuthors,
  listForTeacher,
} from './exercise-queries.ts';
import { exerciseStats } from './exercise-stats.ts';

const item = `${API.exercises}/:exerciseId`;

const itemErrors = { 404: errorBody };
const tags = ['exercises'];

export const exercisesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.exercises,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'A page of the exercises the role reads (moderator all; author own, requests, accepted; teacher accepted), newest first, with every status tab’s counter',
        querystring: exercisesQuery,
        response: { 200: exercisePageEnvelope },
      },
    },
    async (request) => listExercises(app.db, actingOf(request), request.query),
  );

  app.get(
    API.exercisesForAuthor,
    {
      config: { permission: 'exercises.author' },
      schema: {
        tags,
        summary: "The author's own and assigned exercises and every open request, with counters",
        querystring: exercisesForAuthorQuery,
        response: { 200: exercisePageEnvelope },
      },
    },
    async (request) => listForAuthor(app.db, actingOf(request), request.query),
  );

  app.get(
    API.exercisesAuthors,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'Everyone the exercises the role reads are by (the assigned author when set, else the author), by name: the author filter’s choices',
        querystring: exerciseActingQuery,
        response: { 200: exerciseAuthorsEnvelope },
      },
    },
    async (request) => ({ data: await listAuthors(app.db, actingOf(request)) }),
  );

  app.get(
    API.exercisesForAuthorAuthors,
    {
      config: { permission: 'exercises.author' },
      schema: {
        tags,
        summary:
          "Everyone the author's own list (`for-author`) is by: the author, and whoever filed its open requests",
        querystring: exerciseActingQuery,
        response: { 200: exerciseAuthorsEnvelope },
      },
    },
    async (request) => ({ data: await listForAuthorAuthors(app.db, actingOf(request)) }),
  );

  app.get(
    API.exercisesForTeacher,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'Accepted exercises; `category_id` keeps those in the category or under it, `protocol_id` and `client_id` those in the folders of that plan or of that student’s plans of the caller’s',
        querystring: exercisesForTeacherQuery,
        response: { 200: exercisePageEnvelope },
      },
    },
    async (request) => listForTeacher(app.db, actingOf(request), request.query),
  );

  app.get(
    API.exercisesLatest,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'The exercise the caller marked last (POST latest) while they can read it, else the one they can read that changed last, or null',
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(exerciseSchema.nullable()) },
      },
    },
    async (request) => ({ data: await latestExercise(app.db, actingOf(request)) }),
  );

  app.post(
    API.exercisesLatest,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'Marks the exercise the caller works on now (spec §7: body plus workspace_id); `GET latest` leads back to it',
        querystring: exerciseWriteQuery,
        body: exerciseLatestInput,
        response: { 200: dataEnvelope(exerciseSchema), ...itemErrors },
      },
    },
    async (request) => ({ data: await markLatest(app.db, actingOf(request), request.body) }),
  );

  app.get(
    API.exercisesStats,
    {
      config: { permission: 'exercises.moderate' },
      schema: {
        tags,
        summary: 'Exercises created and status changes by status in a range of days (UTC), and counts now',
        querystring: exerciseStatsQuery,
        response: { 200: dataEnvelope(exerciseStatsSchema) },
      },
    },
    async (request) => ({ data: await exerciseStats(app.db, actingOf(request).workspaceId, request.query) }),
  );

  app.get(
    item,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary: 'One exercise the caller can read; `with_activities` adds its status history',
        params: exerciseParams,
        querystring: exerciseQuery,
        response: { 200: dataEnvelope(exerciseSchema), ...itemErrors },
      },
    },
    async (request) => ({
      data: await getExercise(
        app.db,
        actingOf(request),
        request.params.exerciseId,
        request.query.with_activities,
      ),
    }),
  );

  app.post(
    API.exercises,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'An author starts a draft; a moderator files a request (`request` required). 409 exercise_title_taken',
        querystring: exerciseWriteQuery,
        body: exerciseInput,
        response: { 201: dataEnvelope(exerciseSchema), 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await createExercise(app.db, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    item,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'Changes the fields sent: a moderator any exercise, its author a draft or declined one (403 otherwise)',
        params: exerciseParams,
        querystring: exerciseWriteQuery,
        body: exerciseUpdate,
        response: { 200: dataEnvelope(exerciseSchema), 409: errorBody, ...itemErrors },
      },
    },
    async (request) => ({
      data: await updateExercise(app.db, actingOf(request), request.params.exerciseId, request.body),
    }),
  );

  app.delete(
    item,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary: 'Deletes an exercise: a moderator any, its author a draft (403 otherwise)',
        params: exerciseParams,
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(z.null()), ...itemErrors },
      },
    },
    async (request) => {
      await deleteExercise(app.db, app.files, actingOf(request), request.params.exerciseId);
      return { data: null };
    },
  );

  app.post(
    `${item}/status`,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'Moves the exercise by the status machine; 409 status_unchanged or transition_refused, 422 without a comment to decline or when incomplete for review',
        params: exerciseParams,
        querystring: exerciseActingQuery,
        body: exerciseStatusInput,
        response: { 200: dataEnvelope(exerciseSchema), 409: errorBody, ...itemErrors },
      },
    },
    async (request) => ({
      data: await changeStatus(app.db, actingOf(request), request.params.exerciseId, request.body),
    }),
  );

  app.post(
    `${item}/take`,
    {
      config: { permission: 'exercises.author' },
      schema: {
        tags,
        summary: `An author takes an open request: it becomes their draft (status ${EXERCISE_STATUS.draft}); 409 request_overdue past its deadline, 409 request_taken when another author took it first`,
        params: exerciseParams,
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(exerciseSchema), 409: errorBody, ...itemErrors },
      },
    },
    async (request) => ({ data: await takeRequest(app.db, actingOf(request), request.params.exerciseId) }),
  );

  for (const vote of ['like', 'dislike'] as const satisfies readonly Vote[]) {
    app.post(
      `${item}/${vote}`,
      {
        config: { permission: 'exercises.vote' },
        schema: {
          tags,
          summary: `Toggles the caller's ${vote} (spec §4); answers the caller's vote and the counts`,
          params: exerciseParams,
          querystring: exerciseActingQuery,
          response: { 200: dataEnvelope(voteResultSchema), ...itemErrors },
        },
      },
      async (request) => ({
        data: await castVote(app.db, actingOf(request), request.params.exerciseId, vote),
      }),
    );
  }

  app.post(
    API.exercisesBulkToggle,
    {
      config: { permission: 'exercises.moderate' },
      schema: {
        tags,
        summary: 'Sets one flag on every exercise named, all or nothing (404 when one is not the project’s)',
        querystring: exerciseActingQuery,
        body: exerciseBulkToggleInput,
        response: { 200: dataEnvelope(exerciseBulkResult), ...itemErrors },
      },
    },
    async (request) => ({
      data: await bulkToggle(app.db, actingOf(request).workspaceId, request.body),
    }),
  );

  app.post(
    API.exercisesBulkDelete,
    {
      config: { permission: 'exercises.moderate' },
      schema: {
        tags,
        summary: 'Deletes every exercise named, all or nothing (404 when one is not the project’s)',
        querystring: exerciseActingQuery,
        body: exerciseBulkDeleteInput,
        response: { 200: dataEnvelope(exerciseBulkResult), ...itemErrors },
      },
    },
    async (request) => ({
      data: await bulkDelete(app.db, app.files, actingOf(request).workspaceId, request.body),
    }),
  );
};
