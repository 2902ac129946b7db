import {
  API,
  DOCUMENT_VERSIONS,
  dataEnvelope,
  documentVersionSchema,
  errorBody,
  protocolTemplateSchema,
  templateActingQuery,
  templateInput,
  templateParams,
  templateReviewInput,
  templateSubmitInput,
  templateVersionsDiffQuery,
  templatesPageEnvelope,
  templatesQuery,
  versionsDiffSchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import {
  changeTemplateStatus,
  createTemplate,
  deleteTemplate,
  diffTemplateVersions,
  getTemplate,
  listTemplateVersions,
  listTemplates,
  updateTemplate,
} from './templates.service.ts';

const tags = ['protocol templates'];
const item = `${API.templates}/:templateId`;
const errors = { 404: errorBody };

export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.templates,
    {
      config: { permission: 'protocolTemplates.read' },
      schema: {
        tags,
        summary:
          'A page of the templates the role reads (moderators every one as written; teachers the published ones and their own), the latest change first',
        querystring: templatesQuery,
        response: { 200: templatesPageEnvelope },
      },
    },
    async (request) => listTemplates(app.db, actingOf(request), request.query),
  );

  app.post(
    API.templates,
    {
      config: { permission: 'protocolTemplates.write' },
      schema: {
        tags,
        summary:
          'A new draft template by the caller; blocks name categories of the project and folders inside them',
        querystring: templateActingQuery,
        body: templateInput,
        response: { 201: dataEnvelope(protocolTemplateSchema) },
      },
    },
    async (request, reply) => {
      const data = await createTemplate(app.db, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    item,
    {
      config: { permission: 'protocolTemplates.read' },
      schema: {
        tags,
        summary:
          'One template: its working copy for its writer and moderators, else its latest published version',
        params: templateParams,
        querystring: templateActingQuery,
        response: { 200: dataEnvelope(protocolTemplateSchema), ...errors },
      },
    },
    async (request) => ({ data: await getTemplate(app.db, actingOf(request), request.params.templateId) }),
  );

  app.put(
    item,
    {
      config: { permission: 'protocolTemplates.write' },
      schema: {
        tags,
        summary:
          'Saves the working copy (its writer or a moderator); a published template becomes a draft until published again',
        params: templateParams,
        querystring: templateActingQuery,
        body: templateInput,
        response: { 200: dataEnvelope(protocolTemplateSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateTemplate(app.db, actingOf(request), request.params.templateId, request.body),
    }),
  );

  app.post(
    `${item}/status`,
    {
      config: { permission: 'protocolTemplates.submit' },
      schema: {
        tags,
        summary:
          'Its writer sends a draft template for review or takes it back; 409 template_transition_refused from another status',
        params: templateParams,
        querystring: templateActingQuery,
        body: templateSubmitInput,
        response: { 200: dataEnvelope(protocolTemplateSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await changeTemplateStatus(app.db, actingOf(request), request.params.templateId, request.body),
    }),
  );

  app.post(
    `${item}/review`,
    {
      config: { permission: 'protocolTemplates.moderate' },
      schema: {
        tags,
        summary:
          'A moderator publishes a draft or reviewed template as its next version, or returns one in review with a comment; 409 template_transition_refused from another status',
        params: templateParams,
        querystring: templateActingQuery,
        body: templateReviewInput,
        response: { 200: dataEnvelope(protocolTemplateSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await changeTemplateStatus(app.db, actingOf(request), request.params.templateId, request.body),
    }),
  );

  app.delete(
    item,
    {
      config: { permission: 'protocolTemplates.write' },
      schema: {
        tags,
        summary:
          'Deletes a template: a moderator any, its writer one never published; 409 template_in_use while plans are made from it',
        params: templateParams,
        querystring: templateActingQuery,
        response: { 200: dataEnvelope(z.null()), 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await deleteTemplate(app.db, actingOf(request), request.params.templateId);
      return { data: null };
    },
  );

  app.get(
    `${item}${DOCUMENT_VERSIONS.list}`,
    {
      config: { permission: 'protocolTemplates.read' },
      schema: {
        tags,
        summary:
          'The published versions of a template the role reads, the first first: number, when, by whom',
        params: templateParams,
        querystring: templateActingQuery,
        response: { 200: dataEnvelope(z.array(documentVersionSchema)), ...errors },
      },
    },
    async (request) => ({
      data: await listTemplateVersions(app.db, actingOf(request), request.params.templateId),
    }),
  );

  app.get(
    `${item}${DOCUMENT_VERSIONS.diff}`,
    {
      config: { permission: 'protocolTemplates.read' },
      schema: {
        tags,
        summary:
          'What changed between two published versions (without `to`: up to what the caller reads now), block by block by key; 404 for a version it does not have',
        params: templateParams,
        querystring: templateVersionsDiffQuery,
        response: { 200: dataEnvelope(versionsDiffSchema), ...errors },
      },
    },
    async (request) => {
      const { templateId } = request.params;
      return { data: await diffTemplateVersions(app.db, actingOf(request), templateId, request.query) };
    },
  );
};
