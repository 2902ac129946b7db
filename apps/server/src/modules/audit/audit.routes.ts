import { API, auditEntrySchema, auditQuery, pageEnvelope } from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.auditLog,
    {
      config: { permission: 'auditLog.read' },
      schema: {
        tags: ['audit'],
        summary: 'The audit log of sensitive actions, newest first (root)',
        querystring: auditQuery,
        response: { 200: pageEnvelope(auditEntrySchema) },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
