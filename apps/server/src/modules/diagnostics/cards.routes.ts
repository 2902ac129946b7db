import {
  API,
  DOCUMENT_VERSIONS,
  dataEnvelope,
  diagnosticCardVersionsDiffQuery,
  documentVersionSchema,
  diagnosticCardActingQuery,
  diagnosticCardInput,
  diagnosticCardParams,
  diagnosticCardSchema,
  diagnosticCardsPageEnvelope,
  diagnosticCardsQuery,
  errorBody,
  versionsDiffSchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import {
  createCard,
  deleteCard,
  diffCardVersions,
  getCard,
  listCards,
  listCardVersions,
  publishCard,
  updateCard,
} from './cards.service.ts';

const tags = ['diagnostic cards'];
const item = `${API.diagnosticCards}/:cardId`;
const errors = { 404: errorBody };

export const diagnosticCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.diagnosticCards,
    {
      config: { permission: 'diagnosticCards.read' },
      schema: {
        tags,
        summary:
          'A page of the diagnostic cards the role reads (moderators every one as written; teachers the published ones), the latest change first',
        querystring: diagnosticCardsQuery,
        response: { 200: diagnosticCardsPageEnvelope },
      },
    },
    async (request) => listCards(app.db, actingOf(request), request.query),
  );

  app.post(
    API.diagnosticCards,
    {
      config: { permission: 'diagnosticCards.manage' },
      schema: {
        tags,
        summary:
          "A new draft card; 422 at the field for a formula that does not read or fit, a cycle, overlapping bands, another project's category or program",
        querystring: diagnosticCardActingQuery,
        body: diagnosticCardInput,
        response: { 201: dataEnvelope(diagnosticCardSchema) },
      },
    },
    async (request, reply) => {
      const data = await createCard(app.db, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    item,
    {
      config: { permission: 'diagnosticCards.read' },
      schema: {
        tags,
        summary:
          'One card: moderators its working copy with what they may do; teachers its latest published version (404 before the first)',
        params: diagnosticCardParams,
        querystring: diagnosticCardActingQuery,
        response: { 200: dataEnvelope(diagnosticCardSchema), ...errors },
      },
    },
    async (request) => ({ data: await getCard(app.db, actingOf(request), request.params.cardId) }),
  );

  app.put(
    item,
    {
      config: { permission: 'diagnosticCards.manage' },
      schema: {
        tags,
        summary:
          'Replaces the working copy; a published card becomes a draft again, its diagnoses keeping the published version',
        params: diagnosticCardParams,
        querystring: diagnosticCardActingQuery,
        body: diagnosticCardInput,
        response: { 200: dataEnvelope(diagnosticCardSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateCard(app.db, actingOf(request), request.params.cardId, request.body),
    }),
  );

  app.post(
    `${item}/publish`,
    {
      config: { permission: 'diagnosticCards.manage' },
      schema: {
        tags,
        summary:
          'Publishes the working copy as the next version; 409 diagnostic_card_unchanged when it is published and unchanged',
        params: diagnosticCardParams,
        querystring: diagnosticCardActingQuery,
        response: { 200: dataEnvelope(diagnosticCardSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({ data: await publishCard(app.db, actingOf(request), request.params.cardId) }),
  );

  app.delete(
    item,
    {
      config: { permission: 'diagnosticCards.manage' },
      schema: {
        tags,
        summary: 'Deletes a card; 409 diagnostic_card_in_use while diagnoses are made from it',
        params: diagnosticCardParams,
        querystring: diagnosticCardActingQuery,
        response: { 200: dataEnvelope(z.null()), 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await deleteCard(app.db, actingOf(request), request.params.cardId);
      return { data: null };
    },
  );

  app.get(
    `${item}${DOCUMENT_VERSIONS.list}`,
    {
      config: { permission: 'diagnosticCards.read' },
      schema: {
        tags,
        summary: 'The published versions of a card the role reads, the first first: number, when, by whom',
        params: diagnosticCardParams,
        querystring: diagnosticCardActingQuery,
        response: { 200: dataEnvelope(z.array(documentVersionSchema)), ...errors },
      },
    },
    async (request) => ({ data: await listCardVersions(app.db, actingOf(request), request.params.cardId) }),
  );

  app.get(
    `${item}${DOCUMENT_VERSIONS.diff}`,
    {
      config: { permission: 'diagnosticCards.read' },
      schema: {
        tags,
        summary:
          'What changed between two published versions (without `to`: up to what the caller reads now), blocks, questions and computed blocks by key; 404 for a version it does not have',
        params: diagnosticCardParams,
        querystring: diagnosticCardVersionsDiffQuery,
        response: { 200: dataEnvelope(versionsDiffSchema), ...errors },
      },
    },
    async (request) => ({
      data: await diffCardVersions(app.db, actingOf(request), request.params.cardId, request.query),
    }),
  );
};
