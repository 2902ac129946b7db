import {
  API,
  bookingChildInput,
  bookingRowSchema,
  bookingStatusInput,
  bookingToClientInput,
  bookingWeekQuery,
  bookingWeekSchema,
  bookingsQuery,
  dataEnvelope,
  errorBody,
  idParam,
  pageEnvelope,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { publicBaseUrl } from '../../mail/links.ts';
import { convertBooking } from './booking-client.service.ts';
import { mailParent, mailTeacher } from './booking.mail.ts';
import {
  bookingWeek,
  listBookings,
  setBookingStatus,
  updateBooking,
  type BookingChange,
} from './bookings.service.ts';

const tags = ['booking'];

/** The project and role a call acts in (every project call names them). */
const actingQuery = z.object({ workspace_id: idParam, role_id: idParam.optional() });
const bookingParams = z.object({ bookingId: idParam });
const rowAnswer = dataEnvelope(bookingRowSchema);

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Tells after the change committed: the parent (and, for the system's cancellation, the teacher). */
  async function tell(request: FastifyRequest, change: BookingChange) {
    if (!change.mail) return;
    const context = { db: app.db, mailer: app.mailer, baseUrl: publicBaseUrl(app.config, request) };
    await mailParent(context, change.mail, change.row.id);
    if (change.mail === 'too_young') await mailTeacher(context, 'cancelled', change.row.id);
  }

  app.get(
    API.bookings,
    {
      config: { permission: 'booking.read' },
      schema: {
        tags,
        summary:
          "The project's bookings (a teacher: her own) in a view — upcoming, past, cancelled, no_show, all — by teacher, kind and a search over the parent's and child's names and the e-mail",
        querystring: bookingsQuery,
        response: { 200: pageEnvelope(bookingRowSchema) },
      },
    },
    async (request) => listBookings(app.db, actingOf(request), request.query),
  );

  app.get(
    API.bookingWeek,
    {
      config: { permission: 'booking.read' },
      schema: {
        tags,
        summary:
          "A teacher's week from Monday in her time zone: her free lessons, consultation groups and plan lessons, and her availability (a teacher: her own week only, else 404)",
        querystring: bookingWeekQuery,
        response: { 200: dataEnvelope(bookingWeekSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await bookingWeek(app.db, actingOf(request), request.query) }),
  );

  app.post(
    `${API.bookings}/:bookingId/status`,
    {
      config: { permission: 'booking.manage' },
      schema: {
        tags,
        summary:
          'Records what became of a booking: held or no_show once it started, cancelled (by the school, its time freed, the parent told) before it starts; 409 otherwise',
        querystring: actingQuery,
        params: bookingParams,
        body: bookingStatusInput,
        response: { 200: rowAnswer, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const change = await setBookingStatus(
        app.db,
        actingOf(request),
        request.params.bookingId,
        request.body,
      );
      await tell(request, change);
      return { data: change.row };
    },
  );

  app.patch(
    `${API.bookings}/:bookingId`,
    {
      config: { permission: 'booking.manage' },
      schema: {
        tags,
        summary:
          "Corrects the child's name or birth date; a birth date under 3 on the lesson's date cancels the booking as the system (cancelled_by too_young) and tells the parent why (spec §8)",
        querystring: actingQuery,
        params: bookingParams,
        body: bookingChildInput,
        response: { 200: rowAnswer, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const change = await updateBooking(app.db, actingOf(request), request.params.bookingId, request.body);
      await tell(request, change);
      return { data: change.row };
    },
  );

  app.post(
    API.appointmentClient,
    {
      config: { permission: 'booking.convert' },
      schema: {
        tags,
        summary:
          "Makes a student of one of the teacher's bookings (spec §7 /appointment/client): the child, the parent's contacts, the lesson language, the interests as themes; 409 booking_converted the second time",
        querystring: actingQuery,
        body: bookingToClientInput,
        response: {
          201: dataEnvelope(z.object({ client_id: z.number().int() })),
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const data = await convertBooking(app.db, actingOf(request), request.body.booking_id);
      return reply.status(201).send({ data });
    },
  );
};
