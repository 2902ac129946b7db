import { API, appConfigSchema, dataEnvelope, errorBody, healthSchema } from '@logoschool/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { servedVersion } from '../../version.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read once: a new build is served by a new start (a deploy restarts the server).
  const version = servedVersion(app.config.webDist);
  app.get(
    API.health,
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary:
          'Whether the API and its database answer; the version served (the web build’s, which open pages compare with their own)',
        response: { 200: dataEnvelope(healthSchema), 500: errorBody },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { data: { status: 'ok' as const, version, db: app.database.kind } };
    },
  );

  app.get(
    API.appConfig,
    {
      schema: {
        tags: ['health'],
        summary:
          'Run-time settings of the web app: the chat widget, when one is configured, the vacancy links by environment, and where the server runs (outside production the header shows the dev badge)',
        response: { 200: dataEnvelope(appConfigSchema) },
      },
    },
    async () => {
      const { chat, vacancyUrls } = app.config;
      return {
        data: {
          chat: chat ? { script_url: chat.scriptUrl, host: chat.host, token: chat.token } : null,
          vacancy_urls: vacancyUrls,
          environment: app.config.NODE_ENV,
        },
      };
    },
  );
};
