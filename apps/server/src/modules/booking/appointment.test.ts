import type {
  Availability,
  BookingPage,
  ConsultationSession,
  ParentBooking,
  ReservationAnswer,
  SlotsAnswer,
} from '@logoschool/contract';
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { lessons, mails, publicLinks } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import { buildLessonSchool, lessonsOfPlan } from '../../test/lessons.ts';
import { bookings, bookingSessions } from './booking.schema.ts';
import { releaseExpired } from './booking-release.ts';

const t = useTestApp({ PUBLIC_URL: 'https://school.example' });

const DAY = 24 * 60 * 60_000;
const as = (who: Member) => apiAs(t.app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};

const HOURS: Availability = {
  time_zone: 'Europe/London',
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
  exceptions: [],
  languages: ['uk'],
  free_lessons: true,
  consultation_groups: true,
};

/** A public call, in the parent's interface language. */
const visit = (method: 'GET' | 'POST', url: string, payload?: object, lang = 'uk') =>
  t.app.inject({ method, url, headers: { 'accept-language': lang }, ...(payload ? { payload } : {}) });

/** A school with booking on: an admin, a manager, `teachers` teachers with hours in London; the page's token. */
async function school(teachers = 1) {
  const workspace = await buildWorkspace(t.db);
  const admin = await buildSignedInMember(t.db, workspace, 'admin');
  const manager = await buildSignedInMember(t.db, workspace, 'manager');
  const staff: Member[] = [];
  for (let i = 0; i < teachers; i++) {
    const teacher = await buildSignedInMember(t.db, workspace, 'teacher', { name: `Teacher ${i}` });
    dataOf(await as(teacher).put(`/api/booking/availability/${teacher.user.id}`, HOURS));
    staff.push(teacher);
  }
  const link = dataOf<{ url: string }>(await as(admin).post(`/api/booking/projects/${workspace.id}/link`));
  const token = link.url.split('/').pop() ?? '';
  return { workspace, admin, manager, teachers: staff, token };
}

/** Step 1's answers for a parent of their own (a new e-mail and child each time). */
function person(kind: 'free_lesson' | 'consultation' = 'free_lesson', birthdate = '2019-03-01') {
  const unique = randomBytes(4).toString('hex');
  return {
    kind,
    parent_name: `Olena ${unique}`,
    email: `parent-${unique}@example.test`,
    phone: '+972501234567',
    country: 'IL',
    time_zone: 'Asia/Jerusalem',
    language: 'uk',
    child_name: `Taras ${unique}`,
    birthdate,
    theme_ids: [],
  };
}

async function slots(token: string, kind = 'free_lesson', birthdate = '2019-03-01') {
  return dataOf<SlotsAnswer>(
    await visit('GET', `/api/appointment/${token}/slots?kind=${kind}&language=uk&birthdate=${birthdate}`),
  );
}

/** Reserves the first free lesson at least `days` ahead. */
async function reserveFirst(token: string, days = 0) {
  const slot = (await slots(token)).slots.find(
    (free) => new Date(free.start).getTime() >= Date.now() + days * DAY,
  );
  if (!slot) throw new Error('no slot');
  return dataOf<ReservationAnswer>(
    await visit('POST', `/api/appointment/${token}/reservations`, { ...person(), start: slot.start }),
    201,
  );
}

async function confirm(token: string, answer: ReservationAnswer) {
  return visit('POST', `/api/appointment/${token}/reservations/${answer.reservation_id}/confirm`, {
    confirm_key: answer.confirm_key,
  });
}

async function manageToken(bookingId: number) {
  const [link] = await t.db
    .select()
    .from(publicLinks)
    .where(and(eq(publicLinks.kind, 'booking-manage'), eq(publicLinks.subjectId, bookingId)));
  return link?.token ?? '';
}

