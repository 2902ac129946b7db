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
  taxonomyQuery,
  workspaceParams,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import {
  createCategory,
  deleteCategory,
  listCategoryTree,
  moveCategories,
  updateCategory,
  type TaxonomyScope,
} from './categories.service.ts';

/** The project `app.authorize` let the request act in (the one of the path), and its language. */
function taxonomyScope(request: FastifyRequest): TaxonomyScope {
  // `app.authorize` always sets it for a project action; without it there is no project to act in.
  if (!request.acting) throw new AppError('forbidden');
  return { workspaceId: request.acting.workspaceId, lang: request.lang };
}

const collection = inWorkspace(':workspaceId', API.categories);
const item = `${collection}/:id`;

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    collection,
    {
      preValidation: [app.authenticate, app.authorize('categories.read')],
      schema: {
        tags: ['categories'],
        summary: "The project's category tree: top categories (parent 0), each level by order then id",
        security: [{ bearer: [] }],
        params: workspaceParams,
        querystring: taxonomyQuery,
        response: { 200: dataEnvelope(z.array(categorySchema)), ...errors },
      },
    },
    async (request) => ({ data: await listCategoryTree(app.db, taxonomyScope(request).workspaceId) }),
  );

  app.post(
    collection,
    {
      preValidation: [app.authenticate, app.authorize('categories.manage')],
      schema: {
        tags: ['categories'],
        summary: 'Adds a category under parent (0 for the top), at `order` among its siblings or last',
        security: [{ bearer: [] }],
        params: workspaceParams,
        querystring: taxonomyQuery,
        body: categoryInput,
        response: { 201: dataEnvelope(categorySchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await createCategory(app.db, taxonomyScope(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    collection,
    {
      preValidation: [app.authenticate, app.authorize('categories.manage')],
      schema: {
        tags: ['categories'],
        summary:
          'Moves and reorders categories at once; every sibling group touched is numbered 0..n-1. ' +
          'Answers the place of every category of the project',
        security: [{ bearer: [] }],
        params: workspaceParams,
        querystring: taxonomyQuery,
        body: categoryBulkInput,
        response: { 200: dataEnvelope(categoryBulkResult), 409: errorBody, ...errors },
      },
    },
    async (request) => ({ data: await moveCategories(app.db, taxonomyScope(request), request.body) }),
  );

  app.put(
    item,
    {
      preValidation: [app.authenticate, app.authorize('categories.manage')],
      schema: {
        tags: ['categories'],
        summary: 'Changes a category; a new parent may not be the category itself or inside it (409)',
        security: [{ bearer: [] }],
        params: categoryParams,
        querystring: taxonomyQuery,
        body: categoryUpdate,
        response: { 200: dataEnvelope(categorySchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await updateCategory(app.db, taxonomyScope(request), request.params.id, request.body),
    }),
  );

  app.delete(
    item,
    {
      preValidation: [app.authenticate, app.authorize('categories.manage')],
      schema: {
        tags: ['categories'],
        summary: 'Deletes a category that nothing uses: no subcategories, no exercises (409 otherwise)',
        security: [{ bearer: [] }],
        params: categoryParams,
        querystring: taxonomyQuery,
        response: { 200: dataEnvelope(z.null()), 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await deleteCategory(app.db, taxonomyScope(request).workspaceId, request.params.id);
      return { data: null };
    },
  );
};
