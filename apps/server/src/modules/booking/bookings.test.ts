import type { BookingRow, BookingWeek } from '@logoschool/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientThemes, clients, mails } from '../../db/schema/index.ts';
import { actingUrl, apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildBooking, type BookingValues } from '../../test/booking.ts';
import {
  bearer,
  buildSignedInMember,
  buildTheme,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';
import { bookingSessions, bookings } from './booking.schema.ts';

const t = useTestApp({ PUBLIC_URL: 'https://school.example' });

const HOUR = 3600_000;
const as = (who: Member) => apiAs(t.app, who);
const dataOf = <T>(response: Response, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};
const codeOf = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { code: string }).code;
};

/** `PATCH`, which the test API does not name. */
const patch = (who: Member, id: number, payload: object, token: string | null = who.token) =>
  t.app.inject({
    method: 'PATCH',
    url: actingUrl(`/api/bookings/${id}`, { workspace: who.workspace, roleId: who.roleId }),
    headers: { 'accept-language': 'en', ...(token ? bearer(token) : {}) },
    payload,
  });

/** A school: a manager, two teachers, an author and a moderator, and another school's teacher. */
async function school() {
  const workspace = await buildWorkspace(t.db);
  const other = await buildWorkspace(t.db);
  const s = {
    workspace,
    manager: await buildSignedInMember(t.db, workspace, 'manager'),
    teacher: await buildSignedInMember(t.db, workspace, 'teacher', { name: 'Oksana Teacher' }),
    teacher2: await buildSignedInMember(t.db, workspace, 'teacher', { name: 'Iryna Teacher' }),
    author: await buildSignedInMember(t.db, workspace, 'author'),
    moderator: await buildSignedInMember(t.db, workspace, 'moderator'),
    outsider: await buildSignedInMember(t.db, other, 'teacher'),
  };
  const book = (who: Member, values: Partial<BookingValues> = {}) =>
    buildBooking(t.db, { workspaceId: who.workspace.id, teacherId: who.user.id, ...values });
  return { ...s, book };
}

const mailsTo = (email: string) => t.db.select().from(mails).where(eq(mails.to, email));