describe('the booking page', () => {
  it("shows the school's languages, themes and rules; the kit's 404 for a wrong or withdrawn link", async () => {
    const s = await school();
    const page = dataOf<BookingPage>(await visit('GET', `/api/appointment/${s.token}`));
    expect(page.languages).toEqual({ free_lesson: ['uk'], consultation: ['uk'] });
    expect(page).toMatchObject({ lesson_minutes: 45, horizon_days: 30 });
    const wrong = await visit('GET', `/api/appointment/${'x'.repeat(43)}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers['cache-control']).toBe('no-store');
    dataOf(await as(s.admin).delete(`/api/booking/projects/${s.workspace.id}/link`));
    expect((await visit('GET', `/api/appointment/${s.token}`)).statusCode).toBe(404);
    expect(
      (
        await visit(
          'GET',
          `/api/appointment/${s.token}/slots?kind=free_lesson&language=uk&birthdate=2019-03-01`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('gives slots from the notice on, and refuses a child too young (§8)', async () => {
    const s = await school();
    const answer = await slots(s.token);
    expect(answer.slots.length).toBeGreaterThan(0);
    expect(answer.old_enough_from).toBeNull();
    expect(new Date(answer.slots[0]!.start).getTime()).toBeGreaterThanOrEqual(
      Date.now() + 12 * 60 * 60_000 - 1000,
    );
    expect(answer.slots[0]!.teacher_time_zones).toEqual(['Europe/London']);

    const toddler = new Date(Date.now() - 2 * 365 * DAY).toISOString().slice(0, 10);
    const young = await visit(
      'GET',
      `/api/appointment/${s.token}/slots?kind=free_lesson&language=uk&birthdate=${toddler}`,
    );
    expect(young.statusCode).toBe(422);
    expect(young.json().code).toBe('too_young');
    const four = new Date(Date.now() - 4 * 365 * DAY).toISOString().slice(0, 10);
    const course = await visit(
      'GET',
      `/api/appointment/${s.token}/slots?kind=consultation&language=uk&birthdate=${four}`,
    );
    expect(course.statusCode).toBe(422);
    expect(course.json().code).toBe('course_too_young');
    expect(course.json().message).toMatch(/6/);
    const badQuery = await visit(
      'GET',
      `/api/appointment/${s.token}/slots?kind=free_lesson&language=xx&birthdate=2019-03-01`,
    );
    expect(badQuery.statusCode).toBe(422);
  });
});

describe('what makes a teacher busy, and the age', () => {
  it("leaves out her plan lessons' time with the buffer", async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const teacher = s.teacher;
    dataOf(await as(teacher).put(`/api/booking/availability/${teacher.user.id}`, HOURS));
    const admin = await buildSignedInMember(t.db, s.workspace, 'admin');
    const link = dataOf<{ url: string }>(
      await as(admin).post(`/api/booking/projects/${s.workspace.id}/link`),
    );
    const token = link.url.split('/').pop() ?? '';
    const before = (await slots(token)).slots.map((slot) => slot.start);
    const busy = before[4]!;
    const [lesson] = await lessonsOfPlan(t.app, teacher, s.plan.id);
    await t.db
      .update(lessons)
      .set({ startsAt: new Date(busy), durationMinutes: 45 })
      .where(eq(lessons.id, lesson!.id));
    const after = (await slots(token)).slots.map((slot) => slot.start);
    const near = (start: string) =>
      Math.abs(new Date(start).getTime() - new Date(busy).getTime()) < 60 * 60_000;
    expect(after.filter(near)).toEqual([]);
    expect(before.filter(near).length).toBeGreaterThan(0);
    expect(after.length).toBeLessThan(before.length);
  });

  it('shows a child who turns 3 within the horizon the slots from her birthday on', async () => {
    const s = await school();
    const birthday = new Date(Date.now() + 10 * DAY);
    const birthdate = `${birthday.getUTCFullYear() - 3}-${birthday.toISOString().slice(5, 10)}`;
    const answer = await slots(s.token, 'free_lesson', birthdate);
    expect(answer.old_enough_from).toBe(birthday.toISOString().slice(0, 10));
    expect(answer.slots.length).toBeGreaterThan(0);
    expect(new Date(answer.slots[0]!.start).getTime()).toBeGreaterThan(Date.now() + 8 * DAY);
    const early = await visit('POST', `/api/appointment/${s.token}/reservations`, {
      ...person('free_lesson', birthdate),
      start: (await slots(s.token)).slots[0]!.start,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('too_young');
  });
});

describe('reserving and confirming', () => {
  it('reserves, confirms, mails the parent the .ics and the manage link, tells the teacher', async () => {
    const s = await school();
    const answer = await reserveFirst(s.token);
    expect(answer.booking.status).toBe('reserved');
    expect(answer.booking.reserved_until).not.toBeNull();
    const [stored] = await t.db.select().from(bookings).where(eq(bookings.id, answer.reservation_id));
    expect(stored?.confirmKeyHash).not.toBe(answer.confirm_key);
    expect(stored?.interfaceLanguage).toBe('uk');

    const wrongKey = await visit(
      'POST',
      `/api/appointment/${s.token}/reservations/${answer.reservation_id}/confirm`,
      {
        confirm_key: 'nope',
      },
    );
    expect(wrongKey.statusCode).toBe(404);
    // What goes out, attachments included (the kept copy in `mails` records the text only).
    const outgoing = vi.spyOn(t.app.mailer, 'sendMail');
    const confirmed = dataOf<ParentBooking>(await confirm(s.token, answer));
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      teacher_time_zone: 'Europe/London',
      time_zone: 'Asia/Jerusalem',
    });
    // A second confirmation answers the same, and mails nothing more.
    dataOf<ParentBooking>(await confirm(s.token, answer));

    const token = await manageToken(answer.reservation_id);
    const sent = await t.db.select().from(mails).where(eq(mails.to, confirmed.email)).orderBy(desc(mails.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(new RegExp(`^Запис підтверджено: ${confirmed.child_name}, `));
    expect(sent[0]!.text).toContain(`https://school.example/appointment/manage/${token}`);
    const parentMails = outgoing.mock.calls
      .map(([mail]) => mail)
      .filter((mail) => mail.to === confirmed.email);
    expect(parentMails).toHaveLength(1);
    expect(parentMails[0]!.attachments).toEqual([
      expect.objectContaining({
        filename: 'lesson.ics',
        contentType: expect.stringMatching(/^text\/calendar/),
      }),
    ]);
    expect(parentMails[0]!.attachments![0]!.content).toContain('METHOD:REQUEST');
    expect(parentMails[0]!.attachments![0]!.content).toContain(
      `UID:booking-${answer.reservation_id}@logoschool`,
    );
    const teacherMails = await t.db.select().from(mails).where(eq(mails.to, s.teachers[0]!.user.email));
    expect(teacherMails).toHaveLength(1);
    expect(teacherMails[0]!.subject).toMatch(new RegExp(`^Новий запис: ${confirmed.child_name}, `));
    expect(teacherMails[0]!.text).toContain(confirmed.email);
    outgoing.mockRestore();

    const ics = await visit('GET', `/api/appointment/manage/${token}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/text\/calendar/);
    expect(ics.body).toContain(`UID:booking-${answer.reservation_id}@logoschool`);
    expect(ics.body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });

  it('answers 422 for bad input (NUL bytes included), 409 booking_exists for a second booking that day', async () => {
    const s = await school(2);
    const [first] = (await slots(s.token)).slots;
    const parent = person();
    const nul = await visit('POST', `/api/appointment/${s.token}/reservations`, {
      ...parent,
      parent_name: 'Ol\u0000ena',
      start: first!.start,
    });
    expect(nul.statusCode).toBe(422);
    const badPhone = await visit('POST', `/api/appointment/${s.token}/reservations`, {
      ...parent,
      phone: '12',
      start: first!.start,
    });
    expect(badPhone.statusCode).toBe(422);
    const unknownTheme = await visit('POST', `/api/appointment/${s.token}/reservations`, {
      ...parent,
      theme_ids: [2_000_000_000],
      start: first!.start,
    });
    expect(unknownTheme.statusCode).toBe(422);
    const notASlot = await visit('POST', `/api/appointment/${s.token}/reservations`, {
      ...parent,
      start: new Date(new Date(first!.start).getTime() + 7 * 60_000).toISOString(),
    });
    expect(notASlot.statusCode).toBe(409);
    expect(notASlot.json().code).toBe('slot_taken');
    dataOf(
      await visit('POST', `/api/appointment/${s.token}/reservations`, { ...parent, start: first!.start }),
      201,
    );
    const again = await visit(
      'POST',
      `/api/appointment/${s.token}/reservations`,
      { ...parent, start: first!.start },
      'en',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'booking_exists',
      message: 'A booking already exists for this date: please contact the administrator.',
    });
  });

  it('lets a lapsed reservation go: 410 on its confirmation, and the sweep frees its slot', async () => {
    const s = await school();
    const answer = await reserveFirst(s.token);
    await t.db
      .update(bookings)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, answer.reservation_id));
    const late = await confirm(s.token, answer);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('reservation_expired');
    expect(await t.db.transaction((tx) => releaseExpired(tx, new Date(), s.workspace.id))).toBe(1);
    const [row] = await t.db
      .select({ booking: bookings, session: bookingSessions })
      .from(bookings)
      .innerJoin(bookingSessions, eq(bookingSessions.id, bookings.sessionId))
      .where(eq(bookings.id, answer.reservation_id));
    expect(row?.booking).toMatchObject({ status: 'cancelled', cancelledBy: null });
    expect(row?.session.cancelledAt).not.toBeNull();
    expect((await slots(s.token)).slots[0]?.start).toBe(answer.booking.starts_at);
  });

  it('frees a held slot at once when the parent chooses another time; a wrong key: 404', async () => {
    const s = await school();
    const answer = await reserveFirst(s.token);
    const release = (key: string, token = s.token) =>
      visit('POST', `/api/appointment/${token}/reservations/${answer.reservation_id}/release`, {
        confirm_key: key,
      });
    expect((await slots(s.token)).slots[0]?.start).not.toBe(answer.booking.starts_at);
    expect((await release('nope')).statusCode).toBe(404);
    expect((await release(answer.confirm_key, 'x'.repeat(43))).statusCode).toBe(404);
    expect(dataOf(await release(answer.confirm_key))).toBeNull();
    // The slot is free again, and its reservation can no longer be confirmed.
    expect((await slots(s.token)).slots[0]?.start).toBe(answer.booking.starts_at);
    expect((await confirm(s.token, answer)).statusCode).toBe(410);
    // Again: the same answer, nothing changes.
    expect(dataOf(await release(answer.confirm_key))).toBeNull();
  });

  it('keeps a confirmed booking when its reservation is released', async () => {
    const s = await school();
    const answer = await reserveFirst(s.token);
    dataOf(await confirm(s.token, answer));
    dataOf(
      await visit('POST', `/api/appointment/${s.token}/reservations/${answer.reservation_id}/release`, {
        confirm_key: answer.confirm_key,
      }),
    );
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, answer.reservation_id));
    expect(row?.status).toBe('confirmed');
  });
});

describe('two parents at once', () => {
  it('20 parallel reservations of one free-lesson slot of one teacher: exactly one wins', async () => {
    const s = await school(1);
    const [slot] = (await slots(s.token)).slots;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        visit('POST', `/api/appointment/${s.token}/reservations`, { ...person(), start: slot!.start }, 'en'),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    const losers = answers.filter((response) => response.statusCode !== 201);
    expect(losers).toHaveLength(19);
    for (const loser of losers) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json()).toMatchObject({
        code: 'slot_taken',
        message: 'This time was just taken by someone else: please choose another one.',
      });
    }
  });

  it('20 parallel reservations of a group of 6 seats: exactly six', async () => {
    const s = await school(1);
    const teacher = s.teachers[0]!;
    const session = dataOf<ConsultationSession>(
      await as(teacher).post('/api/booking/sessions', {
        teacher_id: teacher.user.id,
        starts_at: new Date(Math.ceil((Date.now() + 5 * DAY) / 3_600_000) * 3_600_000).toISOString(),
        language: 'uk',
      }),
      201,
    );
    const group = (await slots(s.token, 'consultation', '2015-01-01')).slots;
    expect(group).toEqual([expect.objectContaining({ session_id: session.id, seats_left: 6 })]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        visit('POST', `/api/appointment/${s.token}/reservations`, {
          ...person('consultation', '2015-01-01'),
          start: session.starts_at,
          session_id: session.id,
        }),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(14);
    const [row] = await t.db.select().from(bookingSessions).where(eq(bookingSessions.id, session.id));
    expect(row?.seatsTaken).toBe(6);
    expect((await slots(s.token, 'consultation', '2015-01-01')).slots).toEqual([]);
    const inUse = await as(teacher).delete(`/api/booking/sessions/${session.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('session_in_use');
  });
});

describe('the manage link', () => {
  it('shows, moves and cancels a booking; 404 for a wrong link; 409 too_late after the notice', async () => {
    const s = await school(2);
    const answer = await reserveFirst(s.token, 3);
    dataOf(await confirm(s.token, answer));
    const token = await manageToken(answer.reservation_id);
    expect(token).toMatch(/^[\w-]{43}$/);
    const shown = dataOf<ParentBooking>(await visit('GET', `/api/appointment/manage/${token}`));
    expect(shown.status).toBe('confirmed');
    expect((await visit('GET', `/api/appointment/manage/${'y'.repeat(43)}`)).statusCode).toBe(404);
    // The page's token is not a manage link, nor the other way round.
    expect((await visit('GET', `/api/appointment/manage/${s.token}`)).statusCode).toBe(404);
    expect((await visit('GET', `/api/appointment/${token}`)).statusCode).toBe(404);

    const options = dataOf<SlotsAnswer>(await visit('GET', `/api/appointment/manage/${token}/slots`));
    const later = options.slots.find(
      (slot) => new Date(slot.start).getTime() > new Date(shown.starts_at).getTime() + DAY,
    );
    const moved = dataOf<ParentBooking>(
      await visit('POST', `/api/appointment/manage/${token}/move`, { start: later!.start }),
    );
    expect(moved.starts_at).toBe(later!.start);
    expect(moved.teacher_name).toBe(shown.teacher_name);

    const cancelled = dataOf<ParentBooking>(await visit('POST', `/api/appointment/manage/${token}/cancel`));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_by: 'parent' });
    expect((await visit('POST', `/api/appointment/manage/${token}/cancel`)).statusCode).toBe(409);
  });

  it('refuses a change within the notice: too_late, saying to contact the school', async () => {
    const s = await school();
    const answer = await reserveFirst(s.token, 3);
    dataOf(await confirm(s.token, answer));
    const token = await manageToken(answer.reservation_id);
    dataOf(
      await as(s.admin).put('/api/booking/settings', {
        lesson_minutes: 45,
        buffer_minutes: 15,
        booking_notice_minutes: 720,
        change_notice_minutes: 7 * 24 * 60,
        horizon_days: 30,
        group_seats: 6,
      }),
    );
    const late = await visit('POST', `/api/appointment/manage/${token}/cancel`, undefined, 'en');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'too_late' });
    expect(late.json().message).toMatch(/contact the school/);
    const lateMove = await visit('POST', `/api/appointment/manage/${token}/move`, {
      start: answer.booking.starts_at,
    });
    expect(lateMove.statusCode).toBe(409);
  });
});
