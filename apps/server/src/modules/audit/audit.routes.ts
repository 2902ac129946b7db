import { API, auditEntrySchema, auditQuery, errorBody, pageEnvelope } from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.auditLog,
    {
      preValidation: [app.authenticate, app.authorize('auditLog.read')],
      schema: {
        tags: ['audit'],
        summary: 'The audit log of sensitive actions, newest first (root)',
        security: [{ bearer: [] }],
        querystring: auditQuery,
        response: { 200: pageEnvelope(auditEntrySchema), 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
