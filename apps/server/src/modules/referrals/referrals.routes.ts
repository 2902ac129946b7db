import {
  API,
  bonusChangeInput,
  clientParams,
  dataEnvelope,
  errorBody,
  familyReferralSchema,
  idParam,
  pageEnvelope,
  publicLinkParams,
  referralActingQuery,
  referralDetailSchema,
  referralEventInput,
  referralRemovalInput,
  referralRowSchema,
  referralsQuery,
  referrerLinkInput,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { publicRead } from '../public-links/index.ts';
import { familyReferral } from './family-referral.service.ts';
import {
  changeBonus,
  linkReferrer,
  listReferrals,
  recordEvent,
  referralDetail,
  removeEvent,
  rotateCode,
} from './referrals.service.ts';

const tags = ['referrals'];
const family = `${API.referrals}/:clientId`;
const entryParams = clientParams.extend({ entryId: idParam });
const detail = dataEnvelope(referralDetailSchema);
const changeResponse = { 200: detail, 404: errorBody, 409: errorBody, 422: errorBody };

export const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.referrals,
    {
      config: { permission: 'referrals.manage' },
      schema: {
        tags,
        summary:
          "The project's families for the referrals report: each with its referrer, how many it brought and its bonus sessions, those in a referral first; searched by the child's or parent's name",
        querystring: referralsQuery,
        response: { 200: pageEnvelope(referralRowSchema) },
      },
    },
    async (request) => listReferrals(app.db, actingOf(request), request.query),
  );

  app.get(
    family,
    {
      config: { permission: 'referrals.manage' },
      schema: {
        tags,
        summary:
          "A family's referral: its referrer, those it brought, its bonus sessions with their reasons, and its history",
        params: clientParams,
        querystring: referralActingQuery,
        response: { 200: detail, 404: errorBody },
      },
    },
    async (request) => ({ data: await referralDetail(app.db, actingOf(request), request.params.clientId) }),
  );

  app.post(
    `${family}/events`,
    {
      config: { permission: 'referrals.manage' },
      schema: {
        tags,
        summary:
          'Records a renewal or a repeat payment of the family on a day (its referrer gets a bonus session); 409 when the same is already recorded for that day',
        params: clientParams,
        querystring: referralActingQuery,
        body: referralEventInput,
        response: changeResponse,
      },
    },
    async (request) => ({
      data: await recordEvent(app.db, actingOf(request), request.params.clientId, request.body),
    }),
  );

  app.post(
    `${family}/events/:entryId/removal`,
    {
      config: { permission: 'referrals.manage' },
      schema: {
        tags,
        summary:
          'Takes a renewal or payment back, with the reason (kept in the history); 409 when it was already taken back',
        params: entryParams,
        querystring: referralActingQuery,
        body: referralRemovalInput,
        response: changeResponse,
      },
    },
    async (request) => ({
      data: await removeEvent(
        app.db,
        actingOf(request),
        request.params.clientId,
        request.params.entryId,
        request.body,
      ),
    }),
  );

  app.post(
    `${family}/bonuses`,
    {
      config: { permission: 'referrals.manage' },
      schema: {
        tags,
        summary:
          'Grants or cancels bonus sessions of the family, with the reason; 422 when cancelling more than it has',
        params: clientParams,
        querystring: referralActingQuery,
        body: bonusChangeInput,
        response: changeResponse,
      },
    },
    async (request) => ({
      data: await changeBonus(app.db, actingOf(request), request.params.clientId, request.body),
    }),
  );

  app.post(
    `${family}/referrer`,
    {
      config: { permission: 'referrals.manage' },
      schema: {
        tags,
        summary:
          'Links the student to the family that brought it, with the reason (the friend joins: the bonuses follow); 409 when it already has a referrer, 422 for itself, its own family or a family it brought',
        params: clientParams,
        querystring: referralActingQuery,
        body: referrerLinkInput,
        response: changeResponse,
      },
    },
    async (request) => ({
      data: await linkReferrer(app.db, actingOf(request), request.params.clientId, request.body),
    }),
  );

  app.post(
    `${family}/code/rotate`,
    {
      config: { permission: 'referrals.manage' },
      schema: {
        tags,
        summary:
          "Withdraws the family's referral code: it links nobody from now on, and the family's next read gets a new one",
        params: clientParams,
        querystring: referralActingQuery,
        response: { 200: detail, 404: errorBody },
      },
    },
    async (request) => ({ data: await rotateCode(app.db, actingOf(request), request.params.clientId) }),
  );

  app.get(
    `${API.parentDashboard}/:token/referral`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "A family's referral on its dashboard (public, by its dashboard link): the booking page with its own referral code, or why none; its bonus sessions and their reasons; whom it brought, by first names only",
        params: publicLinkParams,
        response: { 200: dataEnvelope(familyReferralSchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await familyReferral(app.db, publicBaseUrl(app.config, request), request.params.token),
    }),
  );
};
