import multipart from '@fastify/multipart';
import {
  API,
  ASSET_MAX_BYTES,
  ASSET_UPLOAD_FILES_MAX,
  assetParams,
  assetSchema,
  assetsQuery,
  assetUpdate,
  assetUploadBody,
  dataEnvelope,
  errorBody,
  fileDownloadParams,
  fileDownloadQuery,
  mediaParams,
  mediaUploadBody,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors/app-error.ts';
import { contentDisposition } from '../../files/content-disposition.ts';
import { readForm } from '../../files/multipart.ts';
import {
  ASSET_FILES,
  addAssetFile,
  assetFileRow,
  createAsset,
  deleteAsset,
  getAsset,
  listAssets,
  removeAssetFile,
  updateAsset,
} from './assets.service.ts';

/** The multipart limits: the largest file of any kind (each kind's own limit is checked after). */
const FORM_LIMITS = { fileSize: Math.max(...Object.values(ASSET_MAX_BYTES)), files: ASSET_UPLOAD_FILES_MAX };

const uploadErrors = { 413: errorBody, 415: errorBody };

/**
 * The shared asset library (contract assets/schemas.ts): root manages it, staff read it. Not tied
 * to a project, so no `workspace_id`: the permissions are global.
 */
export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Forms with files are read into the body; only in this plugin (the rest of the API is JSON).
  await app.register(multipart, {
    limits: { ...FORM_LIMITS, fields: 10, fieldSize: 8 * 1024, parts: ASSET_UPLOAD_FILES_MAX + 10 },
  });

  app.get(
    API.assets,
    {
      config: { permission: 'assets.read' },
      schema: {
        tags: ['assets'],
        summary: 'The asset library by type, then name; `type` and `term` (part of the name) narrow it',
        querystring: assetsQuery,
        response: { 200: dataEnvelope(z.array(assetSchema)) },
      },
    },
    async (request) => ({ data: await listAssets(app.db, request.query) }),
  );

  app.get(
    `${API.assets}/:id`,
    {
      config: { permission: 'assets.read' },
      schema: {
        tags: ['assets'],
        summary: 'One asset with its files',
        params: assetParams,
        response: { 200: dataEnvelope(assetSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await getAsset(app.db, request.params.id) }),
  );

  app.post(
    API.assets,
    {
      config: { permission: 'assets.manage' },
      preValidation: readForm(FORM_LIMITS),
      schema: {
        tags: ['assets'],
        summary: 'Adds an asset (a form: name, type, one or more `file`); files are checked by their bytes',
        consumes: ['multipart/form-data'],
        body: assetUploadBody,
        response: { 201: dataEnvelope(assetSchema), ...uploadErrors },
      },
    },
    async (request, reply) => {
      const data = await createAsset(app.db, app.files, request.body, request.lang);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    `${API.assets}/:id`,
    {
      config: { permission: 'assets.manage' },
      schema: {
        tags: ['assets'],
        summary: 'Renames an asset and/or changes its type (to one taking the same kind of files)',
        params: assetParams,
        body: assetUpdate,
        response: { 200: dataEnvelope(assetSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await updateAsset(app.db, request.params.id, request.body, request.lang),
    }),
  );

  app.delete(
    `${API.assets}/:id`,
    {
      config: { permission: 'assets.manage' },
      schema: {
        tags: ['assets'],
        summary: 'Deletes an asset and its files; refused while a theme has it (409 asset_in_use)',
        params: assetParams,
        response: { 200: dataEnvelope(z.null()), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await deleteAsset(app.db, app.files, request.params.id);
      return { data: null };
    },
  );

  app.post(
    API.medias,
    {
      config: { permission: 'assets.manage' },
      preValidation: readForm(FORM_LIMITS),
      schema: {
        tags: ['assets'],
        summary: 'Adds a file to an asset (a form: asset_id, file); answers the asset',
        consumes: ['multipart/form-data'],
        body: mediaUploadBody,
        response: { 201: dataEnvelope(assetSchema), 404: errorBody, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const data = await addAssetFile(app.db, app.files, request.body, request.lang);
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    `${API.medias}/:id`,
    {
      config: { permission: 'assets.manage' },
      schema: {
        tags: ['assets'],
        summary: 'Removes a file of an asset, never its last one (409 asset_last_file); answers the asset',
        params: mediaParams,
        response: { 200: dataEnvelope(assetSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await removeAssetFile(app.db, app.files, request.params.id) }),
  );

  app.get(
    `${API.fileDownload}/:fileId`,
    {
      config: { permission: 'assets.read' },
      schema: {
        tags: ['assets'],
        summary:
          'An asset file: its type as found in its bytes, as an attachment (`inline=1`: an image shown)',
        params: fileDownloadParams,
        querystring: fileDownloadQuery,
        produces: ['image/*', 'audio/*'],
        response: {
          200: z.any().meta({ type: 'string', format: 'binary' }),
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const file = await assetFileRow(app.db, request.params.fileId);
      const stream = await app.files.open(ASSET_FILES, file.storedName);
      if (!stream) throw notFound();
      const inline = request.query.inline === true && file.kind === 'image';
      return reply
        .type(file.mime)
        .header('content-length', file.size)
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', file.originalName),
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(stream);
    },
  );
};
