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
import { actingOf } from '../../access/actor.ts';
import { z } from 'zod';
import { sendFile } from './send-exercise-file.ts';
import { listMedia, markMedia, mediaFile } from './exercise-media.service.ts';

const item = `${API.exercises}/:exerciseId`;
const errors = { 404: errorBody };
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
        config: { permission: 'exercises.read' },
        schema: {
          tags,
          summary: `The ${list.what} of the exercise’s deck, by first slide then name, with the slides that use them and their asset-type marks`,
          params: exerciseParams,
          querystring: exerciseActingQuery,
          response: { 200: dataEnvelope(z.array(exerciseMediaSchema)), ...errors },
        },
      },
      async (request) => ({
        data: await listMedia(app.db, actingOf(request), request.params.exerciseId, list.kind),
      }),
    );
  }

  app.get(
    `${item}/media/:fileId`,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary: 'One picture or sound of the exercise’s deck, inline, for whoever may read the exercise',
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
      const file = await mediaFile(app.db, actingOf(request), exerciseId, fileId);
      return sendFile(reply, app.files, file, true);
    },
  );

  app.put(
    `${item}/media/:fileId`,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'Marks what a themed variant puts in place of a picture (background, character, prop) or a sound (sound); null keeps it. Who may edit the exercise may; 422 for a type the kind cannot take',
        params: exerciseMediaParams,
        querystring: exerciseActingQuery,
        body: exerciseMediaUpdate,
        response: { 200: dataEnvelope(exerciseMediaSchema), ...errors },
      },
    },
    async (request) => {
      const { exerciseId, fileId } = request.params;
      return { data: await markMedia(app.db, actingOf(request), exerciseId, fileId, request.body) };
    },
  );
};
