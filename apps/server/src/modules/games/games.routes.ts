import multipart from '@fastify/multipart';
import {
  API,
  ASSET_MAX_BYTES,
  DOCUMENT_VERSIONS,
  dataEnvelope,
  documentVersionSchema,
  errorBody,
  gameActingQuery,
  gameAssetFileInput,
  gameFileParams,
  gameFileSchema,
  gameInput,
  gameParams,
  gameSchema,
  gameThemeInput,
  gameThemeParams,
  gameThemeSchema,
  gameUploadBody,
  gameVersionsDiffQuery,
  gamesPageEnvelope,
  gamesQuery,
  versionsDiffSchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { sendStored } from '../../files/area-files.ts';
import { readForm } from '../../files/multipart.ts';
import { GAME_FILES, gameFileFromAsset, gameFileRow, uploadGameFile } from './game-files.service.ts';
import {
  createGameTheme,
  deleteGameTheme,
  getGameTheme,
  listGameThemes,
  updateGameTheme,
} from './game-themes.service.ts';
import {
  createGame,
  deleteGame,
  diffGameVersions,
  getGame,
  listGameVersions,
  listGames,
  publishGame,
  updateGame,
} from './games.service.ts';

const tags = ['games'];
const item = `${API.games}/:gameId`;
const theme = `${API.gameThemes}/:themeId`;
const files = `${API.games}/files`;
const errors = { 404: errorBody };
const manage = { permission: 'games.manage' as const };
const read = { permission: 'games.read' as const };
/** One file per form, up to the larger kind's limit (each kind's own limit is checked after). */
const FORM_LIMITS = { fileSize: Math.max(...Object.values(ASSET_MAX_BYTES)), files: 1 };

/**
 * Games (issue 31; spec §7 `/games`, `/game-themes`): the moderators' themes and games (a working
 * copy published as versions, decision 030), their pictures and sounds; teachers read the published
 * games and the themes.
 */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { ...FORM_LIMITS, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.get(
    API.gameThemes,
    {
      config: read,
      schema: {
        tags,
        summary: "The project's game themes in title order, each with its background, props and characters",
        querystring: gameActingQuery,
        response: { 200: dataEnvelope(z.array(gameThemeSchema)) },
      },
    },
    async (request) => ({ data: await listGameThemes(app.db, actingOf(request)) }),
  );

  app.post(
    API.gameThemes,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'A new game theme of library assets: a game background, game props and characters (422 on the field naming an asset of another type, none, or one chosen twice)',
        querystring: gameActingQuery,
        body: gameThemeInput,
        response: { 201: dataEnvelope(gameThemeSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createGameTheme(app.db, actingOf(request), request.body) }),
  );

  app.get(
    theme,
    {
      config: read,
      schema: {
        tags,
        summary: 'One game theme of the project',
        params: gameThemeParams,
        querystring: gameActingQuery,
        response: { 200: dataEnvelope(gameThemeSchema), ...errors },
      },
    },
    async (request) => ({ data: await getGameTheme(app.db, actingOf(request), request.params.themeId) }),
  );

  app.put(
    theme,
    {
      config: manage,
      schema: {
        tags,
        summary: "Replaces a game theme's title and assets (422 as for a new one)",
        params: gameThemeParams,
        querystring: gameActingQuery,
        body: gameThemeInput,
        response: { 200: dataEnvelope(gameThemeSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateGameTheme(app.db, actingOf(request), request.params.themeId, request.body),
    }),
  );

  app.delete(
    theme,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Deletes a game theme; 409 while a game (its working copy or a version) uses it',
        params: gameThemeParams,
        querystring: gameActingQuery,
        response: { 200: dataEnvelope(z.null()), 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await deleteGameTheme(app.db, actingOf(request), request.params.themeId);
      return { data: null };
    },
  );

  app.get(
    API.games,
    {
      config: read,
      schema: {
        tags,
        summary:
          'A page of the games the role reads (moderators every one as written, teachers the published ones as published), the latest change first, with counts per status',
        querystring: gamesQuery,
        response: { 200: gamesPageEnvelope },
      },
    },
    async (request) => listGames(app.db, actingOf(request), request.query),
  );

  app.post(
    API.games,
    {
      config: manage,
      schema: {
        tags,
        summary:
          "A new draft game, its writer the caller; 422 at the field for another project's category, theme or file, or a sound where a picture goes",
        querystring: gameActingQuery,
        body: gameInput,
        response: { 201: dataEnvelope(gameSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createGame(app.db, actingOf(request), request.body) }),
  );

  app.post(
    files,
    {
      config: manage,
      preValidation: readForm(FORM_LIMITS),
      schema: {
        tags,
        summary:
          'Uploads a picture or a sound for games (a form with one `file`), judged by its bytes: 415 for anything else, 413 over its limit',
        consumes: ['multipart/form-data'],
        querystring: gameActingQuery,
        body: gameUploadBody,
        response: { 201: dataEnvelope(gameFileSchema), 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await uploadGameFile(app.db, app.files, actingOf(request), request.body) }),
  );

  app.post(
    `${files}/from-asset`,
    {
      config: manage,
      schema: {
        tags,
        summary: "Copies a file of any library asset (an image or a sound) into the games' files",
        querystring: gameActingQuery,
        body: gameAssetFileInput,
        response: { 201: dataEnvelope(gameFileSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await gameFileFromAsset(app.db, app.files, actingOf(request), request.body.asset_file_id);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    `${files}/:fileId`,
    {
      config: read,
      schema: {
        tags,
        summary: "A game file's bytes, of the type found in them (a picture inline, a sound as audio)",
        params: gameFileParams,
        querystring: gameActingQuery,
        produces: ['image/*', 'audio/*'],
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }), ...errors },
      },
    },
    async (request, reply) => {
      const file = await gameFileRow(app.db, actingOf(request).workspaceId, request.params.fileId);
      return sendStored(app.files, reply, GAME_FILES, file, 'private, max-age=86400');
    },
  );

  app.get(
    item,
    {
      config: read,
      schema: {
        tags,
        summary:
          'One game: moderators its working copy with the steps they may take; teachers its latest published version',
        params: gameParams,
        querystring: gameActingQuery,
        response: { 200: dataEnvelope(gameSchema), ...errors },
      },
    },
    async (request) => ({ data: await getGame(app.db, actingOf(request), request.params.gameId) }),
  );

  app.put(
    item,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Replaces the working copy; a published game becomes a draft again (children keep the latest version)',
        params: gameParams,
        querystring: gameActingQuery,
        body: gameInput,
        response: { 200: dataEnvelope(gameSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateGame(app.db, actingOf(request), request.params.gameId, request.body),
    }),
  );

  app.post(
    `${item}/publish`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Publishes the working copy as the next version: 422 at each gap (no level, an empty level, a find item without another picture), 409 when published already',
        params: gameParams,
        querystring: gameActingQuery,
        response: { 200: dataEnvelope(gameSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({ data: await publishGame(app.db, actingOf(request), request.params.gameId) }),
  );

  app.delete(
    item,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Deletes a game; 409 while a student has it',
        params: gameParams,
        querystring: gameActingQuery,
        response: { 200: dataEnvelope(z.null()), 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await deleteGame(app.db, actingOf(request), request.params.gameId);
      return { data: null };
    },
  );

  app.get(
    `${item}${DOCUMENT_VERSIONS.list}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The published versions of a game the role reads, the first first: number, when, by whom',
        params: gameParams,
        querystring: gameActingQuery,
        response: { 200: dataEnvelope(z.array(documentVersionSchema)), ...errors },
      },
    },
    async (request) => ({ data: await listGameVersions(app.db, actingOf(request), request.params.gameId) }),
  );

  app.get(
    `${item}${DOCUMENT_VERSIONS.diff}`,
    {
      config: read,
      schema: {
        tags,
        summary:
          'What changed between two published versions (without `to`: up to what the caller reads now), levels and items by key; 404 for a version it does not have',
        params: gameParams,
        querystring: gameVersionsDiffQuery,
        response: { 200: dataEnvelope(versionsDiffSchema), ...errors },
      },
    },
    async (request) => ({
      data: await diffGameVersions(app.db, actingOf(request), request.params.gameId, request.query),
    }),
  );
};
