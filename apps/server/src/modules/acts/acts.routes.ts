import {
  API,
  actExclusionInput,
  actExclusionParams,
  actInput,
  actParams,
  actRateSchema,
  actRatesInput,
  actSchema,
  actsQuery,
  actsReportQuery,
  actsReportSchema,
  contractorInput,
  contractorParams,
  contractorSchema,
  dataEnvelope,
  errorBody,
  idParam,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { contentDisposition } from '../../files/content-disposition.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import {
  actDocument,
  actsReport,
  excludeItem,
  includeItem,
  issueAct,
  listActs,
  listRates,
  readAct,
  saveRates,
} from './acts.service.ts';
import { readContractor, readPersonalData, saveContractor } from './contractors.service.ts';

const tags = ['acts'];
const actingQuery = z.object({ workspace_id: idParam, role_id: idParam.optional() });
const binary = z.any().meta({ type: 'string', format: 'binary' });
const exclusionAnswer = dataEnvelope(z.object({ exercise_id: z.number().int(), excluded: z.boolean() }));
const permission = 'acts.manage' as const;

/**
 * Contractors' reports and acts (issue 33 item 2, spec §2 /reports): the report of a range, the
 * rates, the contractors' details, exclusions, and the acts with their PDFs.
 */
export const actsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.actsReport,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Per contractor, the content accepted in a range of days (both included, in `time_zone`, at most a year): each item with its amount, whether it is excluded or in an act, and the total of the next act',
        querystring: actsReportQuery,
        response: { 200: dataEnvelope(actsReportSchema) },
      },
    },
    async (request) => ({
      data: await actsReport(app.db, actingOf(request), request.query, publicBaseUrl(app.config, request)),
    }),
  );

  app.get(
    API.actRates,
    {
      config: { permission },
      schema: {
        tags,
        summary: "The project's rates: what an item of each type is paid in each currency",
        querystring: actingQuery,
        response: { 200: dataEnvelope(z.array(actRateSchema)) },
      },
    },
    async (request) => ({ data: await listRates(app.db, actingOf(request).workspaceId) }),
  );

  app.put(
    API.actRates,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Replaces the rates (one per type and currency); issued acts keep their amounts',
        querystring: actingQuery,
        body: actRatesInput,
        response: { 200: dataEnvelope(z.array(actRateSchema)), 422: errorBody },
      },
    },
    async (request) => ({ data: await saveRates(app.db, actingOf(request), request.body) }),
  );

  app.get(
    `${API.actContractors}/:userId`,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          "A contractor's details (null when none are kept), the passport and tax id masked unless the caller may read them (`acts.personalData`); 404 for a user of no role in the project",
        params: contractorParams,
        querystring: actingQuery,
        response: { 200: dataEnvelope(contractorSchema.nullable()), 404: errorBody },
      },
    },
    async (request) => ({
      data: await readContractor(app.db, actingOf(request), request.params.userId),
    }),
  );

  app.get(
    `${API.actContractors}/:userId/personal-data`,
    {
      config: { permission: 'acts.personalData' },
      schema: {
        tags,
        summary: "A contractor's passport and tax id, whole (null when none are kept)",
        params: contractorParams,
        querystring: actingQuery,
        response: {
          200: dataEnvelope(z.object({ passport: z.string().nullable(), tax_number: z.string().nullable() })),
          404: errorBody,
        },
      },
    },
    async (request) => ({
      data: await readPersonalData(app.db, actingOf(request), request.params.userId),
    }),
  );

  app.put(
    `${API.actContractors}/:userId`,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          "Keeps a contractor's details: names in Ukrainian and English, passport, tax id (an RNOKPP or NIP with its check digit), addresses, contract, currency. A passport or tax id left out keeps the one kept",
        params: contractorParams,
        querystring: actingQuery,
        body: contractorInput,
        response: { 200: dataEnvelope(contractorSchema), 404: errorBody, 422: errorBody },
      },
    },
    async (request) => ({
      data: await saveContractor(app.db, actingOf(request), request.params.userId, request.body),
    }),
  );

  app.post(
    API.actExclusions,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          "Leaves an accepted exercise out of the next act (again: no change); 409 when an act holds it, 404 for another project's",
        querystring: actingQuery,
        body: actExclusionInput,
        response: { 200: exclusionAnswer, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await excludeItem(app.db, actingOf(request), request.body.exercise_id),
    }),
  );

  app.delete(
    `${API.actExclusions}/:exerciseId`,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Includes an excluded exercise again (again: no change); 409 when an act holds it',
        params: actExclusionParams,
        querystring: actingQuery,
        response: { 200: exclusionAnswer, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await includeItem(app.db, actingOf(request), request.params.exerciseId),
    }),
  );

  app.get(
    API.acts,
    {
      config: { permission },
      schema: {
        tags,
        summary: "The project's acts, newest first (one contractor's with `user_id`)",
        querystring: actsQuery,
        response: { 200: dataEnvelope(z.array(actSchema)) },
      },
    },
    async (request) => ({ data: await listActs(app.db, actingOf(request), request.query.user_id) }),
  );

  app.post(
    API.acts,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          "Issues a contractor's act for a range: the next number of the act date's year, every item neither excluded nor in an act, amounts frozen. 409 without details, without a rate, or with nothing to put in it",
        querystring: actingQuery,
        body: actInput,
        response: { 201: dataEnvelope(actSchema), 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await issueAct(app.db, actingOf(request), request.body, publicBaseUrl(app.config, request)),
      }),
  );

  app.get(
    `${API.acts}/:actId`,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One act with its items, as it was issued',
        params: actParams,
        querystring: actingQuery,
        response: { 200: dataEnvelope(actSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await readAct(app.db, actingOf(request), request.params.actId) }),
  );

  app.get(
    `${API.acts}/:actId/pdf`,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'The act as a PDF, in Ukrainian and English side by side (the passport and tax id masked unless the caller may read them)',
        params: actParams,
        querystring: actingQuery,
        produces: ['application/pdf'],
        response: { 200: binary, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await actDocument(app.db, actingOf(request), request.params.actId);
      return reply
        .header('cache-control', 'no-store')
        .type('application/pdf')
        .header('content-length', bytes.length)
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
