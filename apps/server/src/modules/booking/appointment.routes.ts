import {
  API,
  bookingPageSchema,
  confirmInput,
  dataEnvelope,
  errorBody,
  idParam,
  moveInput,
  parentBookingSchema,
  publicLinkParams,
  reservationAnswer,
  reservationInput,
  slotsAnswer,
  slotsQuery,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicBaseUrl } from '../../mail/links.ts';
import { issueLink, publicRead } from '../public-links/index.ts';
import {
  bookingPage,
  confirmReservation,
  pageSlots,
  parentView,
  releaseReservation,
  reserve,
} from './appointment.service.ts';
import { bookingManageLinks } from './booking-links.ts';
import {
  bookingCalendar,
  bookingMailFacts,
  calendarFacts,
  mailParent,
  mailTeacher,
  type BookingMailContext,
} from './booking.mail.ts';
import {
  cancelByParent,
  managedBooking,
  managedBookingId,
  manageSlots,
  moveByParent,
} from './manage.service.ts';

const tags = ['booking'];
const page = `${API.appointment}/:token`;
const manage = `${API.appointmentManage}/:token`;
const reservationParams = publicLinkParams.extend({ reservationId: idParam });
const calendar = z.string().meta({ type: 'string', format: 'binary' });

/**
 * The parents' side (public, decision 036): the project's page by its link's token, and a
 * booking's own manage link. Every token that opens nothing answers the kit's one 404; every
 * answer is `no-store` and counts against the public reads' one rate limit.
 */
export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const notify = (request: FastifyRequest): BookingMailContext => ({
    db: app.db,
    mailer: app.mailer,
    baseUrl: publicBaseUrl(app.config, request),
  });

  app.get(
    page,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "The booking page of a school (public): its name, the languages offered per kind, its themes, the lesson's length, the horizon and the change notice; 404 for a wrong or withdrawn link",
        params: publicLinkParams,
        response: { 200: dataEnvelope(bookingPageSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await bookingPage(app.db, request.params.token) }),
  );

  app.get(
    `${page}/slots`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          'The free slots for a kind, a language and a child (public): free lessons of the teachers free then, or groups with seats left; none before the child is old enough; 422 `too_young` / `course_too_young` when the child is too young even on the horizon',
        params: publicLinkParams,
        querystring: slotsQuery,
        response: { 200: dataEnvelope(slotsAnswer), 404: errorBody, 422: errorBody },
      },
    },
    async (request) => ({ data: await pageSlots(app.db, request.params.token, request.query) }),
  );

  app.post(
    `${page}/reservations`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "Reserves a slot for a few minutes (public): the child's age on the lesson's day, a teacher free then by the round-robin, or a group's seat; 409 `slot_taken` when someone was faster, `booking_exists` for a second booking of the e-mail or child that day; the answer alone carries the confirm key",
        params: publicLinkParams,
        body: reservationInput,
        response: { 201: dataEnvelope(reservationAnswer), 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const data = await reserve(app.db, request.params.token, request.body, request.lang);
      return reply.status(201).send({ data });
    },
  );

  app.post(
    `${page}/reservations/:reservationId/confirm`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          "Confirms a reservation with its key (public): the booking is made, its parent mailed the time in their zone and the teacher's, the private link to cancel or move it and an .ics, and the teacher told; 410 `reservation_expired` when it lapsed, 404 for a wrong key",
        params: reservationParams,
        body: confirmInput,
        response: { 200: dataEnvelope(parentBookingSchema), 404: errorBody, 410: errorBody },
      },
    },
    async (request) => {
      const confirmed = await app.db.transaction(async (tx) => {
        const result = await confirmReservation(
          tx,
          request.params.token,
          request.params.reservationId,
          request.body.confirm_key,
        );
        if (result.confirmedNow) {
          await issueLink(
            tx,
            { userId: null, workspaceId: result.workspaceId, ip: request.ip },
            bookingManageLinks,
            result.bookingId,
          );
        }
        return result;
      });
      if (confirmed.confirmedNow) {
        await mailParent(notify(request), 'confirmed', confirmed.bookingId);
        await mailTeacher(notify(request), 'new', confirmed.bookingId);
      }
      return { data: await parentView(app.db, confirmed.bookingId) };
    },
  );

  app.post(
    `${page}/reservations/:reservationId/release`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          'Frees a held slot at once with its key (public), when the parent chooses another time; a confirmed booking is kept; 404 for a wrong key',
        params: reservationParams,
        body: confirmInput,
        response: { 200: dataEnvelope(z.null()), 404: errorBody },
      },
    },
    async (request) => {
      const { token, reservationId } = request.params;
      await app.db.transaction((tx) =>
        releaseReservation(tx, token, reservationId, request.body.confirm_key),
      );
      return { data: null };
    },
  );

  app.get(
    manage,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          'A booking by its private link (public): its time, teacher, child and until when it can be changed',
        params: publicLinkParams,
        response: { 200: dataEnvelope(parentBookingSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await managedBooking(app.db, request.params.token) }),
  );

  app.get(
    `${manage}/slots`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          'The slots a booking could move to (public): its kind, language and child, its own time left out',
        params: publicLinkParams,
        response: { 200: dataEnvelope(slotsAnswer), 404: errorBody, 422: errorBody },
      },
    },
    async (request) => ({ data: await manageSlots(app.db, request.params.token) }),
  );

  app.post(
    `${manage}/cancel`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          'Cancels a booking by its private link (public), up to the change notice before it; 409 `too_late` afterwards (the school is to be contacted)',
        params: publicLinkParams,
        response: { 200: dataEnvelope(parentBookingSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const id = await cancelByParent(app.db, request.params.token);
      await mailParent(notify(request), 'cancelled', id);
      await mailTeacher(notify(request), 'cancelled', id);
      return { data: await parentView(app.db, id) };
    },
  );

  app.post(
    `${manage}/move`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary:
          'Moves a booking to another free slot by its private link (public), its teacher kept when free; 409 `too_late` after the change notice, `slot_taken` when the slot was just taken',
        params: publicLinkParams,
        body: moveInput,
        response: { 200: dataEnvelope(parentBookingSchema), 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const id = await moveByParent(app.db, request.params.token, request.body, request.lang);
      await mailParent(notify(request), 'moved', id);
      await mailTeacher(notify(request), 'moved', id);
      return { data: await parentView(app.db, id) };
    },
  );

  app.get(
    `${manage}/calendar.ics`,
    {
      ...publicRead(app),
      schema: {
        tags,
        summary: 'The booking as an iCalendar file (public, by its private link)',
        params: publicLinkParams,
        produces: ['text/calendar'],
        response: { 200: calendar, 404: errorBody },
      },
    },
    async (request, reply) => {
      const id = await managedBookingId(app.db, request.params.token);
      const facts = await bookingMailFacts(app.db, publicBaseUrl(app.config, request), id);
      if (!facts) throw new Error(`booking ${id} opened by its link is gone`);
      const file = bookingCalendar(calendarFacts(facts, facts.status === 'cancelled' ? 'CANCEL' : 'REQUEST'));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="booking.ics"')
        .send(file);
    },
  );
};
