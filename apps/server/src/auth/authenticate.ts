import type { User } from '@logoschool/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error.ts';
import { toUserView } from '../modules/users/index.ts';
import { SessionCache } from './session-cache.ts';
import { resolveSession, touchSession, type ActiveSession } from './sessions.ts';
import { hashToken } from './tokens.ts';

export interface AuthState {
  user: User;
  session: ActiveSession;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and session; set by `app.authenticate`. */
    auth: AuthState | null;
  }
  interface FastifyInstance {
    /**
     * preValidation hook: requires a live bearer token (401 otherwise). It runs after the rate limit
     * (onRequest) and before validation, so an anonymous caller learns nothing about the input.
     */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user of a request that passed `app.authenticate`. */
export function requireAuth(request: FastifyRequest): AuthState {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}

export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  const cache = new SessionCache(app.database);
  app.addHook('onClose', async () => cache.close());
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthenticated');
    const tokenHash = hashToken(token);
    const cached = cache.get(tokenHash);
    if (cached) {
      // Still used: its expiry slides as the query's would (a write at most once a minute).
      Object.assign(cached, await touchSession(app.db, cached, app.config.SESSION_TTL));
      request.auth = { user: cached.user, session: cached.session };
      return;
    }
    const mark = cache.mark();
    const resolved = await resolveSession(app.db, token, app.config.SESSION_TTL);
    if (!resolved) throw new AppError('session_expired');
    const user = await toUserView(app.db, resolved.user);
    const { session, expiresAt, lastSeenAt } = resolved;
    cache.set(tokenHash, { session, user, expiresAt, lastSeenAt }, mark);
    request.auth = { user, session: resolved.session };
  });
});
