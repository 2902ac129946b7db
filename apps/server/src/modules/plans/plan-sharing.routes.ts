import {
  API,
  dataEnvelope,
  errorBody,
  parentPlanSchema,
  publicLinkParams,
  sendPlanInput,
  sentPlanSchema,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { publicRead } from '../public-links/index.ts';
import { sharingQuery } from './plan-link.ts';
import { sendPlan, showPlan } from './plan-sharing.service.ts';

// How the plan is shared, and making, replacing and withdrawing its link, are the kit's routes
// (`plan-link.ts` declares them, decision 029).
const tags = ['plans'];

export const planSharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => ({
    db: app.db,
    mailer: app.mailer,
    baseUrl: publicBaseUrl(app.config, request),
  });

  app.post(
    API.sendPlan,
    {
      config: { permission: 'plans.manage' },
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
      // Public: the random token is the key (decision 029).
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The plan for the parents by its public link (public): the child's first name, the template, the deadline, ten lessons and each block's parent texts, in the student's language; 404 for a wrong or withdrawn link",
        params: publicLinkParams,
        response: { 200: dataEnvelope(parentPlanSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await showPlan(app.db, request.params.token) }),
  );
};
