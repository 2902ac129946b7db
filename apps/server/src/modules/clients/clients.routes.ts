import {
  API,
  actingAsQuery,
  clientInput,
  clientParams,
  clientSchema,
  clientsQuery,
  clientUpdate,
  dataEnvelope,
  errorBody,
  pageEnvelope,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { AppError } from '../../errors/app-error.ts';
import { createClient, getClient, listClients, updateClient, type ClientOwner } from './clients.service.ts';

/** The caller's own students in the project `app.authorize` let the request act in. */
function owner(request: FastifyRequest): ClientOwner {
  const { user } = requireAuth(request);
  // `app.authorize` always sets it for a project action; without it there is no project to act in.
  if (!request.acting) throw new AppError('forbidden');
  return { workspaceId: request.acting.workspaceId, teacherId: user.id, lang: request.lang };
}

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.clients,
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags: ['clients'],
        summary: "The teacher's own students in the project, by child name; `term` searches names",
        querystring: clientsQuery,
        response: { 200: pageEnvelope(clientSchema) },
      },
    },
    async (request) => listClients(app.db, owner(request), request.query),
  );

  app.get(
    `${API.clients}/:clientId`,
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags: ['clients'],
        summary: "One of the teacher's own students",
        params: clientParams,
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(clientSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await getClient(app.db, owner(request), request.params.clientId) }),
  );

  app.post(
    API.clients,
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags: ['clients'],
        summary: 'Adds a student of the teacher in the project',
        querystring: actingAsQuery,
        body: clientInput,
        response: { 201: dataEnvelope(clientSchema) },
      },
    },
    async (request, reply) => {
      const client = await createClient(app.db, owner(request), request.body);
      return reply.status(201).send({ data: client });
    },
  );

  app.put(
    `${API.clients}/:clientId`,
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags: ['clients'],
        summary: "Changes the named fields of one of the teacher's own students",
        params: clientParams,
        querystring: actingAsQuery,
        body: clientUpdate,
        response: { 200: dataEnvelope(clientSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await updateClient(app.db, owner(request), request.params.clientId, request.body),
    }),
  );
};
