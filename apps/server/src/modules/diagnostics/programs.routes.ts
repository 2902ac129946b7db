import {
  API,
  dataEnvelope,
  errorBody,
  programActingQuery,
  programInput,
  programParams,
  programSchema,
  programsPageEnvelope,
  programsQuery,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { createProgram, deleteProgram, getProgram, listPrograms, updateProgram } from './programs.service.ts';

const tags = ['recommended programs'];
const item = `${API.recommendedPrograms}/:programId`;
const errors = { 404: errorBody };

export const programsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.recommendedPrograms,
    {
      config: { permission: 'programs.read' },
      schema: {
        tags,
        summary:
          'A page of the project’s recommended programs and exercise complexes (`kind`), by name; `term` a part of the name',
        querystring: programsQuery,
        response: { 200: programsPageEnvelope },
      },
    },
    async (request) => listPrograms(app.db, actingOf(request), request.query),
  );

  app.post(
    API.recommendedPrograms,
    {
      config: { permission: 'programs.manage' },
      schema: {
        tags,
        summary:
          'A new program or complex: its exercises are accepted exercises of the project, each once, with a note (422 otherwise)',
        querystring: programActingQuery,
        body: programInput,
        response: { 201: dataEnvelope(programSchema) },
      },
    },
    async (request, reply) => {
      const data = await createProgram(app.db, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    item,
    {
      config: { permission: 'programs.read' },
      schema: {
        tags,
        summary: 'One program or complex with its exercises in order',
        params: programParams,
        querystring: programActingQuery,
        response: { 200: dataEnvelope(programSchema), ...errors },
      },
    },
    async (request) => ({ data: await getProgram(app.db, actingOf(request), request.params.programId) }),
  );

  app.put(
    item,
    {
      config: { permission: 'programs.manage' },
      schema: {
        tags,
        summary: 'Saves a program or complex: kind, name, description and exercises, all replaced',
        params: programParams,
        querystring: programActingQuery,
        body: programInput,
        response: { 200: dataEnvelope(programSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateProgram(app.db, actingOf(request), request.params.programId, request.body),
    }),
  );

  app.delete(
    item,
    {
      config: { permission: 'programs.manage' },
      schema: {
        tags,
        summary:
          'Deletes a program or complex; 409 `program_in_use` while a published diagnostic card’s band points at it',
        params: programParams,
        querystring: programActingQuery,
        response: { 200: dataEnvelope(z.null()), 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await deleteProgram(app.db, actingOf(request), request.params.programId);
      return { data: null };
    },
  );
};
