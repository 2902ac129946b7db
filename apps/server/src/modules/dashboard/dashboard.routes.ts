import { API, dashboardSchema, dataEnvelope } from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readDashboard } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.dashboard,
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags: ['dashboard'],
        summary: "The root dashboard's figures: users, projects, roles, students, sign-ins (root)",
        response: { 200: dataEnvelope(dashboardSchema) },
      },
    },
    async () => ({ data: await readDashboard(app.db) }),
  );
};
