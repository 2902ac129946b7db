import {
  API,
  dataEnvelope,
  errorBody,
  generateBeforeLessonInput,
  lessonActingQuery,
  lessonGenerationSchema,
  lessonParams,
  lessonThemedParams,
  lessonThemedSchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { PPTX_MIME } from '../../files/pptx-deck.ts';
import { sendFile } from '../exercises/index.ts';
import {
  latestGeneration,
  lessonThemed,
  lessonThemedFile,
  requestGeneration,
} from './lesson-generation.service.ts';

const tags = ['lessons'];
const item = `${API.lesson}/:lessonId`;
const errors = { 404: errorBody };
const binary = z.any().meta({ type: 'string', format: 'binary' });

/** Themed versions of a lesson's decks for the student's interests (issue 15 item 2, spec §7). */
export const lessonGenerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.generateBeforeLesson,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Queues the themed versions of the lesson’s decks for the student’s interests as a job and locks the lesson until it ends (every change answers 409 `lesson_locked`); 202 with the run. 409 once finished, while a run is under way, or when the student has no interests or the lesson no presentations',
        querystring: lessonActingQuery,
        body: generateBeforeLessonInput,
        response: { 202: dataEnvelope(lessonGenerationSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send({ data: await requestGeneration(app.db, app.jobs, actingOf(request), request.body) }),
  );

  app.get(
    `${item}/generation`,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'The lesson’s latest run of themed versions (queued, running, done or failed, with its progress), or null when it never had one',
        params: lessonParams,
        querystring: lessonActingQuery,
        response: { 200: dataEnvelope(lessonGenerationSchema.nullable()), ...errors },
      },
    },
    async (request) => ({
      data: await latestGeneration(app.db, actingOf(request), request.params.lessonId),
    }),
  );

  app.get(
    `${item}/themed`,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'The student’s interests the project sees and the themed versions of the lesson’s decks made for them',
        params: lessonParams,
        querystring: lessonActingQuery,
        response: { 200: dataEnvelope(lessonThemedSchema), ...errors },
      },
    },
    async (request) => ({ data: await lessonThemed(app.db, actingOf(request), request.params.lessonId) }),
  );

  app.get(
    `${item}/themed/:generatedId/file`,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'The .pptx of a themed version of one of the lesson’s decks for one of the student’s interests, as an attachment',
        params: lessonThemedParams,
        querystring: lessonActingQuery,
        produces: [PPTX_MIME],
        response: { 200: binary, ...errors },
      },
    },
    async (request, reply) => {
      const { lessonId, generatedId } = request.params;
      const file = await lessonThemedFile(app.db, actingOf(request), lessonId, generatedId);
      return sendFile(reply, app.files, file, false);
    },
  );
};
