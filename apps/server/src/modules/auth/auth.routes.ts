import {
  API,
  dataEnvelope,
  errorBody,
  loginAsUserBody,
  loginBody,
  loginResult,
  userSchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { revokeSession, sessionMetaOf, signInRateLimit } from '../../auth/sessions.ts';
import { login, loginAsUser } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.login,
    {
      config: { rateLimit: signInRateLimit(app.config) },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; returns a bearer token and the user',
        body: loginBody,
        response: {
          200: dataEnvelope(loginResult),
          401: errorBody,
          403: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => ({
      data: await login(
        {
          db: app.db,
          limiter: app.loginLimiter,
          ttlSeconds: app.config.SESSION_TTL,
          meta: sessionMetaOf(request),
        },
        request.body,
      ),
    }),
  );

  app.get(
    API.checkToken,
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user with every project and role',
        response: { 200: dataEnvelope(userSchema), 401: errorBody },
      },
    },
    async (request) => ({ data: requireAuth(request).user }),
  );

  app.post(
    API.logout,
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Ends the session: the token stops working at once',
        response: { 200: dataEnvelope(z.null()), 401: errorBody },
      },
    },
    async (request) => {
      await revokeSession(app.db, requireAuth(request).session.id);
      return { data: null };
    },
  );

  app.post(
    API.loginAsUser,
    {
      config: { permission: 'auth.loginAsUser' },
      schema: {
        tags: ['auth'],
        summary: 'Root signs in as another user; written to the audit log',
        body: loginAsUserBody,
        response: {
          200: dataEnvelope(loginResult),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => ({
      data: await loginAsUser(
        app.db,
        requireAuth(request).user.id,
        request.body.user_id,
        app.config.SESSION_TTL,
        sessionMetaOf(request),
      ),
    }),
  );
};
