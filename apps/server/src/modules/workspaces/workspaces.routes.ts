import {
  API,
  dataEnvelope,
  errorBody,
  pageEnvelope,
  workspaceInput,
  workspaceListItem,
  workspaceParams,
  workspacePathQuery,
  workspaceSchema,
  workspacesQuery,
  workspaceUpdate,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInOf } from '../../access/actor.ts';
import {
  createWorkspace,
  getWorkspace,
  listWorkspaces,
  setWorkspaceArchived,
  updateWorkspace,
  type WorkspaceActor,
} from './workspaces.service.ts';

const actor = (request: FastifyRequest): WorkspaceActor => ({
  ...signedInOf(request),
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
        config: { permission: 'workspaces.manage' },
        schema: {
          tags: ['workspaces'],
          summary: archived
            ? 'Archived projects, by title (root)'
            : 'Active projects, by title; `term` searches titles (root)',
          querystring: workspacesQuery,
          response: { 200: pageEnvelope(workspaceListItem) },
        },
      },
      async (request) => listWorkspaces(app.db, archived, request.query),
    );
  }

  app.post(
    API.workspaces,
    {
      config: { permission: 'workspaces.manage' },
      schema: {
        tags: ['workspaces'],
        summary: 'Creates a project; its title must be new, ignoring case (root)',
        body: workspaceInput,
        response: {
          201: dataEnvelope(workspaceListItem),
          409: errorBody,
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
      config: { permission: 'workspaces.read' },
      schema: {
        tags: ['workspaces'],
        summary: "A project's details, for its members",
        params: workspaceParams,
        querystring: workspacePathQuery,
        response: { 200: dataEnvelope(workspaceSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await getWorkspace(app.db, request.params.workspaceId) }),
  );

  app.put(
    `${API.workspaces}/:workspaceId`,
    {
      config: { permission: 'workspaces.manage' },
      schema: {
        tags: ['workspaces'],
        summary: "Changes a project's title, description or environment (root)",
        params: workspaceParams,
        body: workspaceUpdate,
        response: {
          200: dataEnvelope(workspaceListItem),
          404: errorBody,
          409: errorBody,
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
      config: { permission: 'workspaces.archive' },
      schema: {
        tags: ['workspaces'],
        summary: 'Archives a project: its members lose their roles there until it is restored',
        params: workspaceParams,
        querystring: workspacePathQuery,
        response: {
          200: dataEnvelope(workspaceListItem),
          404: errorBody,
          409: errorBody,
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
      config: { permission: 'workspaces.manage' },
      schema: {
        tags: ['workspaces'],
        summary: 'Restores an archived project (root)',
        params: workspaceParams,
        response: {
          200: dataEnvelope(workspaceListItem),
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