describe('GET /api/bookings', () => {
  it("lists the project's upcoming bookings for a manager, a teacher's own for her", async () => {
    const s = await school();
    const mine = await s.book(s.teacher, { childName: 'Marko' });
    const hers = await s.book(s.teacher2, { kind: 'consultation', birthdate: '2018-01-01', seats: 6 });
    await s.book(s.outsider);
    await s.book(s.teacher, { status: 'cancelled' });

    const all = await as(s.manager).get('/api/bookings');
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json() as { data: BookingRow[]; meta: { total: number } };
    expect(page.data.map((row) => row.id).sort()).toEqual([mine.id, hers.id].sort());
    expect(page.meta.total).toBe(2);
    expect(page.data.find((row) => row.id === mine.id)).toMatchObject({
      teacher_name: 'Oksana Teacher',
      child_name: 'Marko',
      kind: 'free_lesson',
      status: 'confirmed',
      client_id: null,
    });

    const own = (await as(s.teacher).get('/api/bookings')).json() as { data: BookingRow[] };
    expect(own.data.map((row) => row.id)).toEqual([mine.id]);
  });

  it('filters by view, teacher, kind and a search, and names the themes', async () => {
    const s = await school();
    const theme = await buildTheme(t.db, s.workspace.id, { name: 'Dinosaurs' });
    const upcoming = await s.book(s.teacher, { parentName: 'Halyna Shevchenko', themeIds: [theme.id] });
    const held = await s.book(s.teacher, { status: 'held', startsAt: new Date(Date.now() - 48 * HOUR) });
    const started = await s.book(s.teacher2, { startsAt: new Date(Date.now() - HOUR) });
    const cancelled = await s.book(s.teacher2, { status: 'cancelled' });
    const noShow = await s.book(s.teacher2, { status: 'no_show', startsAt: new Date(Date.now() - 3 * HOUR) });
    const group = await s.book(s.teacher2, { kind: 'consultation', birthdate: '2017-02-02', seats: 6 });
    const ids = async (query: string) =>
      ((await as(s.manager).get('/api/bookings', { query })).json() as { data: BookingRow[] }).data
        .map((row) => row.id)
        .sort();

    expect(await ids('view=past')).toEqual([held.id, started.id].sort());
    expect(await ids('view=cancelled')).toEqual([cancelled.id]);
    expect(await ids('view=no_show')).toEqual([noShow.id]);
    expect(await ids('view=all')).toHaveLength(6);
    expect(await ids(`view=all&teacher_id=${s.teacher.user.id}`)).toEqual([upcoming.id, held.id].sort());
    expect(await ids('kind=consultation')).toEqual([group.id]);
    expect(await ids('search=shevchenko')).toEqual([upcoming.id]);
    expect(await ids('search=%25')).toEqual([]);
    const [row] = (
      (await as(s.manager).get('/api/bookings', { query: 'search=Halyna' })).json() as {
        data: BookingRow[];
      }
    ).data;
    expect(row?.themes).toEqual([{ id: theme.id, name: 'Dinosaurs' }]);
  });

  it('answers 401 without a token, 403 for an author and a moderator, 422 for a wrong view', async () => {
    const s = await school();
    expect(codeOf(await apiAs(t.app, s.manager, { token: null }).get('/api/bookings'), 401)).toBe(
      'unauthenticated',
    );
    expect(codeOf(await as(s.author).get('/api/bookings'), 403)).toBe('forbidden');
    expect(codeOf(await as(s.moderator).get('/api/bookings'), 403)).toBe('forbidden');
    expect(codeOf(await as(s.manager).get('/api/bookings', { query: 'view=soon' }), 422)).toBe(
      'validation_failed',
    );
    expect(codeOf(await as(s.manager).get('/api/bookings', { query: 'kind=party' }), 422)).toBe(
      'validation_failed',
    );
  });
});

describe('GET /api/bookings/week', () => {
  it("shows a teacher's week from Monday in her zone, with her availability", async () => {
    const s = await school();
    const week = new Date(Date.now() + 7 * 24 * HOUR).toISOString().slice(0, 10);
    await t.db.execute(sql`
      insert into teacher_availability (workspace_id, teacher_id, time_zone, weekly, languages, free_lessons)
      values (${s.workspace.id}, ${s.teacher.user.id}, 'Europe/London',
        ${JSON.stringify([{ weekday: 1, start: '09:00', end: '17:00' }])}::jsonb, '{uk,en}', true)`);
    const empty = dataOf<BookingWeek>(
      await as(s.teacher).get('/api/bookings/week', {
        query: `teacher_id=${s.teacher.user.id}&week=${week}`,
      }),
    );
    expect(empty).toMatchObject({ time_zone: 'Europe/London', items: [], teacher_id: s.teacher.user.id });
    expect(empty.availability.weekly).toEqual([{ weekday: 1, start: '09:00', end: '17:00' }]);

    const inWeek = new Date(`${week}T12:00:00Z`);
    const lesson = await s.book(s.teacher, { startsAt: inWeek, childName: 'Marta' });
    const group = await s.book(s.teacher, {
      kind: 'consultation',
      startsAt: new Date(inWeek.getTime() + 3 * HOUR),
      birthdate: '2017-01-01',
      seats: 6,
    });
    await s.book(s.teacher, { sessionId: group.sessionId, kind: 'consultation', birthdate: '2016-01-01' });
    await s.book(s.teacher2, { startsAt: inWeek });
    const seen = dataOf<BookingWeek>(
      await as(s.teacher).get('/api/bookings/week', {
        query: `teacher_id=${s.teacher.user.id}&week=${week}`,
      }),
    );
    expect(seen.items).toEqual([
      expect.objectContaining({ kind: 'free_lesson', id: lesson.id, title: 'Marta', status: 'confirmed' }),
      expect.objectContaining({ kind: 'consultation', id: group.sessionId, title: 'UK 2/6' }),
    ]);
    // The manager sees any teacher's week.
    const managers = await as(s.manager).get('/api/bookings/week', {
      query: `teacher_id=${s.teacher2.user.id}&week=${week}`,
    });
    expect(dataOf<BookingWeek>(managers).items).toHaveLength(1);
  });

  it("refuses another teacher's week (404), another project's teacher (404), a missing week (422)", async () => {
    const s = await school();
    const query = (id: number) => `teacher_id=${id}&week=2030-01-07`;
    expect(
      codeOf(await as(s.teacher).get('/api/bookings/week', { query: query(s.teacher2.user.id) }), 404),
    ).toBe('not_found');
    expect(
      codeOf(await as(s.manager).get('/api/bookings/week', { query: query(s.outsider.user.id) }), 404),
    ).toBe('not_found');
    expect(
      codeOf(
        await as(s.manager).get('/api/bookings/week', { query: `teacher_id=${s.teacher.user.id}` }),
        422,
      ),
    ).toBe('validation_failed');
    expect(
      codeOf(await as(s.author).get('/api/bookings/week', { query: query(s.teacher.user.id) }), 403),
    ).toBe('forbidden');
    expect(
      codeOf(
        await apiAs(t.app, s.teacher, { token: null }).get('/api/bookings/week', {
          query: query(s.teacher.user.id),
        }),
        401,
      ),
    ).toBe('unauthenticated');
  });
});

