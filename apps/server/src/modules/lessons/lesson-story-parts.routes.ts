import {
  API,
  dataEnvelope,
  errorBody,
  lessonActingQuery,
  lessonParams,
  lessonSchema,
  lessonStoryPartInput,
  lessonStoryPartParams,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { addStoryPart, removeStoryPart } from './lesson-story-parts.ts';

const tags = ['lessons'];
const parts = `${API.lesson}/:lessonId${API.lessonStoryParts}`;
const conflicts = { 404: errorBody, 409: errorBody };

/** A lesson's story parts (issue 30 item 1): a teacher adds a part of a published story, or removes it. */
export const lessonStoryPartsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    parts,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          "Puts a part of a published story's latest version into the teacher's lesson, played after its presentations; 404 for a story not published in the project, 422 for a part it lacks, 409 when the lesson has it already, is being regenerated or is finished",
        params: lessonParams,
        querystring: lessonActingQuery,
        body: lessonStoryPartInput,
        response: { 201: dataEnvelope(lessonSchema), ...conflicts },
      },
    },
    async (request, reply) => {
      const data = await addStoryPart(app.db, actingOf(request), request.params.lessonId, request.body);
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    `${parts}/:partId`,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          "Takes a story part out of the teacher's lesson; 409 while it is being regenerated or once finished",
        params: lessonStoryPartParams,
        querystring: lessonActingQuery,
        response: { 200: dataEnvelope(lessonSchema), ...conflicts },
      },
    },
    async (request) => ({
      data: await removeStoryPart(app.db, actingOf(request), request.params.lessonId, request.params.partId),
    }),
  );
};
