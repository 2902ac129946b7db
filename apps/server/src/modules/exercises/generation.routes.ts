import {
  API,
  checkGenerateInput,
  checkGenerateResultSchema,
  dataEnvelope,
  errorBody,
  exerciseActingQuery,
  exerciseBulkResult,
  exerciseGeneratedSchema,
  exerciseParams,
  exerciseWriteQuery,
  generatedParams,
  generatedToggleInput,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { PPTX_MIME } from '../../files/pptx-deck.ts';
import { sendFile } from './send-exercise-file.ts';
import { checkGenerate } from './generation.service.ts';
import {
  deleteGenerated,
  generatedFile,
  getGenerated,
  listGenerated,
  toggleGenerated,
} from './generated.service.ts';

const item = `${API.exercises}/:exerciseId`;
const variant = `${API.exercisesGenerated}/:generatedId`;
const errors = { 404: errorBody };
const tags = ['exercises'];
const binary = z.any().meta({ type: 'string', format: 'binary' });

/**
 * Themed variants of exercises' decks (spec §1 "themed variants of presentations generated per
 * child interest", §7 check-generate, generated, toggle): a moderator's work.
 */
export const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${item}/generated`,
    {
      config: { permission: 'exercises.generate' },
      schema: {
        tags,
        summary: 'The themed variants of the exercise, oldest first',
        params: exerciseParams,
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(z.array(exerciseGeneratedSchema)), ...errors },
      },
    },
    async (request) => ({
      data: await listGenerated(app.db, actingOf(request), request.params.exerciseId),
    }),
  );

  app.post(
    `${item}/check-generate`,
    {
      config: { permission: 'exercises.generate' },
      schema: {
        tags,
        summary:
          'Says what stands in the way of theming the exercise for a theme (not_accepted, not_ready, excluded, no_presentation, nothing_marked, missing_assets, read_only) and which theme asset replaces each marked picture or sound; unless `dry_run`, makes the variant when nothing does (replacing the earlier one). 404 for a theme the project does not see; 409 when the variant became read-only meanwhile',
        params: exerciseParams,
        querystring: exerciseWriteQuery,
        body: checkGenerateInput,
        response: { 200: dataEnvelope(checkGenerateResultSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await checkGenerate(
        app.db,
        app.files,
        actingOf(request),
        request.params.exerciseId,
        request.body,
      ),
    }),
  );

  app.post(
    API.exercisesGeneratedToggle,
    {
      config: { permission: 'exercises.generate' },
      schema: {
        tags,
        summary:
          'Sets `read_only` on every themed variant named, all or nothing (404 when one is not the project’s); a read-only variant is kept by later generations',
        querystring: exerciseActingQuery,
        body: generatedToggleInput,
        response: { 200: dataEnvelope(exerciseBulkResult), ...errors },
      },
    },
    async (request) => ({ data: await toggleGenerated(app.db, actingOf(request), request.body) }),
  );

  app.get(
    variant,
    {
      config: { permission: 'exercises.generate' },
      schema: {
        tags,
        summary: 'One themed variant of the project',
        params: generatedParams,
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(exerciseGeneratedSchema), ...errors },
      },
    },
    async (request) => ({ data: await getGenerated(app.db, actingOf(request), request.params.generatedId) }),
  );

  app.get(
    `${variant}/file`,
    {
      config: { permission: 'exercises.generate' },
      schema: {
        tags,
        summary: 'The themed variant’s .pptx, as an attachment',
        params: generatedParams,
        querystring: exerciseActingQuery,
        produces: [PPTX_MIME],
        response: { 200: binary, ...errors },
      },
    },
    async (request, reply) => {
      const file = await generatedFile(app.db, actingOf(request), request.params.generatedId);
      return sendFile(reply, app.files, file, false);
    },
  );

  app.delete(
    variant,
    {
      config: { permission: 'exercises.generate' },
      schema: {
        tags,
        summary: 'Removes a themed variant and its file (a read-only one too)',
        params: generatedParams,
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await deleteGenerated(app.db, app.files, actingOf(request), request.params.generatedId);
      return { data: null };
    },
  );
};
