import multipart from '@fastify/multipart';
import {
  API,
  MERCH_PHOTO_MAX_BYTES,
  dataEnvelope,
  errorBody,
  idParam,
  merchOfferInput,
  merchOfferParams,
  merchOfferSchema,
  merchOrderCountsSchema,
  merchOrderInput,
  merchOrderParams,
  merchOrderRowSchema,
  merchOrderStatusInput,
  merchOrdersQuery,
  merchPhotoBody,
  pageEnvelope,
  parentMerchOrderSchema,
  publicLinkParams,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { AppError } from '../../errors/app-error.ts';
import { readForm } from '../../files/multipart.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { openFamily } from '../families/index.ts';
import { publicRead } from '../public-links/index.ts';
import { mailOrder } from './merch.mail.ts';
import {
  MERCH_PHOTOS,
  countOrders,
  createOffer,
  listOffers,
  listOrders,
  placeOrder,
  setOfferPhoto,
  setOrderStatus,
  shownOffers,
  updateOffer,
} from './merch.service.ts';

const tags = ['merch'];
const actingQuery = z.object({ workspace_id: idParam, role_id: idParam.optional() });
const offerAnswer = dataEnvelope(merchOfferSchema);
const FORM_LIMITS = { fileSize: MERCH_PHOTO_MAX_BYTES, files: 1 };
const binary = z.any().meta({ type: 'string', format: 'binary' });

/**
 * Merchandise (decision 040): the offers (admins and root) with their photos, the families'
 * shown offers and order requests under the dashboard's token, the orders' list and states
 * (managers and root).
 */
export const merchRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { ...FORM_LIMITS, fields: 5, fieldSize: 1024 } });

  app.get(
    API.merchOffers,
    {
      config: { permission: 'merch.offers' },
      schema: {
        tags,
        summary: "The project's merchandise offers, shown and hidden",
        querystring: actingQuery,
        response: { 200: dataEnvelope(z.array(merchOfferSchema)) },
      },
    },
    async (request) => ({ data: await listOffers(app.db, actingOf(request)) }),
  );

  app.post(
    API.merchOffers,
    {
      config: { permission: 'merch.offers' },
      schema: {
        tags,
        summary:
          'A new offer: kind, title, sizes (a garment at least one, a mug none), price with worldwide delivery, ISO 4217 currency, shown or hidden',
        querystring: actingQuery,
        body: merchOfferInput,
        response: { 201: offerAnswer, 422: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createOffer(app.db, actingOf(request), request.body) }),
  );

  app.put(
    `${API.merchOffers}/:offerId`,
    {
      config: { permission: 'merch.offers' },
      schema: {
        tags,
        summary: "Changes an offer of the project (404 for another project's)",
        params: merchOfferParams,
        querystring: actingQuery,
        body: merchOfferInput,
        response: { 200: offerAnswer, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => ({
      data: await updateOffer(app.db, actingOf(request), request.params.offerId, request.body),
    }),
  );

  app.post(
    `${API.merchOffers}/:offerId/photo`,
    {
      config: { permission: 'merch.offers' },
      preValidation: [readForm(FORM_LIMITS)],
      schema: {
        tags,
        summary:
          "An offer's photo (a form with one image: PNG, JPEG, WebP or GIF, told by its bytes); replaces the one before",
        consumes: ['multipart/form-data'],
        params: merchOfferParams,
        querystring: actingQuery,
        body: merchPhotoBody,
        response: {
          200: offerAnswer,
          400: errorBody,
          404: errorBody,
          413: errorBody,
          415: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => ({
      data: await setOfferPhoto(
        app.db,
        app.files,
        actingOf(request),
        request.params.offerId,
        request.body.file,
      ),
    }),
  );

  app.get(
    `${API.merchPhotos}/:name`,
    {
      schema: {
        tags,
        summary: "An offer's photo (public: its name cannot be guessed)",
        params: z.object({ name: z.string().max(64) }),
        response: { 200: binary, 404: errorBody },
      },
    },
    async (request, reply) => {
      const file = await app.files.read(MERCH_PHOTOS, request.params.name);
      if (!file) throw new AppError('not_found');
      return reply
        .type(file.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );

  app.get(
    `${API.parentDashboard}/:token/merch`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The merchandise a family may order (public, by the dashboard's token): the project's shown offers",
        params: publicLinkParams,
        response: { 200: dataEnvelope(z.array(merchOfferSchema)), 404: errorBody },
      },
    },
    async (request) => {
      const family = await openFamily(app.db, request.params.token);
      return { data: await shownOffers(app.db, family.workspaceId) };
    },
  );

  app.post(
    `${API.parentDashboard}/:token/merch-orders`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "A family's order request (public, by the dashboard's token): a shown offer, its size (required for a garment, refused for a mug), quantity, the delivery address and a contact; recorded and mailed to the school's administrators",
        params: publicLinkParams,
        body: merchOrderInput,
        response: { 201: dataEnvelope(parentMerchOrderSchema), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const family = await openFamily(app.db, request.params.token);
      const { order, answer } = await placeOrder(
        app.db,
        { workspaceId: family.workspaceId, clientId: family.client.id },
        request.body,
        request.lang,
      );
      await mailOrder(
        { db: app.db, mailer: app.mailer, baseUrl: publicBaseUrl(app.config, request) },
        order,
        family.client.childName,
        request.lang,
      );
      return reply.status(201).send({ data: answer });
    },
  );

  app.get(
    API.merchOrders,
    {
      config: { permission: 'merch.orders' },
      schema: {
        tags,
        summary: "The families' merchandise orders, newest first, of a status, searched",
        querystring: merchOrdersQuery,
        response: { 200: pageEnvelope(merchOrderRowSchema) },
      },
    },
    async (request) => listOrders(app.db, actingOf(request), request.query),
  );

  app.get(
    API.merchOrderCounts,
    {
      config: { permission: 'merch.orders' },
      schema: {
        tags,
        summary: "How many of the project's orders are in each status",
        querystring: actingQuery,
        response: { 200: dataEnvelope(merchOrderCountsSchema) },
      },
    },
    async (request) => ({ data: await countOrders(app.db, actingOf(request)) }),
  );

  app.post(
    `${API.merchOrders}/:orderId/status`,
    {
      config: { permission: 'merch.orders' },
      schema: {
        tags,
        summary:
          'Moves an order: new → in progress → sent, or cancelled before it is sent; 409 `transition_refused` for any other step',
        params: merchOrderParams,
        querystring: actingQuery,
        body: merchOrderStatusInput,
        response: { 200: dataEnvelope(merchOrderRowSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await setOrderStatus(app.db, actingOf(request), request.params.orderId, request.body.status),
    }),
  );
};
