import {
  API,
  dataEnvelope,
  errorBody,
  exerciseActingQuery,
  exerciseMediaParams,
  exerciseMediaSchema,
  exerciseMediaUpdate,
  exerciseParams,
  type ExerciseMediaKind,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from './exercise-files.routes.ts';
import { listMedia, markMedia, mediaFile } from './exercise-media.service.ts';
import { caller } from './exercises.routes.ts';

const item = `${API.exercises}/:exerciseId`;
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];
const tags = ['exercises'];
const binary = z.any().meta({ type: 'string', format: 'binary' });

/** The list path of each kind (spec §7: `GET exercises/{id}/images`, `/audios`). */
const LISTS: readonly { path: string; kind: ExerciseMediaKind; what: string }[] = [
  { path: 'images', kind: 'image', what: 'pictures (PNG, JPEG, GIF)' },
  { path: 'audios', kind: 'audio', what: 'sounds (WAV, MP3, OGG, M4A)' },
];

/**
 * The pictures and sounds found in an exercise's deck at upload (spec §3 "fetched with images,
 * audio"), their bytes, and the asset type a themed variant replaces each with.
 */
export const exerciseMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const list of LISTS) {
    app.get(
      `${item}/${list.path}`,
      {
        preValidation: [app.authenticate, app.authorize('exercises.read')],
        schema: {
          tags,
          summary: `The ${list.what} of the exercise’s deck, by first slide then name, with the slides that use them and their asset-type marks`,
          security,
          params: exerciseParams,
          querystring: exerciseActingQuery,
          response: { 200: dataEnvelope(z.array(exerciseMediaSchema)), ...errors },
        },
      },
      async (request) => ({
        data: await listMedia(app.db, caller(request), request.params.exerciseId, list.kind),
      }),
    );
  }

  app.get(
    `${item}/media/:fileId`,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary: 'One picture or sound of the exercise’s deck, inline, for whoever may read the exercise',
        security,
        params: exerciseMediaParams,
        querystring: exerciseActingQuery,
        produces: [
          'image/png',
          'image/jpeg',
          'image/gif',
          'audio/wav',
          'audio/mpeg',
          'audio/ogg',
          'audio/mp4',
        ],
        response: { 200: binary, ...errors },
      },
    },
    async (request, reply) => {
      const { exerciseId, fileId } = request.params;
      const file = await mediaFile(app.db, caller(request), exerciseId, fileId);
      return sendFile(reply, app.files, file, true);
    },
  );

  app.put(
    `${item}/media/:fileId`,
    {
      preValidation: [app.authenticate, app.authorize('exercises.read')],
      schema: {
        tags,
        summary:
          'Marks what a themed variant puts in place of a picture (background, character, prop) or a sound (sound); null keeps it. Who may edit the exercise may; 422 for a type the kind cannot take',
        security,
        params: exerciseMediaParams,
        querystring: exerciseActingQuery,
        body: exerciseMediaUpdate,
        response: { 200: dataEnvelope(exerciseMediaSchema), ...errors },
      },
    },
    async (request) => {
      const { exerciseId, fileId } = request.params;
      return { data: await markMedia(app.db, caller(request), exerciseId, fileId, request.body) };
    },
  );
};
