import {
  API,
  dataEnvelope,
  errorBody,
  inWorkspace,
  tagInput,
  tagMergeInput,
  tagParams,
  tagSchema,
  tagsQuery,
  taxonomyQuery,
  workspaceParams,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { createTag, deleteTag, listTags, mergeTag, renameTag, type TagScope } from './tags.service.ts';

/** The project `app.authorize` let the request act in (the one of the path), and its language. */
function tagScope(request: FastifyRequest): TagScope {
  // `app.authorize` always sets it for a project action; without it there is no project to act in.
  if (!request.acting) throw new AppError('forbidden');
  return { workspaceId: request.acting.workspaceId, lang: request.lang };
}

const collection = inWorkspace(':workspaceId', API.tags);
const item = `${collection}/:tagId`;

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    collection,
    {
      preValidation: [app.authenticate, app.authorize('tags.read')],
      schema: {
        tags: ['tags'],
        summary: "The project's tags by name; `term` searches names, ignoring case",
        security: [{ bearer: [] }],
        params: workspaceParams,
        querystring: tagsQuery,
        response: { 200: dataEnvelope(z.array(tagSchema)), ...errors },
      },
    },
    async (request) => ({ data: await listTags(app.db, tagScope(request).workspaceId, request.query) }),
  );

  app.post(
    collection,
    {
      preValidation: [app.authenticate, app.authorize('tags.manage')],
      schema: {
        tags: ['tags'],
        summary: 'Adds a tag; its name must be new in the project, ignoring case (409 tag_exists)',
        security: [{ bearer: [] }],
        params: workspaceParams,
        querystring: taxonomyQuery,
        body: tagInput,
        response: { 201: dataEnvelope(tagSchema), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createTag(app.db, tagScope(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    item,
    {
      preValidation: [app.authenticate, app.authorize('tags.manage')],
      schema: {
        tags: ['tags'],
        summary: 'Renames a tag; the name must not be another tag’s, ignoring case (409 tag_exists)',
        security: [{ bearer: [] }],
        params: tagParams,
        querystring: taxonomyQuery,
        body: tagInput,
        response: { 200: dataEnvelope(tagSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await renameTag(app.db, tagScope(request), request.params.tagId, request.body),
    }),
  );

  app.post(
    `${item}/merge`,
    {
      preValidation: [app.authenticate, app.authorize('tags.manage')],
      schema: {
        tags: ['tags'],
        summary:
          'Merges the tag into another tag of the project, which takes over its uses; answers that tag',
        security: [{ bearer: [] }],
        params: tagParams,
        querystring: taxonomyQuery,
        body: tagMergeInput,
        response: { 200: dataEnvelope(tagSchema), ...errors },
      },
    },
    async (request) => ({
      data: await mergeTag(app.db, tagScope(request), request.params.tagId, request.body),
    }),
  );

  app.delete(
    item,
    {
      preValidation: [app.authenticate, app.authorize('tags.manage')],
      schema: {
        tags: ['tags'],
        summary: 'Deletes a tag, and takes it off everything it was on',
        security: [{ bearer: [] }],
        params: tagParams,
        querystring: taxonomyQuery,
        response: { 200: dataEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await deleteTag(app.db, tagScope(request).workspaceId, request.params.tagId);
      return { data: null };
    },
  );
};
