import {
  API,
  actingAsQuery,
  dataEnvelope,
  errorBody,
  themeAssetsGroupedSchema,
  themeAssetsInput,
  themeInput,
  themeParams,
  themeSchema,
  themesQuery,
  themeStatisticSchema,
  themeToggleReadyInput,
  themeUpdate,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  createTheme,
  deleteTheme,
  getTheme,
  listThemes,
  setThemeAssets,
  themeAssetsGrouped,
  themeStatistic,
  toggleThemeReady,
  updateTheme,
  type ThemeScope,
} from './themes.service.ts';

/** The project `app.authorize` let the request act in (named by `workspace_id`), and its language. */
function themeScope(request: FastifyRequest): ThemeScope {
  // `app.authorize` always sets it for a project action; without it there is no project to act in.
  if (!request.acting) throw new AppError('forbidden');
  return { workspaceId: request.acting.workspaceId, lang: request.lang, user: requireAuth(request).user };
}

const item = `${API.themes}/:id`;
const itemAssets = `${item}/assets`;

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

/** Interests (contract themes/schemas.ts): the project and role in the query, like `/clients`. */
export const themesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.themes,
    {
      preValidation: [app.authenticate, app.authorize('themes.read')],
      schema: {
        tags: ['themes'],
        summary: "The project's own themes and those shared with it, by name; the filters all must hold",
        security: [{ bearer: [] }],
        querystring: themesQuery,
        response: { 200: dataEnvelope(z.array(themeSchema)), ...errors },
      },
    },
    async (request) => ({ data: await listThemes(app.db, themeScope(request), request.query) }),
  );

  app.get(
    API.themesStatistic,
    {
      preValidation: [app.authenticate, app.authorize('themes.read')],
      schema: {
        tags: ['themes'],
        summary: 'Counts over the themes the project sees: total, ready, shared, by type, by gender',
        security: [{ bearer: [] }],
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(themeStatisticSchema), ...errors },
      },
    },
    async (request) => ({ data: await themeStatistic(app.db, themeScope(request).workspaceId) }),
  );

  app.get(
    item,
    {
      preValidation: [app.authenticate, app.authorize('themes.read')],
      schema: {
        tags: ['themes'],
        summary: 'One theme the project sees (its own or a shared one)',
        security: [{ bearer: [] }],
        params: themeParams,
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(themeSchema), 404: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await getTheme(app.db, themeScope(request), request.params.id),
    }),
  );

  app.post(
    API.themes,
    {
      preValidation: [app.authenticate, app.authorize('themes.manage')],
      schema: {
        tags: ['themes'],
        summary: 'Adds a theme to the project; its name must be new there, ignoring case (409 theme_exists)',
        security: [{ bearer: [] }],
        querystring: actingAsQuery,
        body: themeInput,
        response: { 201: dataEnvelope(themeSchema), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createTheme(app.db, themeScope(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    item,
    {
      preValidation: [app.authenticate, app.authorize('themes.manage')],
      schema: {
        tags: ['themes'],
        summary: 'Changes a theme of the project (403 theme_not_owned for one shared with it)',
        security: [{ bearer: [] }],
        params: themeParams,
        querystring: actingAsQuery,
        body: themeUpdate,
        response: { 200: dataEnvelope(themeSchema), 404: errorBody, 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await updateTheme(app.db, themeScope(request), request.params.id, request.body),
    }),
  );

  app.delete(
    item,
    {
      preValidation: [app.authenticate, app.authorize('themes.manage')],
      schema: {
        tags: ['themes'],
        summary: 'Deletes a theme of the project; refused while it is in use (409 theme_in_use)',
        security: [{ bearer: [] }],
        params: themeParams,
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(z.null()), 404: errorBody, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await deleteTheme(app.db, themeScope(request), request.params.id);
      return { data: null };
    },
  );

  app.post(
    API.themesToggleReady,
    {
      preValidation: [app.authenticate, app.authorize('themes.manage')],
      schema: {
        tags: ['themes'],
        summary: 'Flips whether a theme of the project is ready; answers the theme',
        security: [{ bearer: [] }],
        querystring: actingAsQuery,
        body: themeToggleReadyInput,
        response: { 200: dataEnvelope(themeSchema), 404: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await toggleThemeReady(app.db, themeScope(request), request.body.theme_id),
    }),
  );

  app.get(
    itemAssets,
    {
      preValidation: [app.authenticate, app.authorize('themes.read')],
      schema: {
        tags: ['themes'],
        summary: "A theme's assets with their files, grouped by type",
        security: [{ bearer: [] }],
        params: themeParams,
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(themeAssetsGroupedSchema), 404: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await themeAssetsGrouped(app.db, themeScope(request).workspaceId, request.params.id),
    }),
  );

  app.put(
    itemAssets,
    {
      preValidation: [app.authenticate, app.authorize('themes.manage')],
      schema: {
        tags: ['themes'],
        summary: 'Sets the library assets of a theme of the project; answers the theme',
        security: [{ bearer: [] }],
        params: themeParams,
        querystring: actingAsQuery,
        body: themeAssetsInput,
        response: { 200: dataEnvelope(themeSchema), 404: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await setThemeAssets(app.db, themeScope(request), request.params.id, request.body),
    }),
  );
};
