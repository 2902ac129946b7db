import {
  API,
  acceptInvitationBody,
  acceptInvitationQuery,
  acceptInvitationSignInBody,
  actingAsQuery,
  dataEnvelope,
  errorBody,
  existingUserBody,
  invitationParams,
  invitationPreviewSchema,
  invitationSchema,
  invitationsQuery,
  inviteBody,
  loginResult,
  pageEnvelope,
  resendInvitationBody,
  rolesInWorkspace,
  sentInvitationSchema,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { AppError } from '../../errors/app-error.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import {
  acceptInvitation,
  acceptInvitationSigningIn,
  cancelInvitation,
  inviteUser,
  listInvitations,
  previewInvitation,
  resendInvitation,
  type InviteActor,
} from './invitations.service.ts';

/** The caller and the project `app.authorize` let the request act in. */
function inviteActor(request: FastifyRequest): InviteActor {
  const { user } = requireAuth(request);
  // `app.authorize` always sets it for a project action; without it there is no project to act in.
  if (!request.acting) throw new AppError('forbidden');
  const heldRoles = rolesInWorkspace(user, request.acting.workspaceId);
  return {
    userId: user.id,
    name: user.name,
    ...request.acting,
    heldRoles,
    ip: request.ip,
    lang: request.lang,
  };
}

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => ({
    db: app.db,
    mailer: app.mailer,
    ttlSeconds: app.config.INVITATION_TTL,
    baseUrl: publicBaseUrl(app.config, request),
  });

  app.post(
    API.invite,
    {
      preValidation: [app.authenticate, app.authorize('users.invite')],
      schema: {
        tags: ['invitations'],
        summary:
          'Invites an e-mail address to the project and mails the link; renews a pending invitation of the same address. Answers alike whether or not the address has an account',
        security: [{ bearer: [] }],
        querystring: actingAsQuery,
        body: inviteBody,
        response: { 201: dataEnvelope(sentInvitationSchema), 404: errorBody, 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const data = await inviteUser(context(request), inviteActor(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.post(
    API.inviteSend,
    {
      preValidation: [app.authenticate, app.authorize('users.invite')],
      schema: {
        tags: ['invitations'],
        summary: 'Mails an invitation again with a new link and expiry (the old link stops working)',
        security: [{ bearer: [] }],
        querystring: actingAsQuery,
        body: resendInvitationBody,
        response: { 200: dataEnvelope(sentInvitationSchema), 404: errorBody, 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await resendInvitation(context(request), inviteActor(request), request.body.invitation_id),
    }),
  );

  app.post(
    API.inviteExistingUser,
    {
      preValidation: [app.authenticate, app.authorize('users.invite')],
      schema: {
        tags: ['invitations'],
        summary:
          'The same as /invitations/invite: the account’s owner joins only by accepting (signing in with the link)',
        security: [{ bearer: [] }],
        querystring: actingAsQuery,
        body: existingUserBody,
        response: { 201: dataEnvelope(sentInvitationSchema), 404: errorBody, 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const data = await inviteUser(context(request), inviteActor(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    API.invitations,
    {
      preValidation: [app.authenticate, app.authorize('users.list')],
      schema: {
        tags: ['invitations'],
        summary: "The project's invitations, newest first; a pending one past its expiry shows as expired",
        security: [{ bearer: [] }],
        querystring: invitationsQuery,
        response: { 200: pageEnvelope(invitationSchema), ...errors },
      },
    },
    async (request) => listInvitations(app.db, inviteActor(request).workspaceId, request.query),
  );

  app.delete(
    `${API.invitations}/:invitationId`,
    {
      preValidation: [app.authenticate, app.authorize('users.invite')],
      schema: {
        tags: ['invitations'],
        summary: 'Cancels a pending invitation: its link stops working',
        security: [{ bearer: [] }],
        params: invitationParams,
        querystring: actingAsQuery,
        response: {
          200: dataEnvelope(z.object({ id: z.number().int() })),
          404: errorBody,
          409: errorBody,
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await cancelInvitation(app.db, inviteActor(request), request.params.invitationId),
    }),
  );

  app.get(
    API.inviteAccept,
    {
      schema: {
        tags: ['invitations'],
        summary: 'What an invitation link offers (public: the token is the key)',
        querystring: acceptInvitationQuery,
        response: {
          200: dataEnvelope(invitationPreviewSchema),
          404: errorBody,
          409: errorBody,
          410: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => ({ data: await previewInvitation(app.db, request.query.token) }),
  );

  app.post(
    API.inviteAccept,
    {
      // Like sign-in: it sets a password and opens a session, so it is limited per address.
      config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT_IP, timeWindow: 60_000 } },
      schema: {
        tags: ['invitations'],
        summary: 'Registers with an invitation: creates the user, joins the project, signs in (public)',
        body: acceptInvitationBody,
        response: {
          201: dataEnvelope(loginResult),
          404: errorBody,
          409: errorBody,
          410: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const data = await acceptInvitation(app.db, request.body, {
        ttlSeconds: app.config.SESSION_TTL,
        meta: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      });
      return reply.status(201).send({ data });
    },
  );

  app.post(
    API.inviteAcceptSignIn,
    {
      // It checks a password: limited per address like sign-in, and its failures count there too.
      config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT_IP, timeWindow: 60_000 } },
      schema: {
        tags: ['invitations'],
        summary:
          'Accepts as the account the invited address has: signs in with its password, joins the project (public)',
        body: acceptInvitationSignInBody,
        response: {
          201: dataEnvelope(loginResult),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const data = await acceptInvitationSigningIn(
        {
          db: app.db,
          limiter: app.loginLimiter,
          ttlSeconds: app.config.SESSION_TTL,
          meta: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
        },
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );
};
