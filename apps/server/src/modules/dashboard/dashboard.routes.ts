import { API, dashboardSchema, dataEnvelope, errorBody } from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readDashboard } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.dashboard,
    {
      preValidation: [app.authenticate, app.authorize('dashboard.read')],
      schema: {
        tags: ['dashboard'],
        summary: "The root dashboard's figures: users, projects, roles, students, sign-ins (root)",
        security: [{ bearer: [] }],
        response: { 200: dataEnvelope(dashboardSchema), 401: errorBody, 403: errorBody },
      },
    },
    async () => ({ data: await readDashboard(app.db) }),
  );
};
