import {
  API,
  dataEnvelope,
  pageEnvelope,
  settingsChangeSchema,
  settingsHistoryQuery,
  settingsOverviewSchema,
  settingsQuery,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { settingsHistory, settingsOverview } from './settings.service.ts';

const tags = ['settings'];
const config = { permission: 'settings.read' } as const;

/** The settings screen's reads; the settings are written through `/storage/app_settings` (spec §7). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.settings,
    {
      config,
      schema: {
        tags,
        summary:
          'An environment’s settings as the product reads them, and the settings kept elsewhere (server configuration, each project’s own), read-only with where they are changed',
        querystring: settingsQuery,
        response: { 200: dataEnvelope(settingsOverviewSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const envId = request.query.env_id ?? user.env_id;
      return { data: await settingsOverview(app.db, app.config, envId, user.env_id) };
    },
  );

  app.get(
    API.settingsHistory,
    {
      config,
      schema: {
        tags,
        summary:
          'The changes of an environment’s settings, newest first: which, before and after, who and when',
        querystring: settingsHistoryQuery,
        response: { 200: pageEnvelope(settingsChangeSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return settingsHistory(app.db, request.query.env_id ?? user.env_id, request.query);
    },
  );
};
