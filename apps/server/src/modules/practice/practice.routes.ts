import {
  API,
  clientParams,
  clientPracticePath,
  dataEnvelope,
  errorBody,
  familyPracticePath,
  familyPracticeSchema,
  lessonParams,
  lessonPracticePath,
  lessonPracticeSchema,
  practiceActingQuery,
  practiceAssignInput,
  practiceAssignmentSchema,
  practiceChangeInput,
  practiceParams,
  practicePlaySchema,
  practiceSlideQuery,
  practiceTryInput,
  practiceTrySchema,
  publicLinkParams,
  studentPracticeSchema,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { notFound } from '../../errors/app-error.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { EXERCISE_FILES } from '../exercises/index.ts';
import { publicRead } from '../public-links/index.ts';
import { familyPractice, playPractice, practiceSlide, recordTry } from './practice-family.service.ts';
import {
  assignPractice,
  changePractice,
  lessonPractice,
  readPractice,
  studentPractice,
  withdrawPractice,
} from './practice.service.ts';

const tags = ['practice'];
const one = `${API.practiceAssignments}/:assignmentId`;
const byToken = `${API.homePractice}/:token`;
const binary = z.any().meta({ type: 'string', format: 'binary' });
const assignment = dataEnvelope(practiceAssignmentSchema);

/**
 * Home practice (issue 29 item 2, decision 038): the teacher's assignments of her lessons, and the
 * parent's player by each assignment's link. The link itself is the kit's (`practice-link.ts`).
 */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest) => ({ db: app.db, baseUrl: publicBaseUrl(app.config, request) });
  const teacher = { permission: 'lessons.manage' as const };

  app.post(
    API.practiceAssignments,
    {
      config: teacher,
      schema: {
        tags,
        summary:
          "Assigns one of the teacher's lessons (all its presentations, or chosen ones) as home practice for its student, with its link; 409 when the lesson has a live assignment or no presentations; 422 for an exercise not in the lesson",
        querystring: practiceActingQuery,
        body: practiceAssignInput,
        response: { 201: assignment, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await assignPractice(ctx(request), actingOf(request), request.body) }),
  );

  app.get(
    one,
    {
      config: teacher,
      schema: {
        tags,
        summary: "One of the teacher's home-practice assignments, with the family's tries per presentation",
        params: practiceParams,
        querystring: practiceActingQuery,
        response: { 200: assignment, 404: errorBody },
      },
    },
    async (request) => ({
      data: await readPractice(ctx(request), actingOf(request), request.params.assignmentId),
    }),
  );

  app.put(
    one,
    {
      config: teacher,
      schema: {
        tags,
        summary:
          'Changes what a home-practice assignment holds (chosen exercises, or null: all); 409 once withdrawn; 422 for an exercise not in the lesson',
        params: practiceParams,
        querystring: practiceActingQuery,
        body: practiceChangeInput,
        response: { 200: assignment, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await changePractice(ctx(request), actingOf(request), request.params.assignmentId, request.body),
    }),
  );

  app.delete(
    one,
    {
      config: teacher,
      schema: {
        tags,
        summary:
          'Withdraws a home-practice assignment and its link (the family can no longer open it; its tries stay)',
        params: practiceParams,
        querystring: practiceActingQuery,
        response: { 200: assignment, 404: errorBody },
      },
    },
    async (request) => ({
      data: await withdrawPractice(ctx(request), actingOf(request), request.params.assignmentId),
    }),
  );

  app.get(
    lessonPracticePath(':lessonId'),
    {
      config: teacher,
      schema: {
        tags,
        summary: "The live home-practice assignment of one of the teacher's lessons, or null",
        params: lessonParams,
        querystring: practiceActingQuery,
        response: { 200: dataEnvelope(lessonPracticeSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await lessonPractice(ctx(request), actingOf(request), request.params.lessonId),
    }),
  );

  app.get(
    clientPracticePath(':clientId'),
    {
      config: teacher,
      schema: {
        tags,
        summary:
          "One of the teacher's students' home practice for the correction path: each assignment with the family's tries per presentation, the totals, the days practised and the last try",
        params: clientParams,
        querystring: practiceActingQuery,
        response: { 200: dataEnvelope(studentPracticeSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await studentPractice(ctx(request), actingOf(request), request.params.clientId),
    }),
  );

  // Public: the random token is the key, under the kit's one rate limit and no-store (decision 029).

  app.get(
    byToken,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The parent's player by a home-practice link (public): the child's first name, the lesson's number, each presentation's slide images and the family's tries; 404 for a wrong or withdrawn link",
        params: publicLinkParams,
        response: { 200: dataEnvelope(practicePlaySchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await playPractice(app.db, request.params.token) }),
  );

  app.get(
    `${byToken}/slide`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          'One slide image of a presentation of the home practice by its link (public), from 0; 404 for anything it does not play',
        params: publicLinkParams,
        querystring: practiceSlideQuery,
        produces: ['image/png', 'image/jpeg'],
        response: { 200: binary, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { exercise_id: exerciseId, slide } = request.query;
      const file = await practiceSlide(app.db, request.params.token, exerciseId, slide);
      const stream = await app.files.open(EXERCISE_FILES, file.storedName);
      if (!stream) throw notFound();
      return reply
        .type(file.mime)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  app.post(
    `${byToken}/tries`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "One tap of the parent's player (public, by the home-practice link): how a try went, stored at once; the same key again records nothing more; 422 for an exercise the practice does not play",
        params: publicLinkParams,
        body: practiceTryInput,
        response: { 200: dataEnvelope(practiceTrySchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await recordTry(app.db, request.params.token, request.lang, request.body),
    }),
  );

  app.get(
    familyPracticePath(':token'),
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The child's home practice on the family's dashboard (public, by the dashboard link): each live assignment's link, presentations and tries; 404 for a wrong or withdrawn link",
        params: publicLinkParams,
        response: { 200: dataEnvelope(familyPracticeSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await familyPractice(ctx(request), request.params.token) }),
  );
};
