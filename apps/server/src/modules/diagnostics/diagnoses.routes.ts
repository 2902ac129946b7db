import {
  API,
  clientDiagnosesParams,
  dataEnvelope,
  diagnosisActingQuery,
  diagnosisCompleteInput,
  diagnosisCreateInput,
  clientDiagnosesSchema,
  diagnosisParams,
  diagnosisSchema,
  diagnosisUpdateInput,
  errorBody,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import {
  completeDiagnosis,
  createDiagnosis,
  deleteDiagnosis,
  getDiagnosis,
  listClientDiagnoses,
  updateDiagnosis,
  type DiagnosisCaller,
} from './diagnoses.service.ts';

const tags = ['diagnoses'];
const ofClient = `${API.clients}/:clientId/diagnoses`;
const one = `${API.diagnoses}/:diagnosisId`;

/** The caller with the time zone its query names (UTC when none). */
function diagnosisCaller(request: FastifyRequest): DiagnosisCaller {
  const { time_zone: timeZone } = request.query as { time_zone?: string };
  return { ...actingOf(request), timeZone: timeZone ?? 'UTC' };
}

/** Filling diagnoses (issue 16 item 4): the student's teacher or an assigned diagnostician. */
export const diagnosesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ofClient,
    {
      config: { permission: 'diagnoses.manage' },
      schema: {
        tags,
        summary: 'A student (name, language, teacher) and their diagnoses on every card, the newest first',
        params: clientDiagnosesParams,
        querystring: diagnosisActingQuery,
        response: { 200: dataEnvelope(clientDiagnosesSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await listClientDiagnoses(app.db, actingOf(request), request.params.clientId),
    }),
  );

  app.post(
    ofClient,
    {
      config: { permission: 'diagnoses.manage' },
      schema: {
        tags,
        summary:
          "A new diagnosis of the student from the card's latest published version, its header from the student, dated today in `time_zone`; earlier diagnoses on the card stay (404 for a card not published or of another project)",
        params: clientDiagnosesParams,
        querystring: diagnosisActingQuery,
        body: diagnosisCreateInput,
        response: { 201: dataEnvelope(diagnosisSchema), 404: errorBody },
      },
    },
    async (request, reply) => {
      const data = await createDiagnosis(
        app.db,
        diagnosisCaller(request),
        request.params.clientId,
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    one,
    {
      config: { permission: 'diagnoses.manage' },
      schema: {
        tags,
        summary:
          'A diagnosis with its card version, answers, block marks, computed results (bands, programs), the previous diagnosis on the card and the link state',
        params: diagnosisParams,
        querystring: diagnosisActingQuery,
        response: { 200: dataEnvelope(diagnosisSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await getDiagnosis(app.db, actingOf(request), request.params.diagnosisId) }),
  );

  app.put(
    one,
    {
      config: { permission: 'diagnoses.manage' },
      schema: {
        tags,
        summary:
          'Autosaves the header, answers, block marks and notes of a diagnosis not yet sent (422 for an answer that does not fit its question, 409 `diagnosis_read_only` once sent)',
        params: diagnosisParams,
        querystring: diagnosisActingQuery,
        body: diagnosisUpdateInput,
        response: { 200: dataEnvelope(diagnosisSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await updateDiagnosis(app.db, actingOf(request), request.params.diagnosisId, request.body),
    }),
  );

  app.post(
    `${one}/complete`,
    {
      config: { permission: 'diagnoses.manage' },
      schema: {
        tags,
        summary:
          'The explicit save: 422 naming the unanswered required questions unless `without_required` (spec §5); 409 `diagnosis_scale_change` naming the scales moved by more than 2 divisions since a diagnosis within a month unless `scale_changes_seen` (spec §9)',
        params: diagnosisParams,
        querystring: diagnosisActingQuery,
        body: diagnosisCompleteInput,
        response: { 200: dataEnvelope(diagnosisSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await completeDiagnosis(app.db, actingOf(request), request.params.diagnosisId, request.body),
    }),
  );

  app.delete(
    one,
    {
      config: { permission: 'diagnoses.manage' },
      schema: {
        tags,
        summary: 'Deletes a draft diagnosis (409 `diagnosis_read_only` for one sent or that failed to send)',
        params: diagnosisParams,
        querystring: diagnosisActingQuery,
        response: { 200: dataEnvelope(z.null()), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await deleteDiagnosis(app.db, actingOf(request), request.params.diagnosisId);
      return { data: null };
    },
  );
};
