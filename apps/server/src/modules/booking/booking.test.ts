import type {
  Availability,
  BookingSettings,
  ConsultationSession,
  TeacherAvailability,
} from '@logoschool/contract';
import { DEFAULT_BOOKING_SETTINGS } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';

const t = useTestApp();

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
  languages: ['uk', 'en'],
  free_lessons: true,
  consultation_groups: true,
};

async function school() {
  const workspace = await buildWorkspace(t.db);
  const [admin, manager, teacher, other] = [
    await buildSignedInMember(t.db, workspace, 'admin'),
    await buildSignedInMember(t.db, workspace, 'manager'),
    await buildSignedInMember(t.db, workspace, 'teacher'),
    await buildSignedInMember(t.db, workspace, 'teacher'),
  ];
  return { workspace, admin, manager, teacher, other };
}

/** An hour's start `days` from now. */
const inDays = (days: number) =>
  new Date(Math.ceil((Date.now() + days * DAY) / 3_600_000) * 3_600_000).toISOString();

describe('booking settings', () => {
  it('answers the defaults, then what the admin saved; 401, 403, 422', async () => {
    const s = await school();
    expect(dataOf<BookingSettings>(await as(s.admin).get('/api/booking/settings'))).toEqual(
      DEFAULT_BOOKING_SETTINGS,
    );
    const changed = { ...DEFAULT_BOOKING_SETTINGS, lesson_minutes: 60, group_seats: 8 };
    expect(dataOf<BookingSettings>(await as(s.admin).put('/api/booking/settings', changed))).toEqual(changed);
    expect(dataOf<BookingSettings>(await as(s.admin).get('/api/booking/settings'))).toEqual(changed);

    expect((await apiAs(t.app, s.admin, { token: null }).get('/api/booking/settings')).statusCode).toBe(401);
    expect((await as(s.teacher).get('/api/booking/settings')).statusCode).toBe(403);
    const bad = await as(s.admin).put('/api/booking/settings', { ...changed, lesson_minutes: 30 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('lesson_minutes');
  });

  it("issues the page's link for the caller's own project only", async () => {
    const s = await school();
    const link = dataOf<{ url: string; link_state: string }>(
      await as(s.admin).post(`/api/booking/projects/${s.workspace.id}/link`),
    );
    expect(link.link_state).toBe('live');
    expect(link.url).toMatch(/\/appointment\/[\w-]{43}$/);
    const foreign = await school();
    const response = await as(s.admin).post(`/api/booking/projects/${foreign.workspace.id}/link`, undefined, {
      workspace: foreign.workspace,
    });
    expect([403, 404]).toContain(response.statusCode);
  });
});

describe('availability', () => {
  it('lists every teacher for a manager, herself for a teacher, with an empty default', async () => {
    const s = await school();
    const all = dataOf<TeacherAvailability[]>(await as(s.manager).get('/api/booking/teachers'));
    expect(all.map((row) => row.teacher_id).sort()).toEqual([s.teacher.user.id, s.other.user.id].sort());
    expect(all[0]).toMatchObject({ time_zone: 'Europe/Kyiv', weekly: [], free_lessons: false, upcoming: 0 });
    const own = dataOf<TeacherAvailability[]>(await as(s.teacher).get('/api/booking/teachers'));
    expect(own.map((row) => row.teacher_id)).toEqual([s.teacher.user.id]);
  });

  it('keeps a teacher her own hours; 404 for another teacher, a non-teacher or another project', async () => {
    const s = await school();
    const url = `/api/booking/availability/${s.teacher.user.id}`;
    expect(dataOf<Availability>(await as(s.teacher).put(url, HOURS))).toEqual(HOURS);
    expect(dataOf<Availability>(await as(s.manager).get(url))).toEqual(HOURS);
    expect((await as(s.other).get(url)).statusCode).toBe(404);
    expect((await as(s.manager).get(`/api/booking/availability/${s.admin.user.id}`)).statusCode).toBe(404);
    const foreign = await school();
    expect((await as(s.manager).get(`/api/booking/availability/${foreign.teacher.user.id}`)).statusCode).toBe(
      404,
    );
    expect((await as(s.admin).get(url)).statusCode).toBe(200);
    const overlapping = await as(s.teacher).put(url, {
      ...HOURS,
      weekly: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '13:00' },
      ],
    });
    expect(overlapping.statusCode).toBe(422);
    const nul = await as(s.teacher).put(url, { ...HOURS, time_zone: 'Europe/\u0000London' });
    expect(nul.statusCode).toBe(422);
    expect((await apiAs(t.app, s.teacher, { token: null }).get(url)).statusCode).toBe(401);
  });
});

describe('consultation sessions', () => {
  it('makes, lists and deletes a group; 422 without groups or the language; 409 over another', async () => {
    const s = await school();
    await as(s.teacher).put(`/api/booking/availability/${s.teacher.user.id}`, HOURS);
    const starts = inDays(3);
    const made = dataOf<ConsultationSession>(
      await as(s.manager).post('/api/booking/sessions', {
        teacher_id: s.teacher.user.id,
        starts_at: starts,
        language: 'uk',
      }),
      201,
    );
    expect(made).toMatchObject({ seats: 6, seats_taken: 0, teacher_id: s.teacher.user.id });
    expect(new Date(made.ends_at).getTime() - new Date(made.starts_at).getTime()).toBe(60 * 60_000);

    const overlap = await as(s.teacher).post('/api/booking/sessions', {
      teacher_id: s.teacher.user.id,
      starts_at: new Date(new Date(starts).getTime() + 30 * 60_000).toISOString(),
      language: 'en',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('slot_taken');

    const noLanguage = await as(s.teacher).post('/api/booking/sessions', {
      teacher_id: s.teacher.user.id,
      starts_at: inDays(4),
      language: 'pl',
    });
    expect(noLanguage.statusCode).toBe(422);
    const noGroups = await as(s.manager).post('/api/booking/sessions', {
      teacher_id: s.other.user.id,
      starts_at: inDays(4),
      language: 'uk',
    });
    expect(noGroups.statusCode).toBe(422);
    const forOther = await as(s.teacher).post('/api/booking/sessions', {
      teacher_id: s.other.user.id,
      starts_at: inDays(4),
      language: 'uk',
    });
    expect(forOther.statusCode).toBe(404);

    const listed = dataOf<ConsultationSession[]>(await as(s.teacher).get('/api/booking/sessions'));
    expect(listed.map((row) => row.id)).toEqual([made.id]);
    expect(dataOf<ConsultationSession[]>(await as(s.other).get('/api/booking/sessions'))).toEqual([]);

    const foreign = await school();
    expect((await as(foreign.manager).delete(`/api/booking/sessions/${made.id}`)).statusCode).toBe(404);
    expect((await as(s.admin).delete(`/api/booking/sessions/${made.id}`)).statusCode).toBe(200);
    expect(dataOf<ConsultationSession[]>(await as(s.teacher).get('/api/booking/sessions'))).toEqual([]);
  });
});
