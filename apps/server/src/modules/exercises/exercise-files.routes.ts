import multipart from '@fastify/multipart';
import {
  API,
  EXERCISE_PRESENTATION_MAX_BYTES,
  dataEnvelope,
  exerciseActualizeInput,
  errorBody,
  exerciseActingQuery,
  exerciseFileDeleteQuery,
  exerciseFileUploadBody,
  exerciseParams,
  exerciseSchema,
  exerciseSlidesSchema,
  exerciseWriteQuery,
  idParam,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { notFound } from '../../errors/app-error.ts';
import { readForm } from '../../files/multipart.ts';
import {
  actualizeFile,
  deletePresentation,
  listSlides,
  presentationFile,
  slideFile,
  uploadPresentation,
} from './exercise-files.service.ts';
import { readableExercise } from './exercise-queries.ts';
import { assertMayEdit } from './exercise-rules.ts';
import { sendFile } from './send-exercise-file.ts';

const FORM_LIMITS = { fileSize: EXERCISE_PRESENTATION_MAX_BYTES, files: 1 };

const item = `${API.exercises}/:exerciseId`;
const errors = { 404: errorBody };
const tags = ['exercises'];
const binary = z.any().meta({ type: 'string', format: 'binary' });

/**
 * An exercise's .pptx deck and its slide images (issue 6 item 5). Files are read with the
 * exercise's own read rule (not the asset library's `/file/download`), so they have routes here.
 */
export const exerciseFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The edit rule of the exercise named in the path, before its upload is read: 404 or 403 else. */
  async function mayEditDeck(request: FastifyRequest) {
    const id = exerciseParams.safeParse(request.params);
    if (!id.success) throw notFound();
    assertMayEdit(actingOf(request), await readableExercise(app.db, actingOf(request), id.data.exerciseId));
  }

  await app.register(multipart, {
    limits: { ...FORM_LIMITS, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post(
    `${item}/files`,
    {
      // Sign-in, the project role and the exercise's edit rule first: a form is read only for a
      // caller who may change this deck (decision 008).
      config: { permission: 'exercises.read' },
      preValidation: [mayEditDeck, readForm(FORM_LIMITS)],
      schema: {
        tags,
        summary:
          'Uploads the exercise’s .pptx (a form with one `file`), replacing any earlier one; who may edit the exercise may. 413 too large, 415 not a .pptx (or a legacy/encrypted one), 422 a zip bomb or a damaged file',
        consumes: ['multipart/form-data'],
        params: exerciseParams,
        // In the query: the form is read only after the role is checked.
        querystring: exerciseActingQuery,
        body: exerciseFileUploadBody,
        response: {
          201: dataEnvelope(exerciseSchema),
          413: errorBody,
          415: errorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const data = await uploadPresentation(
        app.db,
        app.files,
        app.jobs,
        actingOf(request),
        request.params.exerciseId,
        request.body.file,
      );
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    `${item}/files`,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'Removes the exercise’s deck and slide images; 409 presentation_required in moderation or accepted, 409 conflict when `status_id` is not the current status',
        params: exerciseParams,
        querystring: exerciseFileDeleteQuery,
        response: { 200: dataEnvelope(exerciseSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await deletePresentation(
        app.db,
        app.files,
        actingOf(request),
        request.params.exerciseId,
        request.query,
      ),
    }),
  );

  app.get(
    `${item}/files/presentation`,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary: 'The exercise’s .pptx, as an attachment, for whoever may read the exercise',
        params: exerciseParams,
        querystring: exerciseActingQuery,
        produces: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
        response: { 200: binary, ...errors },
      },
    },
    async (request, reply) => {
      const file = await presentationFile(app.db, actingOf(request), request.params.exerciseId);
      return sendFile(reply, app.files, file, false);
    },
  );

  app.get(
    `${item}/slides`,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'The slide images of the exercise’s deck and how their rendering goes (pending, rendering, ready, failed, thumbnail)',
        params: exerciseParams,
        querystring: exerciseActingQuery,
        response: { 200: dataEnvelope(exerciseSlidesSchema), ...errors },
      },
    },
    async (request) => ({ data: await listSlides(app.db, actingOf(request), request.params.exerciseId) }),
  );

  app.get(
    `${item}/slides/:position`,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary: 'One slide image (PNG, or the deck’s JPEG thumbnail), shown inline',
        params: exerciseParams.extend({ position: idParam }),
        querystring: exerciseActingQuery,
        produces: ['image/png', 'image/jpeg'],
        response: { 200: binary, ...errors },
      },
    },
    async (request, reply) => {
      const { exerciseId, position } = request.params;
      const file = await slideFile(app.db, actingOf(request), exerciseId, position);
      return sendFile(reply, app.files, file, true);
    },
  );

  app.post(
    API.exercisesActualizeFile,
    {
      config: { permission: 'exercises.read' },
      schema: {
        tags,
        summary:
          'Renders the slide images of a deck again (spec §7: body `file_id`, the deck’s id): who may edit the exercise may. A deck already queued or rendering is left to its job',
        querystring: exerciseWriteQuery,
        body: exerciseActualizeInput,
        response: { 200: dataEnvelope(exerciseSlidesSchema), ...errors },
      },
    },
    async (request) => ({ data: await actualizeFile(app.db, app.jobs, actingOf(request), request.body) }),
  );
};
