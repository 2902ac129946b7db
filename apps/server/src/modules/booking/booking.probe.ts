import { API } from '@logoschool/contract';
import type { AreaProbe, ProbeBuild } from '../../test/area-probes.ts';

const DAY = 24 * 60 * 60_000;

function dataOf<T>(
  what: string,
  response: { statusCode: number; body: string; json(): unknown },
  status = 200,
) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

/** The booking page's token, issued by the project's admin (booking on). */
async function pageToken({ call, workspaceId }: ProbeBuild): Promise<string> {
  const link = dataOf<{ url: string }>(
    'booking page link',
    await call('admin', 'POST', `/api${API.bookingProject}/${workspaceId}/link`),
  );
  return link.url.split('/').pop() ?? '';
}

/**
 * What booking adds to the API probes' project (`test/area-probes.ts`): the teacher member with
 * consultation groups in Ukrainian (`:teacherId`), a group session of hers in ten days
 * (`:sessionId`, `session_id`), and a parent's confirmed seat in it (`:bookingId`), booked through
 * the public page; and the parents' public operations.
 */
export const probe: AreaProbe = {
  objects: {
    bookingTeacher: async ({ call }) => {
      const [self] = dataOf<{ teacher_id: number }[]>(
        'booking teachers',
        await call('teacher', 'GET', `/api${API.bookingTeachers}`),
      );
      if (!self) throw new Error('booking teachers: the teacher is not listed');
      dataOf(
        'availability',
        await call('teacher', 'PUT', `/api${API.bookingAvailability}/${self.teacher_id}`, {
          time_zone: 'Europe/Kyiv',
          weekly: [{ weekday: 1, start: '09:00', end: '17:00' }],
          exceptions: [],
          languages: ['uk'],
          free_lessons: true,
          consultation_groups: true,
        }),
      );
      return self.teacher_id;
    },
    bookingSession: async ({ call, built }) =>
      dataOf<{ id: number }>(
        'consultation session',
        await call('teacher', 'POST', `/api${API.bookingSessions}`, {
          teacher_id: built.bookingTeacher,
          starts_at: new Date(Math.ceil((Date.now() + 10 * DAY) / 3_600_000) * 3_600_000).toISOString(),
          language: 'uk',
        }),
        201,
      ).id,
    booking: async (build) => {
      const token = await pageToken(build);
      const reservation = dataOf<{ reservation_id: number; confirm_key: string }>(
        'reservation',
        await build.call('teacher', 'POST', `/api${API.appointment}/${token}/reservations`, {
          kind: 'consultation',
          parent_name: `${build.marker} Parent`,
          email: 'probe-parent@example.test',
          phone: '+380501234567',
          country: 'UA',
          time_zone: 'Europe/Kyiv',
          language: 'uk',
          child_name: `${build.marker} Child`,
          birthdate: '2015-05-05',
          theme_ids: [],
          start: new Date(Date.now() + 10 * DAY).toISOString(),
          session_id: build.built.bookingSession,
        }),
        201,
      );
      dataOf(
        'confirmation',
        await build.call(
          'teacher',
          'POST',
          `/api${API.appointment}/${token}/reservations/${reservation.reservation_id}/confirm`,
          { confirm_key: reservation.confirm_key },
        ),
      );
      return reservation.reservation_id;
    },
  },
  pathParams: {
    teacherId: 'bookingTeacher',
    sessionId: 'bookingSession',
    bookingId: 'booking',
    reservationId: 'booking',
  },
  bodyFields: { session_id: 'bookingSession', booking_id: 'booking' },
  publicOperations: {
    'GET /api/appointment/:token': "the school's booking page: its link's random, revocable token is the key",
    'GET /api/appointment/:token/slots': 'the free slots, by the same token',
    'POST /api/appointment/:token/reservations':
      'a parent reserves a slot on the booking page, by the same token',
    'POST /api/appointment/:token/reservations/:reservationId/confirm':
      'a parent confirms their reservation, by the same token and the reservation’s own random key',
    'POST /api/appointment/:token/reservations/:reservationId/release':
      'a parent frees the slot they hold to choose another, by the same token and key',
    'GET /api/appointment/manage/:token': "a booking's page for its parent: its own random link is the key",
    'GET /api/appointment/manage/:token/slots': 'the slots the booking could move to, by the same link',
    'POST /api/appointment/manage/:token/cancel': 'the parent cancels the booking, by the same link',
    'POST /api/appointment/manage/:token/move': 'the parent moves the booking, by the same link',
    'GET /api/appointment/manage/:token/calendar.ics': 'the booking as a calendar file, by the same link',
  },
};
