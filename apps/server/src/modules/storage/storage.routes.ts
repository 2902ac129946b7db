import {
  API,
  ENV_ID_HEADER,
  appStatusQuery,
  appStatusSchema,
  dataEnvelope,
  envIdHeader,
  errorBody,
  jsonValue,
  storageEntryParams,
  storageKeyParams,
  type StorageParams,
  storageRecord,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { servedVersion } from '../../version.ts';
import { publicRead } from '../public-links/index.ts';
import { appStatus } from './app-status.service.ts';
import { checkAppSettings } from '../settings/index.ts';
import { deleteValues, readRecord, readValue, storageScope, writeValues } from './storage.service.ts';

const headers = z.object({ [ENV_ID_HEADER]: envIdHeader.optional() });
/** A whole key, and one subkey of it: two paths, one set of handlers. */
const PATHS = [
  { path: `${API.storage}/:key`, params: storageKeyParams },
  { path: `${API.storage}/:key/:subkey`, params: storageEntryParams },
];
const errors = { 404: errorBody };

export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const version = servedVersion(app.config.webDist);
  app.get(
    API.appStatus,
    {
      // Public: pages outside sign-in poll it, within the public links' budget per address.
      ...publicRead(app),
      schema: {
        tags: ['storage'],
        summary:
          'What a page outside sign-in says (public): the version served, and maintenance with its message in the environment of the project whose public link `link` is (none for a link that opens nothing)',
        querystring: appStatusQuery,
        response: { 200: dataEnvelope(appStatusSchema), 429: errorBody },
      },
    },
    async (request) => ({ data: await appStatus(app.db, version, request.query.link) }),
  );

  for (const { path, params } of PATHS) {
    app.get(
      path,
      {
        config: { permission: 'signed-in' },
        schema: {
          tags: ['storage'],
          summary: 'A stored record (subkey → value), or one value when a subkey is named',
          params,
          headers,
          response: { 200: dataEnvelope(jsonValue), ...errors },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const { key, subkey }: StorageParams = request.params;
        const scope = storageScope(user, key, request.headers[ENV_ID_HEADER], false);
        return {
          data:
            subkey === undefined ? await readRecord(app.db, scope) : await readValue(app.db, scope, subkey),
        };
      },
    );

    app.post(
      path,
      {
        config: { permission: 'signed-in' },
        schema: {
          tags: ['storage'],
          summary: 'Stores one value under a subkey, or merges a record of values into the key',
          params,
          headers,
          body: jsonValue,
          response: { 200: dataEnvelope(storageRecord), 413: errorBody, ...errors },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const { key, subkey }: StorageParams = request.params;
        const scope = storageScope(user, key, request.headers[ENV_ID_HEADER], true);
        let values: Record<string, unknown>;
        if (subkey !== undefined) {
          values = { [subkey]: request.body };
        } else {
          const parsed = storageRecord.safeParse(request.body);
          if (!parsed.success) {
            throw new AppError(
              'validation_failed',
              {},
              { body: [fieldMessage(request.lang, 'type', { expected: 'object' })] },
            );
          }
          values = parsed.data;
        }
        // The settings the product reads must be of their schema, whichever screen writes them.
        if (scope.userId === 0) values = checkAppSettings(request.lang, scope.key, values);
        return { data: await writeValues(app.db, scope, values, { actorId: user.id, ip: request.ip }) };
      },
    );

    app.delete(
      path,
      {
        config: { permission: 'signed-in' },
        schema: {
          tags: ['storage'],
          summary: 'Deletes one value, or the whole key when no subkey is named',
          params,
          headers,
          response: { 200: dataEnvelope(z.null()), ...errors },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const { key, subkey }: StorageParams = request.params;
        const scope = storageScope(user, key, request.headers[ENV_ID_HEADER], true);
        await deleteValues(app.db, scope, subkey, { actorId: user.id, ip: request.ip });
        return { data: null };
      },
    );
  }
};
