import {
  API,
  autoModerationSettingsInput,
  autoModerationSettingsSchema,
  dataEnvelope,
  exerciseActingQuery,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { getAutoModeration, saveAutoModeration } from './auto-moderation.service.ts';

const tags = ['exercises'];

/** A project's auto-moderation settings (issue 6): the rules run when an exercise is submitted. */
export const autoModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.exercisesAutoModeration,
    {
      config: { permission: 'exercises.autoModeration' },
      schema: {
        tags,
        summary: "The project's auto-moderation settings (the defaults, off, while never saved)",
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(autoModerationSettingsSchema) },
      },
    },
    async (request) => ({ data: await getAutoModeration(app.db, actingOf(request).workspaceId) }),
  );

  app.put(
    API.exercisesAutoModeration,
    {
      config: { permission: 'exercises.autoModeration' },
      schema: {
        tags,
        summary: "Replaces the project's auto-moderation settings: the mode, every rule, what a pass does",
        querystring: exerciseActingQuery,
        body: autoModerationSettingsInput,
        response: { 200: dataEnvelope(autoModerationSettingsSchema) },
      },
    },
    async (request) => {
      const { workspaceId, userId } = actingOf(request);
      return {
        data: await saveAutoModeration(app.db, { workspaceId, userId, ip: request.ip }, request.body),
      };
    },
  );
};
