import {
  API,
  availabilitySchema,
  bookingSettingsSchema,
  consultationSessionInput,
  consultationSessionSchema,
  dataEnvelope,
  errorBody,
  idParam,
  teacherAvailabilitySchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { getAvailability, listTeachers, putAvailability } from './availability.service.ts';
import { bookingActingQuery } from './booking-links.ts';
import { readBookingSettings, saveBookingSettings } from './booking-settings.ts';
import { createSession, deleteSession, listSessions } from './sessions.service.ts';

const tags = ['booking'];
const teacherParams = z.object({ teacherId: idParam });
const sessionParams = z.object({ sessionId: idParam });

/** The school's side of booking that keeps its rules: settings, teachers' availability, consultation groups. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.bookingSettings,
    {
      config: { permission: 'booking.settings' },
      schema: {
        tags,
        summary: "The project's booking settings (the defaults when it never saved them)",
        querystring: bookingActingQuery,
        response: { 200: dataEnvelope(bookingSettingsSchema) },
      },
    },
    async (request) => ({ data: await readBookingSettings(app.db, actingOf(request).workspaceId) }),
  );

  app.put(
    API.bookingSettings,
    {
      config: { permission: 'booking.settings' },
      schema: {
        tags,
        summary:
          "Sets the project's booking settings: the free lesson's length, the buffer, the notices, the horizon and a group's seats (applies to sessions made from now on)",
        querystring: bookingActingQuery,
        body: bookingSettingsSchema,
        response: { 200: dataEnvelope(bookingSettingsSchema), 422: errorBody },
      },
    },
    async (request) => ({
      data: await saveBookingSettings(app.db, actingOf(request).workspaceId, request.body),
    }),
  );

  app.get(
    API.bookingTeachers,
    {
      config: { permission: 'booking.read' },
      schema: {
        tags,
        summary:
          "The project's teachers (teacher or diagnostician) with their availability and confirmed bookings to come; a teacher sees herself only",
        querystring: bookingActingQuery,
        response: { 200: dataEnvelope(z.array(teacherAvailabilitySchema)) },
      },
    },
    async (request) => ({ data: await listTeachers(app.db, actingOf(request)) }),
  );

  app.get(
    `${API.bookingAvailability}/:teacherId`,
    {
      config: { permission: 'booking.manage' },
      schema: {
        tags,
        summary:
          "A teacher's availability (an empty one in Europe/Kyiv until she sets it); a teacher her own only, 404 for anyone else or a user who is not a teacher of the project",
        params: teacherParams,
        querystring: bookingActingQuery,
        response: { 200: dataEnvelope(availabilitySchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await getAvailability(app.db, actingOf(request), request.params.teacherId),
    }),
  );

  app.put(
    `${API.bookingAvailability}/:teacherId`,
    {
      config: { permission: 'booking.manage' },
      schema: {
        tags,
        summary:
          "Sets a teacher's availability: her zone, weekly hours, exceptions, languages and what she takes; a teacher her own only",
        params: teacherParams,
        querystring: bookingActingQuery,
        body: availabilitySchema,
        response: { 200: dataEnvelope(availabilitySchema), 404: errorBody, 422: errorBody },
      },
    },
    async (request) => ({
      data: await app.db.transaction((tx) =>
        putAvailability(tx, actingOf(request), request.params.teacherId, request.body),
      ),
    }),
  );

  app.get(
    API.bookingSessions,
    {
      config: { permission: 'booking.read' },
      schema: {
        tags,
        summary:
          "The project's consultation group sessions still to come, with their seats taken (a teacher: her own)",
        querystring: bookingActingQuery,
        response: { 200: dataEnvelope(z.array(consultationSessionSchema)) },
      },
    },
    async (request) => ({ data: await listSessions(app.db, actingOf(request)) }),
  );

  app.post(
    API.bookingSessions,
    {
      config: { permission: 'booking.manage' },
      schema: {
        tags,
        summary:
          "A consultation group session of 60 minutes for a teacher who leads groups in the language (422 otherwise), its seats the project's unless given; 409 `slot_taken` when it overlaps her other sessions",
        querystring: bookingActingQuery,
        body: consultationSessionInput,
        response: {
          201: dataEnvelope(consultationSessionSchema),
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const data = await app.db.transaction((tx) => createSession(tx, actingOf(request), request.body));
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    `${API.bookingSessions}/:sessionId`,
    {
      config: { permission: 'booking.manage' },
      schema: {
        tags,
        summary: 'Cancels a consultation group session; 409 `session_in_use` while it has live bookings',
        params: sessionParams,
        querystring: bookingActingQuery,
        response: { 200: dataEnvelope(z.null()), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await app.db.transaction((tx) => deleteSession(tx, actingOf(request), request.params.sessionId));
      return { data: null };
    },
  );
};
