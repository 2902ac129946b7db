import type {
  FamilyReferral,
  ReferralDetail,
  ReferralRow,
  ReservationAnswer,
  SlotsAnswer,
} from '@logoschool/contract';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../booking/index.ts';
import { EVERY_ROLE, apiAs, expectAllowed } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import { referralBookings, referralCodes, referralLinks } from './referrals.schema.ts';

const t = useTestApp({ PUBLIC_URL: 'https://school.example' });

const as = (who: Member) => apiAs(t.app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};
/** A public call, in the parent's language. */
const visit = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'accept-language': 'en' }, ...(payload ? { payload } : {}) });

const HOURS = {
  time_zone: 'Europe/London',
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
  exceptions: [],
  languages: ['uk'],
  free_lessons: true,
  consultation_groups: true,
};

/** A school with booking on: admin, manager, a teacher with hours; the booking page's token. */
async function school() {
  const workspace = await buildWorkspace(t.db);
  const admin = await buildSignedInMember(t.db, workspace, 'admin');
  const manager = await buildSignedInMember(t.db, workspace, 'manager');
  const teacher = await buildSignedInMember(t.db, workspace, 'teacher');
  dataOf(await as(teacher).put(`/api/booking/availability/${teacher.user.id}`, HOURS));
  const link = dataOf<{ url: string }>(await as(admin).post(`/api/booking/projects/${workspace.id}/link`));
  return { workspace, admin, manager, teacher, page: link.url.split('/').pop() ?? '' };
}

type School = Awaited<ReturnType<typeof school>>;

