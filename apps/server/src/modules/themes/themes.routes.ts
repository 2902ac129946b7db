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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { z } from 'zod';
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
} from './themes.service.ts';

const item = `${API.themes}/:id`;
const itemAssets = `${item}/assets`;

/** Interests (contract themes/schemas.ts): the project and role in the query, like `/clients`. */
export const themesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.themes,
    {
      config: { permission: 'themes.read' },
      schema: {
        tags: ['themes'],
        summary: "The project's own themes and those shared with it, by name; the filters all must hold",
        querystring: themesQuery,
        response: { 200: dataEnvelope(z.array(themeSchema)) },
      },
    },
    async (request) => ({ data: await listThemes(app.db, actingOf(request), request.query) }),
  );

  app.get(
    API.themesStatistic,
    {
      config: { permission: 'themes.read' },
      schema: {
        tags: ['themes'],
        summary: 'Counts over the themes the project sees: total, ready, shared, by type, by gender',
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(themeStatisticSchema) },
      },
    },
    async (request) => ({ data: await themeStatistic(app.db, actingOf(request).workspaceId) }),
  );

  app.get(
    item,
    {
      config: { permission: 'themes.read' },
      schema: {
        tags: ['themes'],
        summary: 'One theme the project sees (its own or a shared one)',
        params: themeParams,
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(themeSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await getTheme(app.db, actingOf(request), request.params.id),
    }),
  );

  app.post(
    API.themes,
    {
      config: { permission: 'themes.manage' },
      schema: {
        tags: ['themes'],
        summary: 'Adds a theme to the project; its name must be new there, ignoring case (409 theme_exists)',
        querystring: actingAsQuery,
        body: themeInput,
        response: { 201: dataEnvelope(themeSchema), 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await createTheme(app.db, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    item,
    {
      config: { permission: 'themes.manage' },
      schema: {
        tags: ['themes'],
        summary: 'Changes a theme of the project (403 theme_not_owned for one shared with it)',
        params: themeParams,
        querystring: actingAsQuery,
        body: themeUpdate,
        response: { 200: dataEnvelope(themeSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await updateTheme(app.db, actingOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    item,
    {
      config: { permission: 'themes.manage' },
      schema: {
        tags: ['themes'],
        summary: 'Deletes a theme of the project; refused while it is in use (409 theme_in_use)',
        params: themeParams,
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(z.null()), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await deleteTheme(app.db, actingOf(request), request.params.id);
      return { data: null };
    },
  );

  app.post(
    API.themesToggleReady,
    {
      config: { permission: 'themes.manage' },
      schema: {
        tags: ['themes'],
        summary: 'Flips whether a theme of the project is ready; answers the theme',
        querystring: actingAsQuery,
        body: themeToggleReadyInput,
        response: { 200: dataEnvelope(themeSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await toggleThemeReady(app.db, actingOf(request), request.body.theme_id),
    }),
  );

  app.get(
    itemAssets,
    {
      config: { permission: 'themes.read' },
      schema: {
        tags: ['themes'],
        summary: "A theme's assets with their files, grouped by type",
        params: themeParams,
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(themeAssetsGroupedSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await themeAssetsGrouped(app.db, actingOf(request).workspaceId, request.params.id),
    }),
  );

  app.put(
    itemAssets,
    {
      config: { permission: 'themes.manage' },
      schema: {
        tags: ['themes'],
        summary: 'Sets the library assets of a theme of the project; answers the theme',
        params: themeParams,
        querystring: actingAsQuery,
        body: themeAssetsInput,
        response: { 200: dataEnvelope(themeSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await setThemeAssets(app.db, actingOf(request), request.params.id, request.body),
    }),
  );
};