describe('POST /api/bookings/:bookingId/status', () => {
  const status = (who: Member, id: number, value: string, token?: string | null) =>
    apiAs(t.app, who, token === undefined ? {} : { token }).post(`/api/bookings/${id}/status`, {
      status: value,
    });

  it('records held and no-show only once the lesson started', async () => {
    const s = await school();
    const ahead = await s.book(s.teacher);
    expect(codeOf(await status(s.teacher, ahead.id, 'held'), 409)).toBe('transition_refused');
    const started = await s.book(s.teacher, { startsAt: new Date(Date.now() - HOUR) });
    expect(dataOf<BookingRow>(await status(s.teacher, started.id, 'held')).status).toBe('held');
    expect(codeOf(await status(s.teacher, started.id, 'held'), 409)).toBe('status_unchanged');
    expect(dataOf<BookingRow>(await status(s.manager, started.id, 'no_show')).status).toBe('no_show');
    expect(codeOf(await status(s.manager, started.id, 'cancelled'), 409)).toBe('transition_refused');
  });

  it("cancels before the start: the free lesson's session freed and the parent told", async () => {
    const s = await school();
    const email = `mama-${Date.now()}@example.test`;
    const booked = await s.book(s.teacher, { email, interfaceLanguage: 'en' });
    const row = dataOf<BookingRow>(await status(s.manager, booked.id, 'cancelled'));
    expect(row).toMatchObject({ status: 'cancelled', cancelled_by: 'school' });
    const [session] = await t.db
      .select()
      .from(bookingSessions)
      .where(eq(bookingSessions.id, booked.sessionId));
    expect(session?.cancelledAt).not.toBeNull();
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toMatch(/^Booking cancelled/);
    expect(mail?.text).toContain('The school has cancelled this booking');
  });

  it('gives a consultation seat back; refuses after the start (too_late)', async () => {
    const s = await school();
    const first = await s.book(s.teacher, { kind: 'consultation', birthdate: '2017-01-01', seats: 6 });
    await s.book(s.teacher, { kind: 'consultation', sessionId: first.sessionId, birthdate: '2016-01-01' });
    dataOf<BookingRow>(await status(s.teacher, first.id, 'cancelled'));
    const [session] = await t.db
      .select()
      .from(bookingSessions)
      .where(eq(bookingSessions.id, first.sessionId));
    expect(session).toMatchObject({ seatsTaken: 1, cancelledAt: null });
    const started = await s.book(s.teacher, { startsAt: new Date(Date.now() - HOUR) });
    expect(codeOf(await status(s.teacher, started.id, 'cancelled'), 409)).toBe('too_late');
  });

  it("hides another teacher's and another project's booking (404); 401, 403, 422", async () => {
    const s = await school();
    const hers = await s.book(s.teacher2);
    const foreign = await s.book(s.outsider);
    expect(codeOf(await status(s.teacher, hers.id, 'cancelled'), 404)).toBe('not_found');
    expect(codeOf(await status(s.manager, foreign.id, 'cancelled'), 404)).toBe('not_found');
    expect(codeOf(await status(s.author, hers.id, 'cancelled'), 403)).toBe('forbidden');
    expect(codeOf(await status(s.moderator, hers.id, 'cancelled'), 403)).toBe('forbidden');
    expect(codeOf(await status(s.manager, hers.id, 'cancelled', null), 401)).toBe('unauthenticated');
    expect(codeOf(await status(s.manager, hers.id, 'confirmed'), 422)).toBe('validation_failed');
    expect(codeOf(await status(s.manager, hers.id, 'reserved'), 422)).toBe('validation_failed');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, hers.id));
    expect(row?.status).toBe('confirmed');
  });
});

