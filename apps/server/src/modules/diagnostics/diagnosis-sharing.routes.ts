import {
  API,
  dataEnvelope,
  diagnosisParams,
  diagnosisProgressSchema,
  diagnosisSharingQuery,
  errorBody,
  parentDiagnosisSchema,
  publicLinkParams,
  sendDiagnosisInput,
  sentDiagnosisSchema,
  type ParentDiagnosis,
} from '@logoschool/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { contentDisposition } from '../../files/content-disposition.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { diagnosisPdf } from './diagnosis-pdf.ts';
import { publicRead } from '../public-links/index.ts';
import {
  publicDiagnosis,
  publicProgress,
  sendDiagnosis,
  staffParentView,
} from './diagnosis-sharing.service.ts';

const tags = ['diagnoses'];
const one = `${API.diagnoses}/:diagnosisId`;
const byToken = `${API.publicDiagnosis}/:token`;
const binary = z.any().meta({ type: 'string', format: 'binary' });

async function sendPdf(reply: FastifyReply, parent: ParentDiagnosis) {
  const { bytes, fileName } = await diagnosisPdf(parent);
  // The parents' answers: no copy kept by a browser or a proxy (public reads say so by themselves).
  return reply
    .header('cache-control', 'no-store')
    .type('application/pdf')
    .header('content-length', bytes.length)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/** Sending a diagnosis to the parents, its link, its PDF, and the parents' public pages (issue 16 item 6). */
export const diagnosisSharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => ({
    db: app.db,
    mailer: app.mailer,
    baseUrl: publicBaseUrl(app.config, request),
  });

  app.post(
    API.sendDiagnosis,
    {
      config: { permission: 'diagnoses.manage' },
      schema: {
        tags,
        summary:
          "Mails the parents the link of a completed diagnosis, in the student's language, making the link when it has none, and records `sent`; 422 for a diagnosis not completed or a student without a parent e-mail. When the mail server refuses the mail, it is recorded as `not_sent` with the reason and the answer says `mail_delivery: failed` (as plans and invitations do); sending again retries",
        querystring: diagnosisSharingQuery,
        body: sendDiagnosisInput,
        response: { 200: dataEnvelope(sentDiagnosisSchema), 404: errorBody, 422: errorBody },
      },
    },
    async (request) => ({ data: await sendDiagnosis(context(request), actingOf(request), request.body) }),
  );

  app.get(
    `${one}/pdf`,
    {
      config: { permission: 'diagnoses.manage' },
      schema: {
        tags,
        summary:
          'The filled card as a PDF, as the parents see it (their results only, no notes), in the student’s language',
        params: diagnosisParams,
        querystring: diagnosisSharingQuery,
        produces: ['application/pdf'],
        response: { 200: binary, 404: errorBody },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await staffParentView(app.db, actingOf(request), request.params.diagnosisId)),
  );

  // Public: the random token is the key, under the kit's one rate limit and no-store (decision 029).
  app.get(
    byToken,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The filled card for the parents by its public link (public): the child, the date, each question's answer in readable form and the results meant for parents, in the student's language; 404 for a wrong or withdrawn link",
        params: publicLinkParams,
        response: { 200: dataEnvelope(parentDiagnosisSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await publicDiagnosis(app.db, request.params.token) }),
  );

  app.get(
    `${byToken}/progress`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The student's results on the card over time (public, by the same link): per result meant for parents and per scale question, a point for each diagnosis sent to the parents, oldest first; 409 `diagnosis_language_mismatch` when the card's language is not the student's; 404 for a wrong or withdrawn link",
        params: publicLinkParams,
        response: { 200: dataEnvelope(diagnosisProgressSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await publicProgress(app.db, request.params.token) }),
  );

  app.get(
    `${byToken}/pdf`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          'The filled card for the parents as a PDF (public, by the same link); 404 for a wrong or withdrawn link',
        params: publicLinkParams,
        produces: ['application/pdf'],
        response: { 200: binary, 404: errorBody },
      },
    },
    async (request, reply) => sendPdf(reply, await publicDiagnosis(app.db, request.params.token)),
  );
};
