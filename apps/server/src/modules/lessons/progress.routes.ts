import {
  actingAsQuery,
  clientParams,
  clientProgressPath,
  dataEnvelope,
  errorBody,
  studentProgressSchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { studentProgress } from './progress.service.ts';

/** A student's progress from the marks, on the correction path (issue 15, item 6). */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    clientProgressPath(':clientId'),
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags: ['lessons'],
        summary:
          "One of the teacher's students' progress from the marks: per block target, each lesson's correct, incorrect and cued trials, the accuracy and the cued share",
        params: clientParams,
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(studentProgressSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await studentProgress(app.db, actingOf(request), request.params.clientId),
    }),
  );
};
