import {
  API,
  dataEnvelope,
  errorBody,
  idParam,
  pageEnvelope,
  workspaceInput,
  workspaceListItem,
  workspaceParams,
  workspaceSchema,
  workspacesQuery,
  workspaceUpdate,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import {
  createWorkspace,
  getWorkspace,
  listWorkspaces,
  setWorkspaceArchived,
  updateWorkspace,
  type WorkspaceActor,
} from './workspaces.service.ts';

/** `role_id`: the role a member acts as in the project of the path (DESIGN §4). */
const actingQuery = z.object({ role_id: idParam.optional() });

const actor = (request: FastifyRequest): WorkspaceActor => ({
  userId: requireAuth(request).user.id,
  ip: request.ip,
  lang: request.lang,
  ...(request.acting ? { role: request.acting.role } : {}),
});

export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { path, archived } of [
    { path: API.workspaces, archived: false },
    { path: API.archivedWorkspaces, archived: true },
  ]) {
    app.get(
      path,
      {
        preValidation: [app.authenticate, app.authorize('workspaces.manage')],
        schema: {
          tags: ['workspaces'],
          summary: archived
            ? 'Archived projects, by title (root)'
            : 'Active projects, by title; `term` searches titles (root)',
          security: [{ bearer: [] }],
          querystring: workspacesQuery,
          response: { 200: pageEnvelope(workspaceListItem), 401: errorBody, 403: errorBody, 422: errorBody },
        },
      },
      async (request) => listWorkspaces(app.db, archived, request.query),
    );
  }

  app.post(
    API.workspaces,
    {
      preValidation: [app.authenticate, app.authorize('workspaces.manage')],
      schema: {
        tags: ['workspaces'],
        summary: 'Creates a project; its title must be new, ignoring case (root)',
        security: [{ bearer: [] }],
        body: workspaceInput,
        response: {
          201: dataEnvelope(workspaceListItem),
          401: errorBody,
          403: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const data = await createWorkspace(app.db, request.body, actor(request));
      return reply.status(201).send({ data });
    },
  );

  app.get(
    `${API.workspaces}/:workspaceId`,
    {
      preValidation: [app.authenticate, app.authorize('workspaces.read')],
      schema: {
        tags: ['workspaces'],
        summary: "A project's details, for its members",
        security: [{ bearer: [] }],
        params: workspaceParams,
        querystring: actingQuery,
        response: { 200: dataEnvelope(workspaceSchema), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await getWorkspace(app.db, request.params.workspaceId) }),
  );

  app.put(
    `${API.workspaces}/:workspaceId`,
    {
      preValidation: [app.authenticate, app.authorize('workspaces.manage')],
      schema: {
        tags: ['workspaces'],
        summary: "Changes a project's title, description or environment (root)",
        security: [{ bearer: [] }],
        params: workspaceParams,
        body: workspaceUpdate,
        response: {
          200: dataEnvelope(workspaceListItem),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => ({
      data: await updateWorkspace(app.db, request.params.workspaceId, request.body, actor(request)),
    }),
  );

  app.post(
    `${API.workspaces}/:workspaceId/archive`,
    {
      preValidation: [app.authenticate, app.authorize('workspaces.archive')],
      schema: {
        tags: ['workspaces'],
        summary: 'Archives a project: its members lose their roles there until it is restored',
        security: [{ bearer: [] }],
        params: workspaceParams,
        querystring: actingQuery,
        response: {
          200: dataEnvelope(workspaceListItem),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => ({
      data: await setWorkspaceArchived(app.db, request.params.workspaceId, true, actor(request)),
    }),
  );

  app.post(
    `${API.workspaces}/:workspaceId/restore`,
    {
      preValidation: [app.authenticate, app.authorize('workspaces.manage')],
      schema: {
        tags: ['workspaces'],
        summary: 'Restores an archived project (root)',
        security: [{ bearer: [] }],
        params: workspaceParams,
        response: {
          200: dataEnvelope(workspaceListItem),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => ({
      data: await setWorkspaceArchived(app.db, request.params.workspaceId, false, actor(request)),
    }),
  );
};
