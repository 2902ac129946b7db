import { API, appConfigSchema, dataEnvelope, errorBody, healthSchema } from '@logoschool/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.health,
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Whether the API and its database answer; the running version',
        response: { 200: dataEnvelope(healthSchema), 500: errorBody },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { data: { status: 'ok' as const, version: APP_VERSION, db: app.database.kind } };
    },
  );

  app.get(
    API.appConfig,
    {
      schema: {
        tags: ['health'],
        summary:
          'Run-time settings of the web app: the chat widget, when one is configured, and the vacancy links by environment',
        response: { 200: dataEnvelope(appConfigSchema) },
      },
    },
    async () => {
      const { chat, vacancyUrls } = app.config;
      return {
        data: {
          chat: chat ? { script_url: chat.scriptUrl, host: chat.host, token: chat.token } : null,
          vacancy_urls: vacancyUrls,
        },
      };
    },
  );
};