describe('PATCH /api/bookings/:bookingId', () => {
  it("corrects the child's name", async () => {
    const s = await school();
    const booked = await s.book(s.teacher);
    const row = dataOf<BookingRow>(await patch(s.teacher, booked.id, { child_name: 'Bohdan' }));
    expect(row).toMatchObject({ child_name: 'Bohdan', status: 'confirmed' });
  });

  it('cancels as the system a child under 3 on the lesson date, frees the time and tells the parent (spec §8)', async () => {
    const s = await school();
    const email = `tato-${Date.now()}@example.test`;
    const startsAt = new Date(Date.now() + 3 * 24 * HOUR);
    const booked = await s.book(s.teacher, { email, startsAt, interfaceLanguage: 'uk' });
    // Two years old on the lesson's date.
    const birthdate = new Date(startsAt.getTime() - 2 * 365 * 24 * HOUR).toISOString().slice(0, 10);
    const row = dataOf<BookingRow>(await patch(s.manager, booked.id, { birthdate }));
    expect(row).toMatchObject({ status: 'cancelled', cancelled_by: 'too_young', birthdate });
    const [session] = await t.db
      .select()
      .from(bookingSessions)
      .where(eq(bookingSessions.id, booked.sessionId));
    expect(session?.cancelledAt).not.toBeNull();
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toContain('ще немає трьох років');
    expect(mail?.text).toContain('система скасувала запис');
    // The teacher is told the time is free again.
    const [teacherMail] = await mailsTo(s.teacher.user.email);
    expect(teacherMail?.subject).toMatch(/^Запис скасовано/);
  });

  it('keeps a child of 3 or more booked', async () => {
    const s = await school();
    const booked = await s.book(s.teacher);
    const row = dataOf<BookingRow>(await patch(s.teacher, booked.id, { birthdate: '2019-03-03' }));
    expect(row.status).toBe('confirmed');
  });

  it("answers 404 for another teacher's or project's booking, 422 for a wrong field, 401, 403", async () => {
    const s = await school();
    const hers = await s.book(s.teacher2);
    const foreign = await s.book(s.outsider);
    expect(codeOf(await patch(s.teacher, hers.id, { child_name: 'Xenia' }), 404)).toBe('not_found');
    expect(codeOf(await patch(s.manager, foreign.id, { child_name: 'Xenia' }), 404)).toBe('not_found');
    expect(codeOf(await patch(s.manager, hers.id, { birthdate: '2020-13-45' }), 422)).toBe(
      'validation_failed',
    );
    expect(codeOf(await patch(s.manager, hers.id, { child_name: '' }), 422)).toBe('validation_failed');
    expect(codeOf(await patch(s.manager, hers.id, { email: 'x@y.z' }), 422)).toBe('validation_failed');
    expect(codeOf(await patch(s.author, hers.id, { child_name: 'Xenia' }), 403)).toBe('forbidden');
    expect(codeOf(await patch(s.moderator, hers.id, { child_name: 'Xenia' }), 403)).toBe('forbidden');
    expect(codeOf(await patch(s.manager, hers.id, { child_name: 'Xenia' }, null), 401)).toBe(
      'unauthenticated',
    );
  });
});

