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
  workspacePathQuery,
  workspaceParams,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { z } from 'zod';
import { createTag, deleteTag, listTags, mergeTag, renameTag } from './tags.service.ts';

const collection = inWorkspace(':workspaceId', API.tags);
const item = `${collection}/:tagId`;

const errors = { 404: errorBody };

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    collection,
    {
      config: { permission: 'tags.read' },
      schema: {
        tags: ['tags'],
        summary: "The project's tags by name; `term` searches names, ignoring case",
        params: workspaceParams,
        querystring: tagsQuery,
        response: { 200: dataEnvelope(z.array(tagSchema)), ...errors },
      },
    },
    async (request) => ({ data: await listTags(app.db, actingOf(request).workspaceId, request.query) }),
  );

  app.post(
    collection,
    {
      config: { permission: 'tags.manage' },
      schema: {
        tags: ['tags'],
        summary: 'Adds a tag; its name must be new in the project, ignoring case (409 tag_exists)',
        params: workspaceParams,
        querystring: workspacePathQuery,
        body: tagInput,
        response: { 201: dataEnvelope(tagSchema), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createTag(app.db, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    item,
    {
      config: { permission: 'tags.manage' },
      schema: {
        tags: ['tags'],
        summary: 'Renames a tag; the name must not be another tag’s, ignoring case (409 tag_exists)',
        params: tagParams,
        querystring: workspacePathQuery,
        body: tagInput,
        response: { 200: dataEnvelope(tagSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await renameTag(app.db, actingOf(request), request.params.tagId, request.body),
    }),
  );

  app.post(
    `${item}/merge`,
    {
      config: { permission: 'tags.manage' },
      schema: {
        tags: ['tags'],
        summary:
          'Merges the tag into another tag of the project, which takes over its uses; answers that tag',
        params: tagParams,
        querystring: workspacePathQuery,
        body: tagMergeInput,
        response: { 200: dataEnvelope(tagSchema), ...errors },
      },
    },
    async (request) => ({
      data: await mergeTag(app.db, actingOf(request), request.params.tagId, request.body),
    }),
  );

  app.delete(
    item,
    {
      config: { permission: 'tags.manage' },
      schema: {
        tags: ['tags'],
        summary: 'Deletes a tag, and takes it off everything it was on',
        params: tagParams,
        querystring: workspacePathQuery,
        response: { 200: dataEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await deleteTag(app.db, actingOf(request).workspaceId, request.params.tagId);
      return { data: null };
    },
  );
};
