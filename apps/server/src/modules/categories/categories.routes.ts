import {
  API,
  categoryBulkInput,
  categoryBulkResult,
  categoryInput,
  categoryParams,
  categorySchema,
  categoryUpdate,
  dataEnvelope,
  errorBody,
  inWorkspace,
  workspacePathQuery,
  workspaceParams,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { z } from 'zod';
import {
  createCategory,
  deleteCategory,
  listCategoryTree,
  moveCategories,
  updateCategory,
} from './categories.service.ts';

const collection = inWorkspace(':workspaceId', API.categories);
const item = `${collection}/:id`;

const errors = { 404: errorBody };

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    collection,
    {
      config: { permission: 'categories.read' },
      schema: {
        tags: ['categories'],
        summary: "The project's category tree: top categories (parent 0), each level by order then id",
        params: workspaceParams,
        querystring: workspacePathQuery,
        response: { 200: dataEnvelope(z.array(categorySchema)), ...errors },
      },
    },
    async (request) => ({ data: await listCategoryTree(app.db, actingOf(request).workspaceId) }),
  );

  app.post(
    collection,
    {
      config: { permission: 'categories.manage' },
      schema: {
        tags: ['categories'],
        summary: 'Adds a category under parent (0 for the top), at `order` among its siblings or last',
        params: workspaceParams,
        querystring: workspacePathQuery,
        body: categoryInput,
        response: { 201: dataEnvelope(categorySchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await createCategory(app.db, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    collection,
    {
      config: { permission: 'categories.manage' },
      schema: {
        tags: ['categories'],
        summary:
          'Moves and reorders categories at once; every sibling group touched is numbered 0..n-1. ' +
          'Answers the place of every category of the project',
        params: workspaceParams,
        querystring: workspacePathQuery,
        body: categoryBulkInput,
        response: { 200: dataEnvelope(categoryBulkResult), 409: errorBody, ...errors },
      },
    },
    async (request) => ({ data: await moveCategories(app.db, actingOf(request), request.body) }),
  );

  app.put(
    item,
    {
      config: { permission: 'categories.manage' },
      schema: {
        tags: ['categories'],
        summary: 'Changes a category; a new parent may not be the category itself or inside it (409)',
        params: categoryParams,
        querystring: workspacePathQuery,
        body: categoryUpdate,
        response: { 200: dataEnvelope(categorySchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await updateCategory(app.db, actingOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    item,
    {
      config: { permission: 'categories.manage' },
      schema: {
        tags: ['categories'],
        summary: 'Deletes a category that nothing uses: no subcategories, no exercises (409 otherwise)',
        params: categoryParams,
        querystring: workspacePathQuery,
        response: { 200: dataEnvelope(z.null()), 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await deleteCategory(app.db, actingOf(request).workspaceId, request.params.id);
      return { data: null };
    },
  );
};
