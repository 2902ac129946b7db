import {
  API,
  actingAsQuery,
  clientDuplicateSchema,
  clientDuplicatesQuery,
  clientInput,
  clientListItemSchema,
  clientParams,
  clientPathPath,
  clientPathSchema,
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
import { findDuplicates } from './client-duplicates.ts';
import { clientPath } from './client-path.ts';
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
        summary:
          "The teacher's own students in the project, by child name, each with the current plan (its status judged in `time_zone`) and the next lesson; `term` searches the child's and the parent's name",
        querystring: clientsQuery,
        response: { 200: pageEnvelope(clientListItemSchema) },
      },
    },
    async (request) => listClients(app.db, owner(request), request.query),
  );

  app.get(
    API.clientDuplicates,
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags: ['clients'],
        summary:
          "The teacher's own students that look like one about to be saved: the same child's name (case and spaces aside) and birthdate, or the same parent's e-mail; `except_id` (404 unless hers) leaves out the student being edited",
        querystring: clientDuplicatesQuery,
        response: { 200: dataEnvelope(clientDuplicateSchema.array()), 404: errorBody },
      },
    },
    async (request) => ({ data: await findDuplicates(app.db, owner(request), request.query) }),
  );

  app.get(
    clientPathPath(':clientId'),
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags: ['clients'],
        summary:
          "What one of the teacher's students' correction path shows beside the plans, the earliest first: the lessons held (finished, or with trials marked) with their marks and accuracy, and the diagnoses",
        params: clientParams,
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(clientPathSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await clientPath(app.db, owner(request), request.params.clientId) }),
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