/** A student of the school's teacher with parent contacts of its own. */
async function student(
  s: School,
  child = 'Taras Shevchuk',
  contacts: { email?: string; phone?: string } = {},
) {
  const unique = randomBytes(4).toString('hex');
  return dataOf<{ id: number }>(
    await as(s.teacher).post('/api/clients', {
      client_name: `Olena ${unique}`,
      child_name: child,
      parent_email: contacts.email ?? `family-${unique}@example.test`,
      parent_phone: contacts.phone ?? `+3805${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    }),
    201,
  ).id;
}

/** The family's dashboard token (its teacher issues the link). */
async function dashboardToken(s: School, clientId: number) {
  const link = dataOf<{ url: string }>(await as(s.teacher).post(`/api/clients/${clientId}/link`));
  return link.url.split('/').pop() ?? '';
}

const readReferral = async (token: string) =>
  dataOf<FamilyReferral>(await visit('GET', `/api/parent-dashboard/${token}/referral`));

/** Reserves and confirms the first free lesson on the page, with `ref` and the parent's contacts. */
async function book(
  page: string,
  ref: string | undefined,
  contacts: { email?: string; phone?: string } = {},
) {
  const free = dataOf<SlotsAnswer>(
    await visit('GET', `/api/appointment/${page}/slots?kind=free_lesson&language=uk&birthdate=2019-03-01`),
  );
  const unique = randomBytes(4).toString('hex');
  for (const slot of free.slots) {
    const response = await visit('POST', `/api/appointment/${page}/reservations`, {
      kind: 'free_lesson',
      parent_name: `Iryna ${unique}`,
      email: contacts.email ?? `friend-${unique}@example.test`,
      phone: contacts.phone ?? `+9725${String(parseInt(unique, 16) % 1e8).padStart(8, '0')}`,
      country: 'IL',
      time_zone: 'Asia/Jerusalem',
      language: 'uk',
      child_name: `Marko ${unique}`,
      birthdate: '2019-03-01',
      theme_ids: [],
      start: slot.start,
      ...(ref === undefined ? {} : { ref }),
    });
    if (response.statusCode === 409) continue;
    const answer = dataOf<ReservationAnswer>(response, 201);
    dataOf(
      await visit('POST', `/api/appointment/${page}/reservations/${answer.reservation_id}/confirm`, {
        confirm_key: answer.confirm_key,
      }),
    );
    return answer.reservation_id;
  }
  throw new Error('no free slot');
}

const convert = (s: School, bookingId: number) =>
  as(s.teacher).post('/api/appointment/client', { booking_id: bookingId });

const codeOf = (url: string | null) => new URL(url ?? 'https://x/').searchParams.get('ref') ?? '';

/** A referrer family A and its friend B who came through A's link and became a student. */
async function referred(s: School) {
  const a = await student(s, 'Anna Petrenko');
  const token = await dashboardToken(s, a);
  const ref = codeOf((await readReferral(token)).url);
  const bookingId = await book(s.page, ref);
  const b = dataOf<{ client_id: number }>(await convert(s, bookingId), 201).client_id;
  return { a, b, token, ref, bookingId };
}

describe("a family's referral on its dashboard", () => {
  it('gives the booking page with its own code, apart from the dashboard token; why none when booking is off', async () => {
    const s = await school();
    const a = await student(s);
    const token = await dashboardToken(s, a);
    const first = await readReferral(token);
    expect(first.url).toMatch(
      new RegExp(`^https://school\\.example/appointment/${s.page}\\?ref=[A-Za-z0-9_-]{43}$`),
    );
    expect(codeOf(first.url)).not.toBe(token);
    expect(first).toMatchObject({ unavailable: null, bonus: 0, reasons: [], brought: [], brought_by: null });
    // The same code each time; the code does not open the dashboard.
    expect((await readReferral(token)).url).toBe(first.url);
    expect((await visit('GET', `/api/parent-dashboard/${codeOf(first.url)}/referral`)).statusCode).toBe(404);

    dataOf(await as(s.admin).delete(`/api/booking/projects/${s.workspace.id}/link`));
    expect(await readReferral(token)).toMatchObject({ url: null, unavailable: 'booking_off' });
  });

  it("answers the kit's one 404 for a made-up or withdrawn dashboard link", async () => {
    const s = await school();
    const a = await student(s);
    const token = await dashboardToken(s, a);
    const madeUp = await visit('GET', `/api/parent-dashboard/${'x'.repeat(43)}/referral`);
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.headers['cache-control']).toBe('no-store');
    dataOf(await as(s.teacher).delete(`/api/clients/${a}/link`));
    expect((await visit('GET', `/api/parent-dashboard/${token}/referral`)).statusCode).toBe(404);
  });

  it('links a booking made through the link to its referrer once it is a student: 2 sessions each, first names only', async () => {
    const s = await school();
    const { a, b, token } = await referred(s);
    const mine = await readReferral(token);
    expect(mine.bonus).toBe(2);
    expect(mine.brought).toEqual([{ first_name: 'Marko' }]);
    expect(mine.reasons).toEqual([
      { kind: 'friend_joined', sessions: 2, first_name: 'Marko', at: expect.any(String) },
    ]);
    expect(JSON.stringify(mine)).not.toMatch(/Iryna|friend-|@/);

    const friend = dataOf<ReferralDetail>(await as(s.manager).get(`/api/referrals/${b}`));
    expect(friend).toMatchObject({
      bonus: 2,
      linked_by: 'booking',
      referrer: { client_id: a, child_name: 'Anna Petrenko' },
    });
    const friendToken = await dashboardToken(s, b);
    expect(await readReferral(friendToken)).toMatchObject({ bonus: 2, brought_by: 'Anna' });
  });

  it("gives the first referrer 1 more when a friend's friend joins", async () => {
    const s = await school();
    const { a, b } = await referred(s);
    const friendRef = codeOf((await readReferral(await dashboardToken(s, b))).url);
    const c = dataOf<{ client_id: number }>(await convert(s, await book(s.page, friendRef)), 201).client_id;
    const detail = async (id: number) =>
      dataOf<ReferralDetail>(await as(s.manager).get(`/api/referrals/${id}`));
    expect((await detail(a)).bonus).toBe(3);
    expect((await detail(b)).bonus).toBe(4);
    expect((await detail(c)).bonus).toBe(2);
    expect((await detail(a)).reasons.map((reason) => reason.kind)).toEqual([
      'friend_joined',
      'friends_friend_joined',
    ]);
  });

  it('ignores an unknown, withdrawn or own code: the booking goes through and links nobody', async () => {
    const s = await school();
    const a = await student(s, 'Anna Petrenko', { email: 'same@example.test', phone: '+380501111111' });
    const token = await dashboardToken(s, a);
    const ref = codeOf((await readReferral(token)).url);

    const unknown = await book(s.page, 'y'.repeat(43));
    const own = await book(s.page, ref, { email: 'SAME@example.test' });
    dataOf(await as(s.manager).post(`/api/referrals/${a}/code/rotate`));
    const withdrawn = await book(s.page, ref);
    for (const bookingId of [unknown, own, withdrawn]) {
      dataOf(await convert(s, bookingId), 201);
      expect(
        await t.db.select().from(referralBookings).where(eq(referralBookings.bookingId, bookingId)),
      ).toEqual([]);
    }
    expect(await t.db.select().from(referralLinks).where(eq(referralLinks.referrerClientId, a))).toEqual([]);
    // A new code after the rotation.
    expect(codeOf((await readReferral(token)).url)).not.toBe(ref);
  });

  it('links once when two make a student of the same booking at once', async () => {
    const s = await school();
    const a = await student(s);
    const ref = codeOf((await readReferral(await dashboardToken(s, a))).url);
    const bookingId = await book(s.page, ref);
    const answers = await Promise.all([convert(s, bookingId), convert(s, bookingId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(referralLinks).where(eq(referralLinks.referrerClientId, a))).toHaveLength(
      1,
    );
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking?.clientId).not.toBeNull();
  });

  it('does not let a teacher forge a referral on a student made by hand', async () => {
    const s = await school();
    const a = await student(s);
    const forged = await as(s.teacher).post('/api/clients', {
      client_name: 'Forged Parent',
      child_name: 'Forged Child',
      referrer_client_id: a,
    });
    expect(forged.statusCode).toBe(422);
    expect(
      (await as(s.teacher).post(`/api/referrals/${a}/referrer`, { referrer_client_id: a, reason: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the referrals report', () => {
  it('lists the families, those in a referral first, searched and paged; 401, 403 as the table says', async () => {
    const s = await school();
    await student(s, 'Aaron Alone');
    const { a, b } = await referred(s);
    const page = await as(s.manager).get('/api/referrals', { query: 'per_page=2' });
    expect(page.statusCode, page.body).toBe(200);
    const listed = page.json() as { data: ReferralRow[]; meta: { total: number } };
    expect(listed.meta.total).toBe(3);
    expect(listed.data.map((row) => row.client_id).sort()).toEqual([a, b].sort());
    expect(listed.data.find((row) => row.client_id === a)).toMatchObject({
      referred_count: 1,
      bonus: 2,
      referrer: null,
    });
    const found = (await as(s.manager).get('/api/referrals', { query: 'search=aaron' })).json() as {
      data: ReferralRow[];
    };
    expect(found.data.map((row) => row.child_name)).toEqual(['Aaron Alone']);

    expect((await apiAs(t.app, s.manager, { token: null }).get('/api/referrals')).statusCode).toBe(401);
    for (const role of EVERY_ROLE) {
      const member = await buildSignedInMember(t.db, s.workspace, role);
      expectAllowed(await as(member).get('/api/referrals'), ['root', 'manager', 'admin'].includes(role));
      expectAllowed(await as(member).get(`/api/referrals/${a}`), ['root', 'manager', 'admin'].includes(role));
    }
  });

  it("answers 404 for another project's student, 401 without a token, 403 for a teacher on every change", async () => {
    const s = await school();
    const other = await school();
    const foreign = await student(other);
    const own = await student(s);
    const calls = [
      ['GET', `/api/referrals/${foreign}`, undefined],
      ['POST', `/api/referrals/${foreign}/events`, { kind: 'renewal', on: '2026-11-01' }],
      ['POST', `/api/referrals/${foreign}/bonuses`, { kind: 'grant', sessions: 1, reason: 'thanks' }],
      ['POST', `/api/referrals/${foreign}/referrer`, { referrer_client_id: own, reason: 'said so' }],
      ['POST', `/api/referrals/${own}/referrer`, { referrer_client_id: foreign, reason: 'said so' }],
      ['POST', `/api/referrals/${foreign}/code/rotate`, undefined],
      ['POST', `/api/referrals/${foreign}/events/1/removal`, { reason: 'wrong' }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await as(s.manager).request(method, url, body)).statusCode, url).toBe(404);
      expect((await apiAs(t.app, s.manager, { token: null }).request(method, url, body)).statusCode).toBe(
        401,
      );
      expect((await as(s.teacher).request(method, url, body)).statusCode).toBe(403);
    }
  });

  it('records a renewal and a repeat payment (the referrer gets 1 each), refuses the same twice, removes one with a reason', async () => {
    const s = await school();
    const { a, b } = await referred(s);
    const renewal = dataOf<ReferralDetail>(
      await as(s.manager).post(`/api/referrals/${b}/events`, {
        kind: 'renewal',
        on: '2026-11-20',
        note: 'second course',
      }),
    );
    expect(renewal.history[0]).toMatchObject({
      kind: 'renewal',
      on: '2026-11-20',
      note: 'second course',
      removed: false,
      by: s.manager.user.name,
    });
    dataOf(await as(s.manager).post(`/api/referrals/${b}/events`, { kind: 'payment', on: '2026-11-20' }));
    const again = await as(s.manager).post(`/api/referrals/${b}/events`, {
      kind: 'renewal',
      on: '2026-11-20',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already recorded/);
    const referrer = async () => dataOf<ReferralDetail>(await as(s.manager).get(`/api/referrals/${a}`));
    expect((await referrer()).bonus).toBe(4);

    const entry = renewal.history[0]?.id ?? 0;
    const noReason = await as(s.manager).post(`/api/referrals/${b}/events/${entry}/removal`, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toHaveProperty('reason');
    const removed = dataOf<ReferralDetail>(
      await as(s.manager).post(`/api/referrals/${b}/events/${entry}/removal`, {
        reason: 'recorded by mistake',
      }),
    );
    expect(removed.history.find((row) => row.id === entry)?.removed).toBe(true);
    expect(removed.history.find((row) => row.kind === 'removal')).toMatchObject({
      removes: entry,
      note: 'recorded by mistake',
    });
    expect((await referrer()).bonus).toBe(3);
    expect(
      (await as(s.manager).post(`/api/referrals/${b}/events/${entry}/removal`, { reason: 'again' }))
        .statusCode,
    ).toBe(409);
    // The same day may be recorded again once the first was taken back.
    dataOf(await as(s.manager).post(`/api/referrals/${b}/events`, { kind: 'renewal', on: '2026-11-20' }));
    expect((await referrer()).bonus).toBe(4);
  });

  it('refuses bad events: kind, day, unknown fields; another student’s entry is 404', async () => {
    const s = await school();
    const { b } = await referred(s);
    const other = await student(s);
    for (const body of [
      { kind: 'refund', on: '2026-11-20' },
      { kind: 'renewal', on: '2026-02-30' },
      { kind: 'renewal' },
      { kind: 'renewal', on: '2026-11-20', extra: true },
      { kind: 'renewal', on: '2026-11-20', note: 'x'.repeat(501) },
    ]) {
      expect(
        (await as(s.manager).post(`/api/referrals/${b}/events`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(422);
    }
    const recorded = dataOf<ReferralDetail>(
      await as(s.manager).post(`/api/referrals/${b}/events`, { kind: 'payment', on: '2026-11-21' }),
    );
    const entry = recorded.history[0]?.id ?? 0;
    expect(
      (await as(s.manager).post(`/api/referrals/${other}/events/${entry}/removal`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('makes one entry when the same renewal is recorded twice at once', async () => {
    const s = await school();
    const { a, b } = await referred(s);
    const answers = await Promise.all([
      as(s.manager).post(`/api/referrals/${b}/events`, { kind: 'renewal', on: '2026-11-22' }),
      as(s.manager).post(`/api/referrals/${b}/events`, { kind: 'renewal', on: '2026-11-22' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(dataOf<ReferralDetail>(await as(s.manager).get(`/api/referrals/${a}`)).bonus).toBe(3);
  });

  it('grants and cancels sessions with a reason, never below zero', async () => {
    const s = await school();
    const a = await student(s);
    const granted = dataOf<ReferralDetail>(
      await as(s.manager).post(`/api/referrals/${a}/bonuses`, {
        kind: 'grant',
        sessions: 3,
        reason: 'a thank-you',
      }),
    );
    expect(granted.bonus).toBe(3);
    expect(granted.reasons).toEqual([{ kind: 'grant', sessions: 3, other: null, at: expect.any(String) }]);
    const over = await as(s.manager).post(`/api/referrals/${a}/bonuses`, {
      kind: 'cancel',
      sessions: 4,
      reason: 'used',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.sessions).toEqual(['The family has only 3 bonus lessons.']);
    const cancelled = dataOf<ReferralDetail>(
      await as(s.manager).post(`/api/referrals/${a}/bonuses`, {
        kind: 'cancel',
        sessions: 2,
        reason: 'used two',
      }),
    );
    expect(cancelled.bonus).toBe(1);
    expect(cancelled.history.map((entry) => [entry.kind, entry.sessions, entry.note])).toEqual([
      ['cancel', 2, 'used two'],
      ['grant', 3, 'a thank-you'],
    ]);
    for (const body of [
      { kind: 'grant', sessions: 0, reason: 'x' },
      { kind: 'grant', sessions: 51, reason: 'x' },
      { kind: 'grant', sessions: 1.5, reason: 'x' },
      { kind: 'grant', sessions: 1, reason: '' },
      { kind: 'gift', sessions: 1, reason: 'x' },
    ]) {
      expect(
        (await as(s.manager).post(`/api/referrals/${a}/bonuses`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(422);
    }
  });

  it('links a student by hand once, with a reason: the first referral holds; no self-referral, no loop', async () => {
    const s = await school();
    const a = await student(s, 'Anna Petrenko', { email: 'anna@example.test', phone: '+380501111111' });
    const b = await student(s, 'Bohdan Lysenko');
    const sibling = await student(s, 'Sofia Petrenko', { email: 'ANNA@example.test' });
    const c = await student(s, 'Chrystia Bondar');

    const self = await as(s.manager).post(`/api/referrals/${a}/referrer`, {
      referrer_client_id: a,
      reason: 'x',
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.referrer_client_id).toEqual([expect.stringMatching(/own referrer/)]);
    expect(
      (await as(s.manager).post(`/api/referrals/${sibling}/referrer`, { referrer_client_id: a, reason: 'x' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await as(s.manager).post(`/api/referrals/${b}/referrer`, { referrer_client_id: a })).statusCode,
    ).toBe(422);

    const linked = dataOf<ReferralDetail>(
      await as(s.manager).post(`/api/referrals/${b}/referrer`, {
        referrer_client_id: a,
        reason: 'told us on the phone',
      }),
    );
    expect(linked).toMatchObject({ bonus: 2, linked_by: 'manager', referrer: { client_id: a } });
    expect(linked.history[0]).toMatchObject({
      kind: 'linked',
      note: 'told us on the phone',
      by: s.manager.user.name,
    });
    const twice = await as(s.manager).post(`/api/referrals/${b}/referrer`, {
      referrer_client_id: c,
      reason: 'x',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/first referral holds/);
    const loop = await as(s.manager).post(`/api/referrals/${a}/referrer`, {
      referrer_client_id: b,
      reason: 'x',
    });
    expect(loop.statusCode).toBe(422);
    expect(dataOf<ReferralDetail>(await as(s.manager).get(`/api/referrals/${a}`)).bonus).toBe(2);
  });

  it('links once when two managers link the same student at once', async () => {
    const s = await school();
    const a = await student(s);
    const b = await student(s);
    const c = await student(s);
    const answers = await Promise.all([
      as(s.manager).post(`/api/referrals/${c}/referrer`, { referrer_client_id: a, reason: 'one' }),
      as(s.admin).post(`/api/referrals/${c}/referrer`, { referrer_client_id: b, reason: 'two' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(referralLinks).where(eq(referralLinks.referredClientId, c))).toHaveLength(
      1,
    );
  });

  it("replaces a family's code: the old one links nobody", async () => {
    const s = await school();
    const a = await student(s);
    const token = await dashboardToken(s, a);
    const before = codeOf((await readReferral(token)).url);
    dataOf(await as(s.manager).post(`/api/referrals/${a}/code/rotate`));
    const codes = await t.db.select().from(referralCodes).where(eq(referralCodes.clientId, a));
    expect(codes.find((row) => row.code === before)?.withdrawnAt).not.toBeNull();
    expect(codeOf((await readReferral(token)).url)).not.toBe(before);
  });
});
