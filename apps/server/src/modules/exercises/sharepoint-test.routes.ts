import multipart from '@fastify/multipart';
import {
  API,
  EXERCISE_PRESENTATION_MAX_BYTES,
  dataEnvelope,
  errorBody,
  sharepointTestBody,
  sharepointTestResultSchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readForm } from '../../files/multipart.ts';
import { runSharepointTest } from './sharepoint-test.service.ts';

/** A deck as an exercise takes it: one file, as large as an exercise's deck may be. */
const FORM_LIMITS = { fileSize: EXERCISE_PRESENTATION_MAX_BYTES, files: 1 };

/** `/sharepoint-test`'s call (issue 33 item 6): a deck rendered here while the caller waits. */
export const sharepointTestRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { ...FORM_LIMITS, fields: 2, fieldSize: 1024, parts: 3 } });

  app.post(
    API.sharepointTest,
    {
      // Sign-in and the role first: a form is read only for a caller who may run the check.
      config: { permission: 'sharepointTest.run' },
      preValidation: readForm(FORM_LIMITS),
      schema: {
        tags: ['exercises'],
        summary:
          'Renders a .pptx (a form with one `file`) as an exercise’s deck is rendered, and answers its slide images and the time it took, or why not (LibreOffice missing, the rendering failed, no slides); nothing is kept. 413 too large, 415 not a .pptx, 422 a damaged file, 429 while other checks render',
        consumes: ['multipart/form-data'],
        body: sharepointTestBody,
        response: {
          200: dataEnvelope(sharepointTestResultSchema),
          413: errorBody,
          415: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => ({
      data: await runSharepointTest(
        { sofficePath: app.config.SOFFICE_PATH, pdftoppmPath: app.config.PDFTOPPM_PATH },
        request.body.file,
        request.lang,
      ),
    }),
  );
};
