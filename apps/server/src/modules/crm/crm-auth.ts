import { errorBody, idParam } from '@logoschool/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { bearerToken } from '../../auth/authenticate.ts';
import { LoginLimiter, memoryCounterStore, redisCounterStore } from '../../auth/login-limiter.ts';
import { AppError } from '../../errors/app-error.ts';
import { findActiveToken, touchToken } from './crm-tokens.service.ts';

/** The project a CRM call acts in: the one its token was made for. */
export interface CrmCaller {
  workspaceId: number;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route the school's CRM calls with its project's API token (`Authorization: Bearer lgs_…`)
     * instead of a user's session (DESIGN §4 machine clients). An `onRoute` hook puts the token
     * check first in its preValidation, and adds the OpenAPI security entry and the common error
     * answers; the handler reads the project from `crmOf(request)`. A route names either `crm` or a
     * `permission`, never both: a user's session never opens a CRM route, nor a CRM token a user's.
     */
    crm?: true;
  }
  interface FastifyRequest {
    /** Set by the CRM token check on `crm` routes. */
    crm: CrmCaller | null;
  }
  interface FastifyInstance {
    /** The `crm` routes, by `METHOD /path` (the security probes read it). */
    crmRoutes: Set<string>;
  }
}

/** The CRM caller of a `crm` route (its token was checked before validation). */
export function crmOf(request: FastifyRequest): CrmCaller {
  if (!request.crm) throw new AppError('unauthenticated').saying('crmTokenMissing');
  return request.crm;
}

/**
 * The CRM token check, as `config: { crm: true }` asks for it. Like sign-in, it is rate-limited by
 * address: after LOGIN_RATE_LIMIT_IP refused tokens in a minute an address waits for the minute to
 * end (a valid token's calls count only against the API's general limit, since a CRM syncing a
 * school makes many). A token that is wrong, revoked, of an archived project, or of another
 * project than the call's `workspace_id` names, is a 401.
 */
export const crmAuthPlugin = fp(async (app: FastifyInstance, options: { redis: Redis | null }) => {
  const refusals = new LoginLimiter(
    options.redis ? redisCounterStore(options.redis, 'logoschool:crm-token:') : memoryCounterStore(),
    app.config.LOGIN_RATE_LIMIT_IP,
    60_000,
  );
  app.decorateRequest('crm', null);
  app.decorate('crmRoutes', new Set<string>());

  async function authenticateCrm(request: FastifyRequest) {
    const address = request.ip;
    const wait = await refusals.retryAfter(address);
    if (wait > 0) throw new AppError('rate_limited', { seconds: wait }, undefined, wait);
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthenticated').saying('crmTokenMissing');
    const row = await findActiveToken(app.db, token);
    if (!row) {
      await refusals.failed(address);
      throw new AppError('unauthenticated').saying('crmTokenInvalid');
    }
    // A project named that does not parse is the schema's to refuse (422), after this.
    const named = idParam.safeParse((request.query as Record<string, unknown> | null)?.workspace_id);
    if (named.success && named.data !== row.workspaceId) {
      await refusals.failed(address);
      throw new AppError('unauthenticated', { workspaceId: named.data }).saying('crmTokenOtherProject');
    }
    await touchToken(app.db, row);
    request.crm = { workspaceId: row.workspaceId, tokenId: row.id };
  }

  app.addHook('onRoute', (route) => {
    if (!route.config?.crm) return;
    if (route.config.permission) {
      throw new Error(`${route.url}: a route is called either by the CRM or by users, not both`);
    }
    const own = route.preValidation === undefined ? [] : [route.preValidation].flat();
    route.preValidation = [authenticateCrm, ...own];
    const schema = (route.schema ??= {});
    schema.security = [{ bearer: [] }];
    schema.response = {
      400: errorBody,
      401: errorBody,
      422: errorBody,
      429: errorBody,
      ...(schema.response ?? {}),
    };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.crmRoutes.add(`${method} ${route.url}`);
    }
  });
});
