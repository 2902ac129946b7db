import {
  API,
  dataEnvelope,
  errorBody,
  parentPlanSchema,
  planActingQuery,
  planParams,
  planSharingSchema,
  sendPlanInput,
  sentPlanSchema,
  showPlanParams,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { createLink, getSharing, revokeLink, sendPlan, showPlan } from './plan-sharing.service.ts';

const tags = ['plans'];
const link = `${API.protocols}/:protocolId/link`;
/** The project and role acted in (the plan's status is not judged here: no time zone). */
const sharingQuery = planActingQuery.omit({ time_zone: true });

export const planSharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => ({
    db: app.db,
    mailer: app.mailer,
    baseUrl: publicBaseUrl(app.config, request),
  });

  app.get(
    link,
    {
      config: { permission: 'protocols.manage' },
      schema: {
        tags,
        summary:
          "How one of the teacher's plans is shared with the parents: its public link (null when none), when it was mailed, the parent's e-mail",
        params: planParams,
        querystring: sharingQuery,
        response: { 200: dataEnvelope(planSharingSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await getSharing(context(request), actingOf(request), request.params.protocolId),
    }),
  );

  app.post(
    link,
    {
      config: { permission: 'protocols.manage' },
      schema: {
        tags,
        summary:
          'The plan’s public link for the parents, made now when it has none (random, revocable), without mailing it; 409 while the plan is not filled',
        params: planParams,
        querystring: sharingQuery,
        response: { 200: dataEnvelope(planSharingSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await createLink(context(request), actingOf(request), request.params.protocolId),
    }),
  );

  app.delete(
    link,
    {
      config: { permission: 'protocols.manage' },
      schema: {
        tags,
        summary:
          'Withdraws the plan’s public link: it opens nothing from now on; the next send makes a new one',
        params: planParams,
        querystring: sharingQuery,
        response: { 200: dataEnvelope(planSharingSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await revokeLink(context(request), actingOf(request), request.params.protocolId),
    }),
  );

  app.post(
    API.sendPlan,
    {
      config: { permission: 'protocols.manage' },
      schema: {
        tags,
        summary:
          "Mails the plan's public link to the parent (the e-mail given, else the student's parent e-mail; 422 when neither) in the student's language and records when; 409 while the plan is not filled",
        querystring: sharingQuery,
        body: sendPlanInput,
        response: { 200: dataEnvelope(sentPlanSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await sendPlan(context(request), actingOf(request), request.body) }),
  );

  app.get(
    `${API.showPlan}/:token`,
    {
      // Public: the random token is the key. The global rate limit holds it, like the other public calls.
      schema: {
        tags,
        summary:
          "The plan for the parents by its public link (public): the child's first name, the template, the deadline, ten lessons and each block's parent texts, in the student's language; 404 for a wrong or withdrawn link",
        params: showPlanParams,
        response: { 200: dataEnvelope(parentPlanSchema), 404: errorBody },
      },
    },
    async (request, reply) => {
      const data = await showPlan(app.db, request.params.token);
      // A withdrawn link must stop working at once: no copy kept by a browser or a proxy.
      void reply.header('cache-control', 'no-store');
      return { data };
    },
  );
};
