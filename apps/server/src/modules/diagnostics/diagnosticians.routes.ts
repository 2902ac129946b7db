import {
  API,
  assignedDiagnosticianSchema,
  clientDiagnosesParams,
  clientDiagnosticiansInput,
  dataEnvelope,
  diagnosisActingQuery,
  diagnosticianClientsPageEnvelope,
  diagnosticianClientsQuery,
  diagnosticianSchema,
  errorBody,
  remoteDiagnosticianQuery,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { crmOf } from '../crm/index.ts';
import {
  clientDiagnosticiansOf,
  listDiagnosticianClients,
  listDiagnosticians,
  remoteDiagnosticians,
  setClientDiagnosticians,
} from './diagnosticians.service.ts';

const tags = ['diagnosticians'];
const ofClient = `${API.clients}/:clientId/diagnosticians`;
const list = dataEnvelope(z.array(diagnosticianSchema));
const assignedList = dataEnvelope(z.array(assignedDiagnosticianSchema));

/** Diagnosticians (issue 16 item 5): their students, their assignment, the CRM's question. */
export const diagnosticiansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.diagnosticianClients,
    {
      config: { permission: 'diagnoses.assigned' },
      schema: {
        tags,
        summary:
          "The students assigned to the calling diagnostician across the project's teachers, by child name, each with their teacher and diagnoses",
        querystring: diagnosticianClientsQuery,
        response: { 200: diagnosticianClientsPageEnvelope },
      },
    },
    async (request) => listDiagnosticianClients(app.db, actingOf(request), request.query),
  );

  app.get(
    API.diagnosticians,
    {
      config: { permission: 'diagnosticians.assign' },
      schema: {
        tags,
        summary: "The project's active users holding the diagnostician role, by name",
        querystring: diagnosisActingQuery,
        response: { 200: list },
      },
    },
    async (request) => ({ data: await listDiagnosticians(app.db, actingOf(request)) }),
  );

  app.get(
    ofClient,
    {
      config: { permission: 'diagnosticians.assign' },
      schema: {
        tags,
        summary:
          "The diagnosticians a student is assigned to, with who assigned each and when (a teacher her own students; root and admins any of the project's)",
        params: clientDiagnosesParams,
        querystring: diagnosisActingQuery,
        response: { 200: assignedList, 404: errorBody },
      },
    },
    async (request) => ({
      data: await clientDiagnosticiansOf(app.db, actingOf(request), request.params.clientId),
    }),
  );

  app.put(
    ofClient,
    {
      config: { permission: 'diagnosticians.assign' },
      schema: {
        tags,
        summary:
          "Sets the whole list of a student's diagnosticians; each must hold the diagnostician role in the project (422). Every change is written to the audit log",
        params: clientDiagnosesParams,
        querystring: diagnosisActingQuery,
        body: clientDiagnosticiansInput,
        response: { 200: assignedList, 404: errorBody },
      },
    },
    async (request) => ({
      data: await setClientDiagnosticians(
        app.db,
        actingOf(request),
        request.params.clientId,
        request.body.user_ids,
      ),
    }),
  );

  app.get(
    API.remoteDiagnostician,
    {
      config: { crm: true },
      schema: {
        tags: ['crm'],
        summary: 'The diagnosticians of the student with this remote id (spec §7)',
        description: "With the project's CRM token (`Authorization: Bearer lgs_…`).",
        querystring: remoteDiagnosticianQuery,
        response: { 200: list, 404: errorBody },
      },
    },
    async (request) => ({
      data: await remoteDiagnosticians(app.db, crmOf(request).workspaceId, request.query.remote_id),
    }),
  );
};
