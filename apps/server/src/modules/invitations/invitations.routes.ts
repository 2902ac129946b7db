import {
  API,
  acceptInvitationBody,
  acceptInvitationQuery,
  acceptInvitationSignInBody,
  acceptNewRoleBody,
  acceptedNewRoleSchema,
  actingAsQuery,
  dataEnvelope,
  errorBody,
  invitationParams,
  invitationPreviewSchema,
  invitationSchema,
  invitationsQuery,
  inviteBody,
  loginResult,
  pageEnvelope,
  resendInvitationBody,
  sentInvitationSchema,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { sessionMetaOf, signInRateLimit } from '../../auth/sessions.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import {
  acceptAsSignedIn,
  acceptInvitation,
  acceptInvitationSigningIn,
  previewInvitation,
} from './invitation-accept.service.ts';
import { cancelInvitation, inviteUser, listInvitations, resendInvitation } from './invitations.service.ts';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => ({
    db: app.db,
    mailer: app.mailer,
    ttlSeconds: app.config.INVITATION_TTL,
    baseUrl: publicBaseUrl(app.config, request),
  });

  /** Spec §7 names two paths for an invitation, which the same body and handler serve. */
  const inviteRoute = (url: string, summary: string) =>
    app.post(
      url,
      {
        config: { permission: 'users.invite' },
        schema: {
          tags: ['invitations'],
          summary,
          querystring: actingAsQuery,
          body: inviteBody,
          response: { 201: dataEnvelope(sentInvitationSchema), 404: errorBody, 409: errorBody, ...errors },
        },
      },
      async (request, reply) => {
        const data = await inviteUser(context(request), actingOf(request), request.body);
        return reply.status(201).send({ data });
      },
    );

  inviteRoute(
    API.invite,
    'Invites an e-mail address to the project and mails the link; renews a pending invitation of the same address. Answers alike whether or not the address has an account',
  );

  app.post(
    API.inviteSend,
    {
      config: { permission: 'users.invite' },
      schema: {
        tags: ['invitations'],
        summary: 'Mails an invitation again with a new link and expiry (the old link stops working)',
        querystring: actingAsQuery,
        body: resendInvitationBody,
        response: { 200: dataEnvelope(sentInvitationSchema), 404: errorBody, 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await resendInvitation(context(request), actingOf(request), request.body.invitation_id),
    }),
  );

  inviteRoute(
    API.inviteExistingUser,
    'The same as /invitations/invite: the account’s owner joins only by accepting (signing in with the link)',
  );

  app.get(
    API.invitations,
    {
      config: { permission: 'users.list' },
      schema: {
        tags: ['invitations'],
        summary: "The project's invitations, newest first; a pending one past its expiry shows as expired",
        querystring: invitationsQuery,
        response: { 200: pageEnvelope(invitationSchema), ...errors },
      },
    },
    async (request) => listInvitations(app.db, actingOf(request).workspaceId, request.query),
  );

  app.delete(
    `${API.invitations}/:invitationId`,
    {
      config: { permission: 'users.invite' },
      schema: {
        tags: ['invitations'],
        summary: 'Cancels a pending invitation: its link stops working',
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
      data: await cancelInvitation(app.db, actingOf(request), request.params.invitationId),
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
      config: { rateLimit: signInRateLimit(app.config) },
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
        meta: sessionMetaOf(request),
      });
      return reply.status(201).send({ data });
    },
  );

  app.post(
    API.inviteAcceptSignIn,
    {
      // It checks a password: limited per address like sign-in, and its failures count there too.
      config: { rateLimit: signInRateLimit(app.config) },
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
          meta: sessionMetaOf(request),
        },
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );

  app.post(
    API.inviteAcceptNewRole,
    {
      // Any signed-in account, about itself: the invitation must be of its own address.
      config: { permission: 'signed-in' },
      schema: {
        tags: ['invitations'],
        summary:
          'Accepts, as the signed-in account, an invitation of its own address to another project (`/accept-new-role`): joins with the invited roles. 403 invitation_other_account for another address’s invitation; 404/409/410 for a dead link; 409 already_member',
        body: acceptNewRoleBody,
        response: {
          200: dataEnvelope(acceptedNewRoleSchema),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => ({
      data: await acceptAsSignedIn(
        app.db,
        { user: requireAuth(request).user, ip: request.ip },
        request.body.token,
      ),
    }),
  );
};
