import {
  API,
  clientGamesPath,
  clientParams,
  dataEnvelope,
  errorBody,
  familyGamesPath,
  familyGamesSchema,
  gameActingQuery,
  gameAssignInput,
  gameAssignmentParams,
  gameAssignmentSchema,
  gameCompleteInput,
  gameCompleteSchema,
  gameMediaParams,
  gamePlaySchema,
  gameProgressByGameQuery,
  gameProgressByGameSchema,
  gameProgressesQuery,
  gameRecordsPageEnvelope,
  gameRecordsQuery,
  publicLinkParams,
  studentGameProgressSchema,
  studentGamesSchema,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { sendStored } from '../../files/area-files.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { ASSET_FILES } from '../assets/index.ts';
import { publicRead } from '../public-links/index.ts';
import {
  assignGame,
  gameProgressByGame,
  gameRecords,
  studentGameProgress,
  studentGames,
  withdrawGame,
} from './game-assignments.service.ts';
import { GAME_FILES } from './game-files.service.ts';
import { checkGame, completeGame, familyGames, gameMedia } from './game-play.service.ts';

const tags = ['games'];
const teacher = { permission: 'games.assign' as const };
const assignment = dataEnvelope(gameAssignmentSchema);

/**
 * Games given to students (issue 31): the teacher's assignments, the child's plays and progress,
 * and the child's game by the assignment's link (public). The link itself is the kit's
 * (`game-link.ts`).
 */
export const gamePlayRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest) => ({ db: app.db, baseUrl: publicBaseUrl(app.config, request) });

  app.post(
    API.gameAssignments,
    {
      config: teacher,
      schema: {
        tags,
        summary:
          "Gives a published game of the project to one of the teacher's students, with its link; 409 when the student has it; 422 for a game not published",
        querystring: gameActingQuery,
        body: gameAssignInput,
        response: { 201: assignment, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await assignGame(ctx(request), actingOf(request), request.body) }),
  );

  app.delete(
    `${API.gameAssignments}/:assignmentId`,
    {
      config: teacher,
      schema: {
        tags,
        summary: 'Takes a game back from the student: its link opens nothing from now on; its plays stay',
        params: gameAssignmentParams,
        querystring: gameActingQuery,
        response: { 200: assignment, 404: errorBody },
      },
    },
    async (request) => ({
      data: await withdrawGame(ctx(request), actingOf(request), request.params.assignmentId),
    }),
  );

  app.get(
    clientGamesPath(':clientId'),
    {
      config: teacher,
      schema: {
        tags,
        summary:
          "One of the teacher's students' games (taken back ones too), newest first, with progress and link",
        params: clientParams,
        querystring: gameActingQuery,
        response: { 200: dataEnvelope(studentGamesSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await studentGames(ctx(request), actingOf(request), request.params.clientId),
    }),
  );

  app.get(
    API.gameRecords,
    {
      config: teacher,
      schema: {
        tags,
        summary: "A page of one of the teacher's students' plays (of one game, or all), the latest first",
        querystring: gameRecordsQuery,
        response: { 200: gameRecordsPageEnvelope, 404: errorBody },
      },
    },
    async (request) => gameRecords(app.db, actingOf(request), request.query),
  );

  app.get(
    API.gameProgresses,
    {
      config: teacher,
      schema: {
        tags,
        summary: "One of the teacher's students' progress per game (level by level) and per sound",
        querystring: gameProgressesQuery,
        response: { 200: dataEnvelope(studentGameProgressSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await studentGameProgress(app.db, actingOf(request), request.query.client_id),
    }),
  );

  app.get(
    API.gameProgressesByGame,
    {
      config: teacher,
      schema: {
        tags,
        summary: "The progress on one published game of each of the teacher's students who have it",
        querystring: gameProgressByGameQuery,
        response: { 200: dataEnvelope(gameProgressByGameSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await gameProgressByGame(app.db, actingOf(request), request.query.game_id),
    }),
  );

  // Public: the random token is the key, under the kit's one rate limit and no-store (decision 029).

  app.get(
    `${API.gameCheckAuth}/:token`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The child's game by its link (public): the latest published version with its theme, the child's first name and progress; 404 for a wrong, withdrawn or taken-back link",
        params: publicLinkParams,
        response: { 200: dataEnvelope(gamePlaySchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await checkGame(app.db, request.params.token) }),
  );

  app.post(
    `${API.gameComplete}/:token`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          'One level played to its end (public, by the link): kept once per key (the same key again records nothing); 422 on the field for a version, level or character the game does not have, or numbers that do not fit the level',
        params: publicLinkParams,
        body: gameCompleteInput,
        response: { 200: dataEnvelope(gameCompleteSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await completeGame(app.db, request.params.token, request.lang, request.body),
    }),
  );

  app.get(
    `${API.game}/media/:token/:source/:id`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "A picture or a sound of the child's game by its link (public): a game file its versions name, or a file of an asset its theme holds; anything else 404",
        params: gameMediaParams,
        produces: ['image/*', 'audio/*'],
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { token, source, id } = request.params;
      const media = await gameMedia(app.db, token, source, id);
      return sendStored(app.files, reply, media.source === 'file' ? GAME_FILES : ASSET_FILES, media.row);
    },
  );

  app.get(
    familyGamesPath(':token'),
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The child's games on the family's dashboard (public, by the dashboard link): each with a live link and how far the child is; 404 for a wrong or withdrawn link",
        params: publicLinkParams,
        response: { 200: dataEnvelope(familyGamesSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await familyGames(ctx(request), request.params.token) }),
  );
};
