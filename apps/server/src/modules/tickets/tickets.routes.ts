import multipart from '@fastify/multipart';
import {
  API,
  TICKET_ATTACHMENT_MAX_BYTES,
  dataEnvelope,
  errorBody,
  myTicketsQuery,
  pageEnvelope,
  ticketActingQuery,
  ticketActionInput,
  ticketAssigneesSchema,
  ticketAttachmentParams,
  ticketCommentInput,
  ticketFileParams,
  ticketFileSchema,
  ticketInput,
  ticketListItemSchema,
  ticketMergeInput,
  ticketParams,
  ticketSchema,
  ticketsPageEnvelope,
  ticketsQuery,
  ticketUploadBody,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { sendStored } from '../../files/area-files.ts';
import { readForm } from '../../files/multipart.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { TICKET_FILES, attachedTicketFile, ownTicketFile, uploadTicketFile } from './ticket-files.service.ts';
import { mailTicketClosed } from './tickets.mail.ts';
import {
  actOnTicket,
  commentOnTicket,
  createTicket,
  getOwnTicket,
  getTicket,
  listAssignees,
  listOwnTickets,
  listTickets,
  mergeTicket,
} from './tickets.service.ts';

const tags = ['tickets'];
const base = API.reportTickets;
const item = `${base}/:ticketId`;
const mine = `${base}/mine`;
const errors = { 404: errorBody };
const FORM_LIMITS = { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: 1 };
const binary = z.any().meta({ type: 'string', format: 'binary' });

/**
 * Problem reports (issue 33 item 1; spec §2 /reports-tickets, /manage-report/:ticketId): anyone
 * signed in reports and follows their own; the project's moderators work them.
 */
export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { ...FORM_LIMITS, fields: 5, fieldSize: 1024, parts: 6 } });

  // ---- The reporter's side (anyone signed in).

  app.post(
    `${base}/files`,
    {
      config: { permission: 'tickets.report' },
      preValidation: readForm(FORM_LIMITS),
      schema: {
        tags,
        summary:
          'Uploads an image or a PDF for a report about to be made (a form with one `file`), judged by its bytes: 415 for anything else, 413 over the cap',
        consumes: ['multipart/form-data'],
        querystring: ticketActingQuery,
        body: ticketUploadBody,
        response: { 201: dataEnvelope(ticketFileSchema), 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const data = await uploadTicketFile(app.db, app.files, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    `${base}/files/:fileId`,
    {
      config: { permission: 'tickets.report' },
      schema: {
        tags,
        summary: "One of the caller's own uploads, of the type found in its bytes",
        params: ticketFileParams,
        querystring: ticketActingQuery,
        produces: ['image/*', 'application/pdf'],
        response: { 200: binary, ...errors },
      },
    },
    async (request, reply) => {
      const file = await ownTicketFile(app.db, actingOf(request), request.params.fileId);
      return sendStored(app.files, reply, TICKET_FILES, file, 'private, max-age=86400');
    },
  );

  app.post(
    base,
    {
      config: { permission: 'tickets.report' },
      schema: {
        tags,
        summary:
          "Reports a problem with the screen's context; the role and the browser are added. The same `key` again gives the report made with it. 422 at the field for an object the project has not, or a file that is not the caller's waiting upload",
        querystring: ticketActingQuery,
        body: ticketInput,
        response: { 201: dataEnvelope(ticketSchema) },
      },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent'] ?? '';
      const data = await createTicket(app.db, actingOf(request), userAgent, request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    mine,
    {
      config: { permission: 'tickets.report' },
      schema: {
        tags,
        summary: "A page of the caller's own reports in the project, the latest change first",
        querystring: myTicketsQuery,
        response: { 200: pageEnvelope(ticketListItemSchema) },
      },
    },
    async (request) => listOwnTickets(app.db, actingOf(request), request.query),
  );

  app.get(
    `${mine}/:ticketId`,
    {
      config: { permission: 'tickets.report' },
      schema: {
        tags,
        summary: "One of the caller's own reports, with its history; 404 for anyone else's",
        params: ticketParams,
        querystring: ticketActingQuery,
        response: { 200: dataEnvelope(ticketSchema), ...errors },
      },
    },
    async (request) => ({ data: await getOwnTicket(app.db, actingOf(request), request.params.ticketId) }),
  );

  app.post(
    `${mine}/:ticketId/comments`,
    {
      config: { permission: 'tickets.report' },
      schema: {
        tags,
        summary:
          "The reporter's comment (an answer to a moderator's question); 409 once the report is closed or merged",
        params: ticketParams,
        querystring: ticketActingQuery,
        body: ticketCommentInput,
        response: { 200: dataEnvelope(ticketSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await commentOnTicket(
        app.db,
        actingOf(request),
        request.params.ticketId,
        request.body.text,
        'reporter',
      ),
    }),
  );

  // ---- The moderators' side.

  app.get(
    base,
    {
      config: { permission: 'tickets.manage' },
      schema: {
        tags,
        summary:
          "A page of the project's reports of a status (all but the deleted when none is named), searched, by assignee or object, the latest change first, with counts per status",
        querystring: ticketsQuery,
        response: { 200: ticketsPageEnvelope },
      },
    },
    async (request) => listTickets(app.db, actingOf(request), request.query),
  );

  app.get(
    `${base}/assignees`,
    {
      config: { permission: 'tickets.manage' },
      schema: {
        tags,
        summary: "The people the project's reports are assigned to",
        querystring: ticketActingQuery,
        response: { 200: dataEnvelope(ticketAssigneesSchema) },
      },
    },
    async (request) => ({ data: await listAssignees(app.db, actingOf(request)) }),
  );

  app.get(
    item,
    {
      config: { permission: 'tickets.manage' },
      schema: {
        tags,
        summary: 'One report with its context, files, whole history and the actions allowed now',
        params: ticketParams,
        querystring: ticketActingQuery,
        response: { 200: dataEnvelope(ticketSchema), ...errors },
      },
    },
    async (request) => ({ data: await getTicket(app.db, actingOf(request), request.params.ticketId) }),
  );

  app.post(
    `${item}/actions`,
    {
      config: { permission: 'tickets.manage' },
      schema: {
        tags,
        summary:
          'Takes the report in process (the caller its assignee), marks it done, declines it saying why, archives or deletes it; 409 from a status that does not allow it. Done and declined are mailed to the reporter',
        params: ticketParams,
        querystring: ticketActingQuery,
        body: ticketActionInput,
        response: { 200: dataEnvelope(ticketSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => {
      const caller = actingOf(request);
      const change = await actOnTicket(app.db, caller, request.params.ticketId, request.body);
      if (change.mailed) {
        await mailTicketClosed(
          { db: app.db, mailer: app.mailer, baseUrl: publicBaseUrl(app.config, request) },
          caller.workspaceId,
          change.ticket.id,
          change.mailed,
        );
      }
      return { data: change.ticket };
    },
  );

  app.post(
    `${item}/merge`,
    {
      config: { permission: 'tickets.manage' },
      schema: {
        tags,
        summary:
          'Merges the report into another as its duplicate (archived, pointing at it); 409 when this one is closed, 422 at `into_id` for itself, a closed report or none of the project',
        params: ticketParams,
        querystring: ticketActingQuery,
        body: ticketMergeInput,
        response: { 200: dataEnvelope(ticketSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await mergeTicket(app.db, actingOf(request), request.params.ticketId, request.body.into_id),
    }),
  );

  app.post(
    `${item}/comments`,
    {
      config: { permission: 'tickets.manage' },
      schema: {
        tags,
        summary: "A moderator's comment, which the reporter sees; 409 on a deleted report",
        params: ticketParams,
        querystring: ticketActingQuery,
        body: ticketCommentInput,
        response: { 200: dataEnvelope(ticketSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await commentOnTicket(
        app.db,
        actingOf(request),
        request.params.ticketId,
        request.body.text,
        'moderator',
      ),
    }),
  );

  app.get(
    `${item}/files/:fileId`,
    {
      config: { permission: 'tickets.manage' },
      schema: {
        tags,
        summary: 'A file of a report of the project, of the type found in its bytes',
        params: ticketAttachmentParams,
        querystring: ticketActingQuery,
        produces: ['image/*', 'application/pdf'],
        response: { 200: binary, ...errors },
      },
    },
    async (request, reply) => {
      const file = await attachedTicketFile(
        app.db,
        actingOf(request),
        request.params.ticketId,
        request.params.fileId,
      );
      return sendStored(app.files, reply, TICKET_FILES, file, 'private, max-age=86400');
    },
  );
};