describe('POST /api/appointment/client', () => {
  const convert = (who: Member, bookingId: unknown, token?: string | null) =>
    apiAs(t.app, who, token === undefined ? {} : { token }).post('/api/appointment/client', {
      booking_id: bookingId,
    });

  it("makes a student of the teacher's booking, with the themes still in the project; once", async () => {
    const s = await school();
    const kept = await buildTheme(t.db, s.workspace.id, { name: 'Space' });
    const gone = await buildTheme(t.db, s.workspace.id, { name: 'Trains' });
    const booked = await s.book(s.teacher, {
      parentName: 'Olha Bondar',
      email: 'olha@example.test',
      childName: 'Danylo',
      birthdate: '2019-04-05',
      language: 'en',
      themeIds: [kept.id, gone.id],
    });
    await t.db.execute(sql`delete from themes where id = ${gone.id}`);
    const { client_id: clientId } = dataOf<{ client_id: number }>(await convert(s.teacher, booked.id), 201);
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client).toMatchObject({
      workspaceId: s.workspace.id,
      teacherId: s.teacher.user.id,
      clientName: 'Olha Bondar',
      childName: 'Danylo',
      birthdate: '2019-04-05',
      language: 'en',
      parentEmail: 'olha@example.test',
      parentPhone: '+380501234567',
    });
    const linked = await t.db.select().from(clientThemes).where(eq(clientThemes.clientId, clientId));
    expect(linked.map((row) => row.themeId)).toEqual([kept.id]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(row?.clientId).toBe(clientId);
    expect(codeOf(await convert(s.teacher, booked.id), 409)).toBe('booking_converted');
  });

  it('makes one student of two conversions at once', async () => {
    const s = await school();
    const booked = await s.book(s.teacher, { childName: 'Twice' });
    const answers = await Promise.all([convert(s.teacher, booked.id), convert(s.teacher, booked.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const made = await t.db
      .select()
      .from(clients)
      .where(and(eq(clients.workspaceId, s.workspace.id), eq(clients.childName, 'Twice')));
    expect(made).toHaveLength(1);
  });

  it("answers 404 for another teacher's or project's booking, 403 for others than teachers, 401, 422", async () => {
    const s = await school();
    const hers = await s.book(s.teacher2);
    const foreign = await s.book(s.outsider);
    expect(codeOf(await convert(s.teacher, hers.id), 404)).toBe('not_found');
    expect(codeOf(await convert(s.teacher, foreign.id), 404)).toBe('not_found');
    expect(codeOf(await convert(s.teacher, 2_000_000_000), 404)).toBe('not_found');
    expect(codeOf(await convert(s.manager, hers.id), 403)).toBe('forbidden');
    expect(codeOf(await convert(s.author, hers.id), 403)).toBe('forbidden');
    expect(codeOf(await convert(s.moderator, hers.id), 403)).toBe('forbidden');
    expect(codeOf(await convert(s.teacher2, hers.id, null), 401)).toBe('unauthenticated');
    expect(codeOf(await convert(s.teacher2, 'one'), 422)).toBe('validation_failed');
    expect(codeOf(await convert(s.teacher2, -1), 422)).toBe('validation_failed');
  });
});
