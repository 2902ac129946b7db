import multipart from '@fastify/multipart';
import {
  API,
  ASSET_MAX_BYTES,
  DOCUMENT_VERSIONS,
  dataEnvelope,
  documentVersionSchema,
  errorBody,
  storiesPageEnvelope,
  storiesQuery,
  storyActingQuery,
  storyAssetFileInput,
  storyFileParams,
  storyFileSchema,
  storyInput,
  storyParams,
  storyReviewInput,
  storySchema,
  storySubmitInput,
  storyUploadBody,
  storyVersionsDiffQuery,
  versionsDiffSchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { sendStored } from '../../files/area-files.ts';
import { readForm } from '../../files/multipart.ts';
import { STORY_FILES, storyFileFromAsset, storyFileRow, uploadStoryFile } from './story-files.service.ts';
import {
  createStory,
  deleteStory,
  diffStoryVersions,
  getStory,
  listStories,
  listStoryVersions,
  stepStory,
  updateStory,
} from './stories.service.ts';

const tags = ['stories'];
const item = `${API.histories}/:historyId`;
const files = `${API.histories}/files`;
const errors = { 404: errorBody };
/** One file per form, up to the larger kind's limit (each kind's own limit is checked after). */
const FORM_LIMITS = { fileSize: Math.max(...Object.values(ASSET_MAX_BYTES)), files: 1 };

/**
 * Stories (issue 30 item 1; spec §2 /histories): the list, the working copy, its status steps, its
 * versions and their difference (decision 030), and the images and sounds of its slides.
 */
export const storiesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { ...FORM_LIMITS, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.get(
    API.histories,
    {
      config: { permission: 'stories.read' },
      schema: {
        tags,
        summary:
          'A page of the stories the role reads (moderators every one as written, authors theirs and the published ones, teachers the published ones), the latest change first, with counts per status',
        querystring: storiesQuery,
        response: { 200: storiesPageEnvelope },
      },
    },
    async (request) => listStories(app.db, actingOf(request), request.query),
  );

  app.post(
    API.histories,
    {
      config: { permission: 'stories.write' },
      schema: {
        tags,
        summary:
          "A new draft story, its writer the caller; 422 at the field for another project's category or file, or an image where a sound goes",
        querystring: storyActingQuery,
        body: storyInput,
        response: { 201: dataEnvelope(storySchema) },
      },
    },
    async (request, reply) => {
      const data = await createStory(app.db, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.post(
    files,
    {
      config: { permission: 'stories.write' },
      preValidation: readForm(FORM_LIMITS),
      schema: {
        tags,
        summary:
          'Uploads an image or a sound for slides (a form with one `file`), judged by its bytes: 415 for anything else, 413 over its limit',
        consumes: ['multipart/form-data'],
        querystring: storyActingQuery,
        body: storyUploadBody,
        response: { 201: dataEnvelope(storyFileSchema), 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const data = await uploadStoryFile(app.db, app.files, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.post(
    `${files}/from-asset`,
    {
      config: { permission: 'stories.write' },
      schema: {
        tags,
        summary: "Copies a file of an asset one of the project's themes holds into the stories' files",
        querystring: storyActingQuery,
        body: storyAssetFileInput,
        response: { 201: dataEnvelope(storyFileSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await storyFileFromAsset(app.db, app.files, actingOf(request), request.body.asset_file_id);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    `${files}/:fileId`,
    {
      config: { permission: 'stories.read' },
      schema: {
        tags,
        summary: "A story file's bytes, of the type found in them (an image inline, a sound as audio)",
        params: storyFileParams,
        querystring: storyActingQuery,
        produces: ['image/*', 'audio/*'],
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }), ...errors },
      },
    },
    async (request, reply) => {
      const file = await storyFileRow(app.db, actingOf(request).workspaceId, request.params.fileId);
      return sendStored(app.files, reply, STORY_FILES, file, 'private, max-age=86400');
    },
  );

  app.get(
    item,
    {
      config: { permission: 'stories.read' },
      schema: {
        tags,
        summary:
          'One story: its writer and moderators its working copy with the steps they may take; other readers its latest published version',
        params: storyParams,
        querystring: storyActingQuery,
        response: { 200: dataEnvelope(storySchema), ...errors },
      },
    },
    async (request) => ({ data: await getStory(app.db, actingOf(request), request.params.historyId) }),
  );

  app.put(
    item,
    {
      config: { permission: 'stories.write' },
      schema: {
        tags,
        summary:
          'Replaces the working copy (its writer or a moderator; 403 for other readers); a published story becomes a draft again',
        params: storyParams,
        querystring: storyActingQuery,
        body: storyInput,
        response: { 200: dataEnvelope(storySchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateStory(app.db, actingOf(request), request.params.historyId, request.body),
    }),
  );

  app.post(
    `${item}/submit`,
    {
      config: { permission: 'stories.submit' },
      schema: {
        tags,
        summary: "Sends one's own story for review, or takes it back; 409 from another status",
        params: storyParams,
        querystring: storyActingQuery,
        body: storySubmitInput,
        response: { 200: dataEnvelope(storySchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await stepStory(app.db, actingOf(request), request.params.historyId, request.body.action),
    }),
  );

  app.post(
    `${item}/review`,
    {
      config: { permission: 'stories.moderate' },
      schema: {
        tags,
        summary:
          'Publishes the working copy as the next version (422 while an episode or part is empty), or returns it to its writer saying why; 409 from another status',
        params: storyParams,
        querystring: storyActingQuery,
        body: storyReviewInput,
        response: { 200: dataEnvelope(storySchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await stepStory(
        app.db,
        actingOf(request),
        request.params.historyId,
        request.body.action,
        request.body.comment,
      ),
    }),
  );

  app.delete(
    item,
    {
      config: { permission: 'stories.write' },
      schema: {
        tags,
        summary: 'Deletes a story (its writer or a moderator); 409 while lessons hold a part of it',
        params: storyParams,
        querystring: storyActingQuery,
        response: { 200: dataEnvelope(z.null()), 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await deleteStory(app.db, actingOf(request), request.params.historyId);
      return { data: null };
    },
  );

  app.get(
    `${item}${DOCUMENT_VERSIONS.list}`,
    {
      config: { permission: 'stories.read' },
      schema: {
        tags,
        summary: 'The published versions of a story the role reads, the first first: number, when, by whom',
        params: storyParams,
        querystring: storyActingQuery,
        response: { 200: dataEnvelope(z.array(documentVersionSchema)), ...errors },
      },
    },
    async (request) => ({
      data: await listStoryVersions(app.db, actingOf(request), request.params.historyId),
    }),
  );

  app.get(
    `${item}${DOCUMENT_VERSIONS.diff}`,
    {
      config: { permission: 'stories.read' },
      schema: {
        tags,
        summary:
          'What changed between two published versions (without `to`: up to what the caller reads now), episodes, parts and slides by key; 404 for a version it does not have',
        params: storyParams,
        querystring: storyVersionsDiffQuery,
        response: { 200: dataEnvelope(versionsDiffSchema), ...errors },
      },
    },
    async (request) => ({
      data: await diffStoryVersions(app.db, actingOf(request), request.params.historyId, request.query),
    }),
  );
};
