import {
  API,
  autoModerationSettingsInput,
  autoModerationSettingsSchema,
  dataEnvelope,
  errorBody,
  exerciseActingQuery,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAutoModeration, saveAutoModeration } from './auto-moderation.service.ts';
import { caller } from './exercises.routes.ts';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };
const security = [{ bearer: [] }];
const tags = ['exercises'];

/** A project's auto-moderation settings (issue 6): the rules run when an exercise is submitted. */
export const autoModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.exercisesAutoModeration,
    {
      preValidation: [app.authenticate, app.authorize('exercises.autoModeration')],
      schema: {
        tags,
        summary: "The project's auto-moderation settings (the defaults, off, while never saved)",
        security,
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(autoModerationSettingsSchema), ...errors },
      },
    },
    async (request) => ({ data: await getAutoModeration(app.db, caller(request).workspaceId) }),
  );

  app.put(
    API.exercisesAutoModeration,
    {
      preValidation: [app.authenticate, app.authorize('exercises.autoModeration')],
      schema: {
        tags,
        summary: "Replaces the project's auto-moderation settings: the mode, every rule, what a pass does",
        security,
        querystring: exerciseActingQuery,
        body: autoModerationSettingsInput,
        response: { 200: dataEnvelope(autoModerationSettingsSchema), ...errors },
      },
    },
    async (request) => {
      const { workspaceId, userId } = caller(request);
      return {
        data: await saveAutoModeration(app.db, { workspaceId, userId, ip: request.ip }, request.body),
      };
    },
  );
};
