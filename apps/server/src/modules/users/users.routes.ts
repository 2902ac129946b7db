import multipart from '@fastify/multipart';
import {
  API,
  AVATAR_MAX_BYTES,
  actingAsQuery,
  dataEnvelope,
  errorBody,
  pageEnvelope,
  profileBody,
  projectUserSchema,
  removeRoleBody,
  userEnvironmentBody,
  userEnvironmentSchema,
  userSchema,
  usersExportQuery,
  usersQuery,
  userUpdateBody,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { AppError } from '../../errors/app-error.ts';
import { contentDisposition } from '../../files/content-disposition.ts';
import { readForm } from '../../files/multipart.ts';
import { getWorkspace } from '../workspaces/index.ts';
import {
  allUsers,
  changeEnvironment,
  listUsers,
  removeRole,
  updateUser,
  usersCsv,
} from './users-admin.service.ts';
import { AVATARS, updateProfile } from './users.service.ts';

/** The avatar form: one image, a few text fields. */
const FORM_LIMITS = { fileSize: AVATAR_MAX_BYTES, files: 1 };

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Forms with a file are read into the body; only in this plugin (the rest of the API is JSON).
  await app.register(multipart, {
    limits: { ...FORM_LIMITS, fields: 10, fieldSize: 8 * 1024 },
  });

  app.post(
    API.profile,
    {
      // Sign-in first: an anonymous caller's form is never read.
      config: { permission: 'signed-in' },
      preValidation: [readForm(FORM_LIMITS)],
      schema: {
        tags: ['users'],
        summary: 'Changes the signed-in user’s profile (JSON, or a form with an avatar file)',
        consumes: ['application/json', 'multipart/form-data'],
        body: profileBody,
        response: {
          200: dataEnvelope(userSchema),
          400: errorBody,
          401: errorBody,
          413: errorBody,
          415: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return { data: await updateProfile(app.db, app.files, user.id, request.body) };
    },
  );

  app.get(
    `${API.avatars}/:name`,
    {
      schema: {
        tags: ['users'],
        summary: 'An avatar image (public: its name cannot be guessed)',
        params: z.object({ name: z.string().max(64) }),
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }), 404: errorBody },
      },
    },
    async (request, reply) => {
      const file = await app.files.read(AVATARS, request.params.name);
      if (!file) throw new AppError('not_found');
      return reply
        .type(file.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );

  app.get(
    API.users,
    {
      config: { permission: 'users.list' },
      schema: {
        tags: ['users'],
        summary: "The project's users with roles, status and invitation; `term` searches names and e-mails",
        querystring: usersQuery,
        response: { 200: pageEnvelope(projectUserSchema), ...errors },
      },
    },
    async (request) => listUsers(app.db, actingOf(request).workspaceId, request.query),
  );

  app.get(
    API.usersExport,
    {
      config: { permission: 'users.list' },
      schema: {
        tags: ['users'],
        summary: 'The same users as the list (every page) as a CSV file, UTF-8 with a byte-order mark',
        querystring: usersExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { workspaceId } = actingOf(request);
      const [rows, workspace] = await Promise.all([
        allUsers(app.db, workspaceId, request.query),
        getWorkspace(app.db, workspaceId),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition('attachment', `users-${workspace.workspaceTitle}.csv`),
        )
        .send(usersCsv(rows));
    },
  );

  app.put(
    API.user,
    {
      config: { permission: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: "Changes a member's roles in the project and/or (de)activates them there (admin)",
        querystring: actingAsQuery,
        body: userUpdateBody,
        response: { 200: dataEnvelope(projectUserSchema), 404: errorBody, 409: errorBody, ...errors },
      },
    },
    async (request) => ({ data: await updateUser(app.db, actingOf(request), request.body) }),
  );

  app.post(
    API.userRemoveRole,
    {
      config: { permission: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'Takes one role from a member of the project; never the last one (admin)',
        querystring: actingAsQuery,
        body: removeRoleBody,
        response: { 200: dataEnvelope(projectUserSchema), 404: errorBody, 409: errorBody, ...errors },
      },
    },
    async (request) => ({ data: await removeRole(app.db, actingOf(request), request.body) }),
  );

  app.post(
    API.userEnvironment,
    {
      config: { permission: 'users.changeEnvironment' },
      schema: {
        tags: ['users'],
        summary: 'Moves a user to another environment (root)',
        body: userEnvironmentBody,
        response: { 200: dataEnvelope(userEnvironmentSchema), 404: errorBody, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return { data: await changeEnvironment(app.db, { userId: user.id, ip: request.ip }, request.body) };
    },
  );
};
