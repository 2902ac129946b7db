import {
  API,
  CALL_REQUESTS_PER_HOUR,
  callAgentInput,
  callAgentSchema,
  callRequestCountsSchema,
  callRequestInput,
  callRequestParams,
  callRequestRowSchema,
  callRequestsQuery,
  dataEnvelope,
  errorBody,
  idParam,
  pageEnvelope,
  parentCallRequestSchema,
  publicLinkParams,
} from '@logoschool/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import type { Db } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { eq } from 'drizzle-orm';
import { bookingPageLinks } from '../booking/index.ts';
import { openFamily } from '../families/index.ts';
import { invalidLink, openLink, publicRead } from '../public-links/index.ts';
import {
  askForCall,
  countCallRequests,
  listCallRequests,
  markCallDone,
  readAgent,
  retryCall,
  saveAgent,
  type CallRequestOrigin,
} from './call-requests.service.ts';

const tags = ['call-requests'];
const actingQuery = z.object({ workspace_id: idParam, role_id: idParam.optional() });
const rowAnswer = dataEnvelope(callRequestRowSchema);
const parentAnswer = dataEnvelope(parentCallRequestSchema);

/** Each app's one limiter of parents' call requests: a budget per address, both pages together. */
const limiters = new WeakMap<FastifyInstance['config'], ReturnType<FastifyInstance['createRateLimit']>>();

/**
 * A parent's request is a public write that makes a phone ring: on top of the public reads' limit,
 * `CALL_REQUESTS_PER_HOUR` per address, so that nobody has the school's agent call a list of numbers.
 */
function callRequestLimit(app: FastifyInstance) {
  let limiter = limiters.get(app.config);
  if (!limiter) {
    limiter = app.createRateLimit({ max: CALL_REQUESTS_PER_HOUR, timeWindow: 3_600_000 });
    limiters.set(app.config, limiter);
  }
  const limit = limiter;
  const read = publicRead(app);
  return {
    ...read,
    onRequest: async (request: FastifyRequest) => {
      await read.onRequest(request);
      const answer = await limit(request);
      if (!answer.isAllowed && answer.isExceeded) {
        throw new AppError('rate_limited', { seconds: answer.ttlInSeconds }, undefined, answer.ttlInSeconds);
      }
    },
  };
}

/** The project a booking page's token opens, as the page itself does: the kit's 404 otherwise, or for an archived project. */
async function openBookingProject(db: Db, token: string) {
  const { workspaceId } = await openLink(db, bookingPageLinks, token);
  const [project] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!project || project.archived) throw invalidLink();
  return project;
}

const publicSummary = (where: string) =>
  `A parent asks to be called back from ${where} (public): phone, preferred time window in their zone, consent. With the project's phone agent set, its first attempt runs at once and the answer says whether the call started or could not be initialized (retried later unless the agent refused); without one the request waits for a person. A phone with an open request gets that request's state (200, \`existing\`), never a second call; 201 for a new request`;

/**
 * The call back (decision 040): the parents' two public requests, by the booking page's token and
 * by a family's dashboard token; the school's list, counts, done and retry; the phone agent's
 * settings.
 */
export const callRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ask = async (
    request: FastifyRequest,
    origin: CallRequestOrigin,
    body: z.output<typeof callRequestInput>,
  ) => askForCall(app.db, origin, body, { lang: request.lang, ip: request.ip });

  app.post(
    `${API.appointment}/:token/call-requests`,
    {
      ...callRequestLimit(app),
      schema: {
        tags,
        summary: publicSummary("a school's booking page"),
        params: publicLinkParams,
        body: callRequestInput,
        response: {
          200: parentAnswer,
          201: parentAnswer,
          404: errorBody,
          409: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const project = await openBookingProject(app.db, request.params.token);
      const { created, answer } = await ask(
        request,
        { workspaceId: project.id, source: 'booking', clientId: null, childName: null },
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ data: answer });
    },
  );

  app.post(
    `${API.parentDashboard}/:token/call-requests`,
    {
      ...callRequestLimit(app),
      schema: {
        tags,
        summary: publicSummary("a family's dashboard"),
        params: publicLinkParams,
        body: callRequestInput,
        response: {
          200: parentAnswer,
          201: parentAnswer,
          404: errorBody,
          409: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const family = await openFamily(app.db, request.params.token);
      const { created, answer } = await ask(
        request,
        {
          workspaceId: family.workspaceId,
          source: 'dashboard',
          clientId: family.client.id,
          childName: family.client.childName,
        },
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ data: answer });
    },
  );

  app.get(
    API.callRequests,
    {
      config: { permission: 'callRequests.manage' },
      schema: {
        tags,
        summary:
          "The project's call-back requests, newest first, of a status, searched in phones and children's names",
        querystring: callRequestsQuery,
        response: { 200: pageEnvelope(callRequestRowSchema) },
      },
    },
    async (request) => listCallRequests(app.db, actingOf(request), request.query),
  );

  app.get(
    API.callRequestCounts,
    {
      config: { permission: 'callRequests.manage' },
      schema: {
        tags,
        summary: "How many of the project's call-back requests are in each status",
        querystring: actingQuery,
        response: { 200: dataEnvelope(callRequestCountsSchema) },
      },
    },
    async (request) => ({ data: await countCallRequests(app.db, actingOf(request)) }),
  );

  app.post(
    `${API.callRequests}/:requestId/done`,
    {
      config: { permission: 'callRequests.manage' },
      schema: {
        tags,
        summary: 'Marks a call-back request done (the parent was called); 409 when it is done already',
        params: callRequestParams,
        querystring: actingQuery,
        response: { 200: rowAnswer, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await markCallDone(app.db, actingOf(request), request.params.requestId) }),
  );

  app.post(
    `${API.callRequests}/:requestId/retry`,
    {
      config: { permission: 'callRequests.manage' },
      schema: {
        tags,
        summary:
          'Asks the phone agent again, at once, for a failed request or one waiting for a person, with the same idempotency key; 409 `transition_refused` for another status or without an agent',
        params: callRequestParams,
        querystring: actingQuery,
        response: { 200: rowAnswer, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await retryCall(app.db, actingOf(request), request.params.requestId) }),
  );

  app.get(
    API.callAgent,
    {
      config: { permission: 'callRequests.agent' },
      schema: {
        tags,
        summary:
          "The project's phone agent: its address, whether its token is set (never the token), its wait",
        querystring: actingQuery,
        response: { 200: dataEnvelope(callAgentSchema) },
      },
    },
    async (request) => ({ data: await readAgent(app.db, actingOf(request).workspaceId) }),
  );

  app.put(
    API.callAgent,
    {
      config: { permission: 'callRequests.agent' },
      schema: {
        tags,
        summary:
          "Sets the project's phone agent: an http(s) address ('' turns it off and forgets the token), a new token (absent: kept), the wait per attempt in seconds",
        querystring: actingQuery,
        body: callAgentInput,
        response: { 200: dataEnvelope(callAgentSchema), 422: errorBody },
      },
    },
    async (request) => ({ data: await saveAgent(app.db, actingOf(request), request.body) }),
  );
};
