import { PUBLIC_LINK_SEGMENTS, dataEnvelope, errorBody, publicLinkSchema } from '@logoschool/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf, type Actor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import type { PublicLinkRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { declaredLinks, type PublicLinkKind } from './public-link-kind.ts';
import { issueLink, linkView, rotateLink, withdrawLink } from './public-links.service.ts';

/** Each app's one limiter of public reads: one budget per address for all of them together. */
const limiters = new WeakMap<FastifyInstance['config'], ReturnType<FastifyInstance['createRateLimit']>>();

function publicReadLimiter(app: FastifyInstance) {
  let limiter = limiters.get(app.config);
  if (!limiter) {
    // One store for every public route: a per-route `config.rateLimit` would count each route apart.
    limiter = app.createRateLimit({ max: app.config.publicLinkRateLimit, timeWindow: 60_000 });
    limiters.set(app.config, limiter);
  }
  return limiter;
}

/**
 * What every public read by a link's token declares besides its schema (decision 029): one rate
 * limit for all of them together (in place of the API's global one), and `Cache-Control: no-store`
 * on every answer (a withdrawn link must stop at once: no copy kept by a browser or a proxy), the
 * 404 included.
 */
export function publicRead(app: FastifyInstance) {
  const limit = publicReadLimiter(app);
  return {
    config: { rateLimit: false as const },
    onRequest: async (request: FastifyRequest) => {
      const answer = await limit(request);
      if (!answer.isAllowed && answer.isExceeded) {
        throw new AppError('rate_limited', { seconds: answer.ttlInSeconds }, undefined, answer.ttlInSeconds);
      }
    },
    onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
      void reply.header('cache-control', 'no-store');
    },
  };
}

/** The subject's id, from the path parameter the area names (validated by its schema). */
const subjectOf = (kind: PublicLinkKind, request: FastifyRequest) =>
  Number((request.params as Record<string, unknown>)[kind.param]);

type Change = (
  tx: Tx,
  actor: Actor,
  kind: PublicLinkKind,
  subjectId: number,
) => Promise<PublicLinkRow | undefined>;

interface Operation {
  method: HTTPMethods;
  segment: string;
  /** Whether the area's rule for a new link applies. */
  issues: boolean;
  change: Change;
  summary: (kind: PublicLinkKind) => string;
}

const OPERATIONS: readonly Operation[] = [
  {
    method: 'POST',
    segment: PUBLIC_LINK_SEGMENTS.link,
    issues: true,
    change: issueLink,
    summary: (kind) =>
      `The public link of ${kind.noun}: the live one, or one made now (random, revocable; audited)`,
  },
  {
    method: 'POST',
    segment: PUBLIC_LINK_SEGMENTS.rotate,
    issues: true,
    change: rotateLink,
    summary: (kind) =>
      `A new public link of ${kind.noun} in place of the live one, which opens nothing from now on (audited)`,
  },
  {
    method: 'DELETE',
    segment: PUBLIC_LINK_SEGMENTS.link,
    issues: false,
    change: withdrawLink,
    summary: (kind) =>
      `Withdraws the public link of ${kind.noun}: it opens nothing from now on; the next one is new (audited)`,
  },
];

/**
 * The sharer's operations on every declared kind's link, under the area's permission and path:
 * `GET …/link` (how the subject is shared, in the area's schema), `POST …/link` (issue or give the
 * live one), `POST …/link/rotate`, `DELETE …/link` (withdraw); a change finds (and locks) the
 * subject through the area, is audited, and answers the link.
 */
export const publicLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of declaredLinks()) {
    app.route({
      method: 'GET',
      url: `${kind.path}${PUBLIC_LINK_SEGMENTS.link}`,
      config: { permission: kind.permission },
      schema: {
        tags: [kind.tag],
        summary: kind.sharing.summary,
        params: kind.params,
        querystring: kind.querystring,
        response: { 200: dataEnvelope(kind.sharing.schema), 404: errorBody },
      },
      handler: async (request) => ({
        data: await kind.sharing.read(
          app.db,
          publicBaseUrl(app.config, request),
          actingOf(request),
          subjectOf(kind, request),
        ),
      }),
    });
    for (const operation of OPERATIONS) {
      app.route({
        method: operation.method,
        url: `${kind.path}${operation.segment}`,
        config: { permission: kind.permission },
        schema: {
          tags: [kind.tag],
          summary: operation.summary(kind),
          params: kind.params,
          querystring: kind.querystring,
          response: { 200: dataEnvelope(publicLinkSchema), 404: errorBody, 409: errorBody },
        },
        handler: async (request) => {
          const actor = actingOf(request);
          const subjectId = subjectOf(kind, request);
          const row = await app.db.transaction(async (tx) => {
            await kind.find(tx, actor, subjectId);
            if (operation.issues) await kind.assertIssuable?.(tx, subjectId);
            return operation.change(tx, actor, kind, subjectId);
          });
          kind.changed?.(subjectId);
          return { data: linkView(publicBaseUrl(app.config, request), kind, row) };
        },
      });
    }
  }
};
