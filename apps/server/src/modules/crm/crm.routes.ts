import {
  API,
  CLIENT_IMPORT_BODY_MAX_BYTES,
  actingAsQuery,
  clientImportInput,
  clientImportResultSchema,
  crmAccessSchema,
  crmTokenIssuedSchema,
  dataEnvelope,
  errorBody,
  inWorkspace,
  pageEnvelope,
  planSummarySchema,
  projectTeacherSchema,
  remoteClientDetailSchema,
  remoteClientQuery,
  remoteClientSchema,
  remoteClientsQuery,
  remoteClientUpsert,
  remoteUpsertQuery,
  replicateClientInput,
  replicateClientResultSchema,
  workspaceParams,
  workspacePathQuery,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { crmOf } from './crm-auth.ts';
import {
  remoteClientDetail,
  remoteClientsPage,
  remotePlans,
  upsertRemoteClient,
} from './crm-clients.service.ts';
import { crmAccess, issueCrmToken, revokeCrmToken } from './crm-tokens.service.ts';
import { importClients } from './import.service.ts';
import { projectTeachers } from './project-teachers.ts';
import { replicateClient } from './replicate.service.ts';

const CRM_TAG = 'crm';
/** Said in every CRM route's description, so that the docs tell how it is called. */
const CRM_AUTH =
  "Called by the school's CRM with the project's CRM token (`Authorization: Bearer lgs_…`, made by root or an admin of the project), never with a user's session.";

/** The teacher's own students in the project the request acts in (as the clients area has it). */
function studentsOwner(request: FastifyRequest) {
  const actor = actingOf(request);
  return { workspaceId: actor.workspaceId, teacherId: actor.userId, lang: actor.lang };
}

export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- The project's token: root and the project's admins.
  const tokenPath = inWorkspace(':workspaceId', API.crmToken);

  app.get(
    tokenPath,
    {
      config: { permission: 'crm.manage' },
      schema: {
        tags: [CRM_TAG],
        summary: "The project's active CRM token (its first characters, when made and last used), if any",
        params: workspaceParams,
        querystring: workspacePathQuery,
        response: { 200: dataEnvelope(crmAccessSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await crmAccess(app.db, actingOf(request).workspaceId) }),
  );

  app.post(
    tokenPath,
    {
      config: { permission: 'crm.manage' },
      schema: {
        tags: [CRM_TAG],
        summary:
          'Makes a new CRM token for the project, revoking the active one; the whole token is in this answer only',
        params: workspaceParams,
        querystring: workspacePathQuery,
        response: { 201: dataEnvelope(crmTokenIssuedSchema), 404: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await issueCrmToken(app.db, actingOf(request)) }),
  );

  app.delete(
    tokenPath,
    {
      config: { permission: 'crm.manage' },
      schema: {
        tags: [CRM_TAG],
        summary: "Revokes the project's CRM token: its calls are refused from now on",
        params: workspaceParams,
        querystring: workspacePathQuery,
        response: { 200: dataEnvelope(crmAccessSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await revokeCrmToken(app.db, actingOf(request)) }),
  );

  // ---- The CRM's calls, with the project's token.

  app.get(
    API.remoteClients,
    {
      config: { crm: true },
      schema: {
        tags: [CRM_TAG],
        summary: "A page of the project's students that have a remote id, the least recently changed first",
        description: CRM_AUTH,
        querystring: remoteClientsQuery,
        response: { 200: pageEnvelope(remoteClientSchema) },
      },
    },
    async (request) => remoteClientsPage(app.db, crmOf(request).workspaceId, request.query),
  );

  app.get(
    API.clientByRemoteId,
    {
      config: { crm: true },
      schema: {
        tags: [CRM_TAG],
        summary: "The project's student with this remote id, with their plans",
        description: CRM_AUTH,
        querystring: remoteClientQuery,
        response: { 200: dataEnvelope(remoteClientDetailSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await remoteClientDetail(
        app.db,
        crmOf(request).workspaceId,
        request.query.remote_id,
        request.query.time_zone,
      ),
    }),
  );

  app.put(
    API.clientByRemoteId,
    {
      config: { crm: true },
      schema: {
        tags: [CRM_TAG],
        summary:
          'Creates (201) or updates (200) the student with this remote id, for the teacher the e-mail names',
        description: `${CRM_AUTH} Absent optional fields keep their value on an update; sending the same body again changes nothing. A teacher_email of another teacher of the project moves the student, with their plans, to that teacher.`,
        querystring: remoteUpsertQuery,
        body: remoteClientUpsert,
        response: {
          200: dataEnvelope(remoteClientDetailSchema),
          201: dataEnvelope(remoteClientDetailSchema),
        },
      },
    },
    async (request, reply) => {
      const { created, client } = await upsertRemoteClient(
        app.db,
        crmOf(request).workspaceId,
        request.lang,
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ data: client });
    },
  );

  app.get(
    API.getPlans,
    {
      config: { crm: true },
      schema: {
        tags: [CRM_TAG],
        summary: 'The plans of the student with this remote id, the nearest deadline first',
        description: CRM_AUTH,
        querystring: remoteClientQuery,
        response: { 200: dataEnvelope(z.array(planSummarySchema)), 404: errorBody },
      },
    },
    async (request) => ({
      data: await remotePlans(
        app.db,
        crmOf(request).workspaceId,
        request.query.remote_id,
        request.query.time_zone,
      ),
    }),
  );

  // ---- Copying a student; importing students.

  app.post(
    API.replicateClient,
    {
      config: { permission: 'clients.replicate' },
      schema: {
        tags: ['clients'],
        summary:
          'Copies a student with their plans to another teacher of the project, or of another project where the caller may copy',
        querystring: actingAsQuery,
        body: replicateClientInput,
        response: { 201: dataEnvelope(replicateClientResultSchema), 404: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await replicateClient(app.db, actingOf(request), request.body) }),
  );

  app.get(
    API.replicateClientTeachers,
    {
      config: { permission: 'clients.replicate' },
      schema: {
        tags: ['clients'],
        summary: 'The teachers of the project acted in, who may get a copy of a student',
        querystring: actingAsQuery,
        response: { 200: dataEnvelope(z.array(projectTeacherSchema)) },
      },
    },
    async (request) => ({ data: await projectTeachers(app.db, actingOf(request).workspaceId) }),
  );

  app.post(
    API.clientsImport,
    {
      config: { permission: 'clients.manage' },
      bodyLimit: CLIENT_IMPORT_BODY_MAX_BYTES,
      schema: {
        tags: ['clients'],
        summary:
          "Adds the teacher's students from a CSV file's rows, each row by itself: created, updated (by remote id) or refused, and why",
        querystring: actingAsQuery,
        body: clientImportInput,
        response: { 200: dataEnvelope(clientImportResultSchema), 413: errorBody },
      },
    },
    async (request) => ({ data: await importClients(app.db, studentsOwner(request), request.body) }),
  );
};
