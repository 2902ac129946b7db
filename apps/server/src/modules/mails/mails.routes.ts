import { API, errorBody, mailSchema, mailsQuery, pageEnvelope } from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMails } from './mails.service.ts';

export const mailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.mails,
    {
      preValidation: [app.authenticate, app.authorize('mails.read')],
      schema: {
        tags: ['mails'],
        summary: 'The outbox: every mail sent or kept, with how it left, newest first (root)',
        security: [{ bearer: [] }],
        querystring: mailsQuery,
        response: { 200: pageEnvelope(mailSchema), 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request) => listMails(app.db, request.query),
  );
};
