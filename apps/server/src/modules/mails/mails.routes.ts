import { API, mailSchema, mailsQuery, pageEnvelope } from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMails } from './mails.service.ts';

export const mailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.mails,
    {
      config: { permission: 'mails.read' },
      schema: {
        tags: ['mails'],
        summary: 'The outbox: every mail sent or kept, with how it left, newest first (root)',
        querystring: mailsQuery,
        response: { 200: pageEnvelope(mailSchema) },
      },
    },
    async (request) => listMails(app.db, request.query),
  );
};
