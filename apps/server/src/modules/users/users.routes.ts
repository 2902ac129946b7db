import multipart, { type MultipartFile } from '@fastify/multipart';
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
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { AppError } from '../../errors/app-error.ts';
import { getWorkspace } from '../workspaces/workspaces.service.ts';
import {
  allUsers,
  changeEnvironment,
  listUsers,
  removeRole,
  updateUser,
  usersCsv,
  type UsersActor,
} from './users-admin.service.ts';
import { AVATARS, updateProfile, type Upload } from './users.service.ts';

async function readUpload(part: MultipartFile): Promise<Upload> {
  try {
    return { filename: part.filename, content: await part.toBuffer() };
  } catch (error) {
    if ((error as FastifyError).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    throw new AppError('payload_too_large', { limit: `${AVATAR_MAX_BYTES / 1024 / 1024} MB` });
  }
}

/**
 * Reads a multipart form into the body before validation: text fields as text, a file as an
 * Upload, a repeated field as a list (which the schema refuses).
 */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      const value = part.type === 'file' ? await readUpload(part) : part.value;
      const previous = body[part.fieldname];
      body[part.fieldname] = previous === undefined ? value : [previous, value].flat();
    }
  } catch (error) {
    // busboy reports a form it cannot read (cut off, no boundary) as a plain Error without a
    // status: the client's mistake, not a server error.
    if (error instanceof AppError || (error as FastifyError).statusCode !== undefined) throw error;
    throw new AppError('bad_request');
  }
  request.body = body;
}

/** The caller and the project `app.authorize` let the request act in. */
function usersActor(request: FastifyRequest): UsersActor {
  const { user } = requireAuth(request);
  // `app.authorize` always sets it for a project action; without it there is no project to act in.
  if (!request.acting) throw new AppError('forbidden');
  return { userId: user.id, ...request.acting, ip: request.ip, lang: request.lang };
}

/**
 * `attachment; filename="users-<project>.csv"`: the plain name keeps printable ASCII only (other
 * characters, quotes and backslashes become `_`); `filename*` gives browsers the real title.
 */
function attachment(title: string): string {
  const name = `users-${title}.csv`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Forms with a file are read into the body; only in this plugin (the rest of the API is JSON).
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 8 * 1024 },
  });

  app.post(
    API.profile,
    {
      // Sign-in first: an anonymous caller's form is never read.
      preValidation: [app.authenticate, readForm],
      schema: {
        tags: ['users'],
        summary: 'Changes the signed-in user’s profile (JSON, or a form with an avatar file)',
        security: [{ bearer: [] }],
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
      preValidation: app.authenticate,
      preHandler: app.authorize('users.list'),
      schema: {
        tags: ['users'],
        summary: "The project's users with roles, status and invitation; `term` searches names and e-mails",
        security: [{ bearer: [] }],
        querystring: usersQuery,
        response: { 200: pageEnvelope(projectUserSchema), ...errors },
      },
    },
    async (request) => listUsers(app.db, usersActor(request).workspaceId, request.query),
  );

  app.get(
    API.usersExport,
    {
      preValidation: app.authenticate,
      preHandler: app.authorize('users.list'),
      schema: {
        tags: ['users'],
        summary: 'The same users as the list (every page) as a CSV file, UTF-8 with a byte-order mark',
        security: [{ bearer: [] }],
        querystring: usersExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { workspaceId } = usersActor(request);
      const [rows, workspace] = await Promise.all([
        allUsers(app.db, workspaceId, request.query),
        getWorkspace(app.db, workspaceId),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(workspace.workspaceTitle))
        .send(usersCsv(rows));
    },
  );

  app.put(
    API.user,
    {
      preValidation: app.authenticate,
      preHandler: app.authorize('users.manage'),
      schema: {
        tags: ['users'],
        summary: "Changes a member's roles in the project and/or (de)activates them there (admin)",
        security: [{ bearer: [] }],
        querystring: actingAsQuery,
        body: userUpdateBody,
        response: { 200: dataEnvelope(projectUserSchema), 404: errorBody, 409: errorBody, ...errors },
      },
    },
    async (request) => ({ data: await updateUser(app.db, usersActor(request), request.body) }),
  );

  app.post(
    API.userRemoveRole,
    {
      preValidation: app.authenticate,
      preHandler: app.authorize('users.manage'),
      schema: {
        tags: ['users'],
        summary: 'Takes one role from a member of the project; never the last one (admin)',
        security: [{ bearer: [] }],
        querystring: actingAsQuery,
        body: removeRoleBody,
        response: { 200: dataEnvelope(projectUserSchema), 404: errorBody, 409: errorBody, ...errors },
      },
    },
    async (request) => ({ data: await removeRole(app.db, usersActor(request), request.body) }),
  );

  app.post(
    API.userEnvironment,
    {
      preValidation: app.authenticate,
      preHandler: app.authorize('users.changeEnvironment'),
      schema: {
        tags: ['users'],
        summary: 'Moves a user to another environment (root)',
        security: [{ bearer: [] }],
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
