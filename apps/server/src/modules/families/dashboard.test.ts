import {
  parentDashboardSchema,
  type FamilySharing,
  type ParentDashboard,
  type Plan,
  type ProtocolTemplate,
  type RoleName,
  type SchoolContacts,
  type SentFamilyLink,
} from '@logoschool/contract';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, lessonMarks, lessonPresentations, lessons, mails } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import { buildApp } from '../../app.ts';
import { buildBooking } from '../../test/booking.ts';
import { buildSchool } from '../../test/exercises.ts';
import {
  EMPTY_CARD,
  buildDiagnosis,
  buildDiagnosticCard,
  buildExercise,
  buildSignedInMember,
  buildSoundFolders,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';
import { diagnosisLinks } from '../diagnostics/index.ts';
import { lessonLinks } from '../lessons/index.ts';
import { issueLink } from '../public-links/index.ts';

const PUBLIC_URL = 'https://school.example';
const t = useTestApp({ PUBLIC_URL });

const as = (who: Member) => apiAs(t.app, who);
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Texts only the teacher or the educator may read: none may reach the family. */
const TEACHER_ONLY = {
  template: 'EDU-template: watch the jaw',
  block: 'EDU-block: mirror work first',
  folder: 'EDU-folder: only with the probe',
  note: 'EDU-note: shy at first',
  request: 'EDU-request: the parent worries',
  diagnosisNote: 'EDU-diagnosis: lisps under stress',
};

/** The token of a dashboard link. */
const tokenOf = (url: string | null) => /\/parent-dashboard-demo\/([\w-]{43})$/.exec(url ?? '')?.[1] ?? '';
const dashboard = (token: string) => t.app.inject({ url: `/api/parent-dashboard/${token}` });
const lastMailTo = async (to: string) => {
  const [row] = await t.db.select().from(mails).where(eq(mails.to, to)).orderBy(desc(mails.id)).limit(1);
  return row;
};

/**
 * A school whose teacher has a Ukrainian-speaking student with a filled plan (every text for the
 * educator marked), two lessons held with marks (2 of 4 said right, then 3 of 3), a lesson running
 * now with its child's screen link, one in three days, one in ten and a diagnosis sent.
 */
async function family(student: Record<string, unknown> = {}) {
  const s = await buildSchool(t.db);
  const parentEmail = `mama-${randomBytes(4).toString('hex')}@example.test`;
  const { sounds, words } = await buildSoundFolders(t.db, s.workspace.id);
  const template = dataOf<ProtocolTemplate>(
    await as(s.moderator).post('/api/templates', {
      title: 'Sound [R]',
      description: TEACHER_ONLY.template,
      blocks: [
        {
          target: 'Articulation',
          category_id: sounds.id,
          description_parents: 'Exercises for the tongue, every day.',
          description_educator: TEACHER_ONLY.block,
          min_presentations: 1,
          max_presentations: 4,
          folders: [
            {
              category_id: words.id,
              description_parents: 'Words with R',
              indications_educator: TEACHER_ONLY.folder,
            },
          ],
        },
      ],
    }),
    201,
  );
  dataOf(await as(s.moderator).post(`/api/templates/${template.id}/review`, { action: 'publish' }));
  const pupil = dataOf<{ id: number }>(
    await as(s.teacher).post('/api/clients', {
      client_name: 'Iryna Kovalenko',
      child_name: 'Marko Kovalenko',
      language: 'uk',
      parent_email: parentEmail,
      comment_for_teacher: TEACHER_ONLY.note,
      parent_request: TEACHER_ONLY.request,
      ...student,
    }),
    201,
  );
  const made = dataOf<Plan>(
    await as(s.teacher).post('/api/protocols', {
      client_id: pupil.id,
      template_id: template.id,
      deadline: '2099-06-30',
    }),
    201,
  );
  const plan = dataOf<Plan>(
    await as(s.teacher).put(`/api/protocols/${made.id}`, {
      deadline: made.deadline,
      blocks: made.blocks.map((block) => ({
        key: block.key,
        folder_id: words.id,
        min_presentations: 1,
        max_presentations: 2,
      })),
    }),
  );
  const blockKey = plan.blocks[0]!.key;
  const exercise = await buildExercise(t.db, s.workspace.id, s.author.user.id);
  const now = Date.now();
  // The plan made its ten lessons undated: five of them get their dates here.
  await t.db.update(lessons).set({ startsAt: null }).where(eq(lessons.protocolId, plan.id));
  const lesson = async (number: number, startsAt: number, finished: boolean) => {
    const [row] = await t.db
      .update(lessons)
      .set({
        startsAt: new Date(startsAt),
        durationMinutes: 45,
        finishedAt: finished ? new Date(startsAt + 45 * MINUTE) : null,
      })
      .where(and(eq(lessons.protocolId, plan.id), eq(lessons.number, number)))
      .returning();
    await t.db
      .insert(lessonPresentations)
      .values({ lessonId: row!.id, blockKey, position: 0, exerciseId: exercise.id });
    return row!;
  };
  const marks = async (lessonId: number, results: ('correct' | 'incorrect' | 'cued')[]) =>
    t.db
      .insert(lessonMarks)
      .values(
        results.map((result, index) => ({ lessonId, exerciseId: exercise.id, trial: index + 1, result })),
      );
  const first = await lesson(1, now - 7 * DAY, true);
  await marks(first.id, ['correct', 'incorrect', 'cued', 'correct']);
  const second = await lesson(2, now - 2 * DAY, true);
  await marks(second.id, ['correct', 'correct', 'correct']);
  const running = await lesson(3, now - 10 * MINUTE, false);
  const soon = await lesson(4, now + 3 * DAY, false);
  const later = await lesson(5, now + 10 * DAY, false);
  const issuer = { workspaceId: s.workspace.id, userId: s.teacher.user.id };
  const { token: sessionToken } = await issueLink(t.db, issuer, lessonLinks, running.id);
  // The lesson in three days has a live link too: not its time yet, so the family does not get it.
  await issueLink(t.db, issuer, lessonLinks, soon.id);

  const card = await buildDiagnosticCard(t.db, s.workspace.id, s.moderator.user.id, EMPTY_CARD);
  const diagnosis = await buildDiagnosis(t.db, {
    workspaceId: s.workspace.id,
    cardId: card.id,
    clientId: pupil.id,
    filledBy: s.teacher.user.id,
    diagnosedOn: '2026-10-01',
    notes: TEACHER_ONLY.diagnosisNote,
    status: 'sent',
    sentAt: new Date(),
  });
  const { token: diagnosisToken } = await issueLink(t.db, issuer, diagnosisLinks, diagnosis.id);
  // A draft diagnosis never reaches the family.
  await buildDiagnosis(t.db, {
    workspaceId: s.workspace.id,
    cardId: card.id,
    clientId: pupil.id,
    filledBy: s.teacher.user.id,
  });

  const link = dataOf<FamilySharing>(await as(s.teacher).post(`/api/clients/${pupil.id}/link`));
  return {
    ...s,
    pupil,
    plan,
    parentEmail,
    token: tokenOf(link.url),
    link,
    sessionToken,
    diagnosisToken,
    lessons: { first, second, running, soon, later },
  };
}

/** Every key path of a JSON value: `a.b`, array items as `a[].b`. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => keysOf(item, `${prefix}[]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...keysOf(inner, path)];
  });
}

/** Every field the family's answer may carry. A new one fails here until it is looked at. */
const ALLOWED_KEYS = [
  'language',
  'child_name',
  'time_zone',
  'therapist_name',
  'school',
  'school.name',
  'school.email',
  'school.phone',
  'chat',
  'chat.script_url',
  'chat.host',
  'chat.token',
  'next_lessons',
  'next_lessons[].starts_at',
  'next_lessons[].duration_minutes',
  'next_lessons[].child_screen',
  'plan',
  'plan.template_title',
  'plan.deadline',
  'plan.lessons',
  'plan.blocks',
  'plan.blocks[].target',
  'plan.blocks[].description',
  'plan.blocks[].at_home',
  'lessons_held',
  'lessons_held[].date',
  'lessons_held[].tries',
  'lessons_held[].said_right',
  'trend',
  'diagnoses',
  'diagnoses[].card_title',
  'diagnoses[].diagnosed_on',
  'diagnoses[].page',
  'diagnoses[].progress_page',
].sort();

describe("the family's dashboard", () => {
  it("shows the child's next lessons, plan, lessons held, diagnoses and the school, in the child's language", async () => {
    const f = await family();
    const response = await dashboard(f.token);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = dataOf<ParentDashboard>(response);
    expect(parentDashboardSchema.parse(data)).toEqual(data);
    expect(data).toMatchObject({
      language: 'uk',
      child_name: 'Marko',
      // No booking brought this student: the page uses the browser's zone.
      time_zone: null,
      therapist_name: 'Tetiana Teacher',
      school: { name: f.workspace.title, email: '', phone: '' },
      chat: null,
      plan: {
        template_title: 'Sound [R]',
        deadline: '2099-06-30',
        lessons: 10,
        blocks: [
          {
            target: 'Articulation',
            description: 'Exercises for the tongue, every day.',
            at_home: 'Words with R',
          },
        ],
      },
      trend: 'better',
      diagnoses: [
        {
          card_title: 'Speech screening',
          diagnosed_on: '2026-10-01',
          page: `/dc-preview/${f.diagnosisToken}`,
          progress_page: `/progress-preview/${f.diagnosisToken}`,
        },
      ],
    });
    // The running lesson first, with the child's screen; the next ones without it.
    expect(data.next_lessons).toEqual([
      {
        starts_at: f.lessons.running.startsAt!.toISOString(),
        duration_minutes: 45,
        child_screen: `/client-session/${f.sessionToken}`,
      },
      { starts_at: f.lessons.soon.startsAt!.toISOString(), duration_minutes: 45, child_screen: null },
      { starts_at: f.lessons.later.startsAt!.toISOString(), duration_minutes: 45, child_screen: null },
    ]);
    expect(data.lessons_held).toEqual([
      { date: f.lessons.first.finishedAt!.toISOString(), tries: 4, said_right: 2 },
      { date: f.lessons.second.finishedAt!.toISOString(), tries: 3, said_right: 3 },
    ]);
  });

  it('carries only the fields it lists, and no teacher-only text', async () => {
    const f = await family();
    const admin = await buildSignedInMember(t.db, f.workspace, 'admin');
    dataOf(
      await as(admin).put('/api/school-contacts', {
        email: 'hello@school.example',
        phone: '+380 44 123 45 67',
      }),
    );
    const app = await buildApp({
      config: testConfig({
        PUBLIC_URL,
        CHAT_SCRIPT_URL: 'https://chat.example/widget.js',
        CHAT_HOST: 'https://chat.example',
        CHAT_TOKEN: 'public-widget-token',
      }),
      database: t.testDb.database,
    });
    await app.ready();
    const body = (await app.inject({ url: `/api/parent-dashboard/${f.token}` })).body;
    await app.close();
    const data = (JSON.parse(body) as { data: ParentDashboard }).data;
    expect(data.school).toEqual({
      name: f.workspace.title,
      email: 'hello@school.example',
      phone: '+380441234567',
    });
    expect(data.chat).toEqual({
      script_url: 'https://chat.example/widget.js',
      host: 'https://chat.example',
      token: 'public-widget-token',
    });
    // Every field is filled here (nothing null or empty hides a key), so the walk sees them all.
    expect([...new Set(keysOf(data))].sort()).toEqual(ALLOWED_KEYS);
    for (const text of Object.values(TEACHER_ONLY)) expect(body).not.toContain(text);
    expect(body).not.toContain(f.parentEmail);
    expect(body).not.toContain('Kovalenko');
    expect(body).not.toContain(f.teacher.user.email);
    expect(body).not.toMatch(/"id"|_id"/);
  });

  it("gives the parent's time zone from the booking that brought the student", async () => {
    const f = await family();
    const { id } = await buildBooking(t.db, {
      workspaceId: f.workspace.id,
      teacherId: f.teacher.user.id,
      timeZone: 'America/New_York',
    });
    await t.db.execute(sql`update bookings set client_id = ${f.pupil.id} where id = ${id}`);
    expect(dataOf<ParentDashboard>(await dashboard(f.token)).time_zone).toBe('America/New_York');
  });

  it("gives the child's screen only while its link is live, and says so when there is nothing yet", async () => {
    const f = await family();
    dataOf(await as(f.teacher).delete(`/api/lesson/${f.lessons.running.id}/link`));
    const data = dataOf<ParentDashboard>(await dashboard(f.token));
    expect(data.next_lessons[0]?.child_screen).toBeNull();

    // A student with nothing yet: empty lists, no plan, no trend.
    const other = dataOf<{ id: number }>(
      await as(f.teacher).post('/api/clients', { client_name: 'Anna', child_name: 'Sofiia', language: 'en' }),
      201,
    );
    const link = dataOf<FamilySharing>(await as(f.teacher).post(`/api/clients/${other.id}/link`));
    expect(dataOf<ParentDashboard>(await dashboard(tokenOf(link.url)))).toMatchObject({
      language: 'en',
      child_name: 'Sofiia',
      next_lessons: [],
      plan: null,
      lessons_held: [],
      trend: null,
      diagnoses: [],
    });
  });

  it('is the one 404 for a made-up token, a withdrawn link, a replaced one and a student gone', async () => {
    const f = await family();
    const invalid = async (token: string) => {
      const response = await dashboard(token);
      expect(response.statusCode, token).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({ code: 'not_found' });
    };
    await invalid('x'.repeat(43));
    await invalid('not a token');
    // Another kind's live token opens nothing here.
    await invalid(f.sessionToken);

    const rotated = dataOf<FamilySharing>(await as(f.teacher).post(`/api/clients/${f.pupil.id}/link/rotate`));
    await invalid(f.token);
    expect((await dashboard(tokenOf(rotated.url))).statusCode).toBe(200);

    dataOf(await as(f.teacher).delete(`/api/clients/${f.pupil.id}/link`));
    await invalid(tokenOf(rotated.url));

    const again = dataOf<FamilySharing>(await as(f.teacher).post(`/api/clients/${f.pupil.id}/link`));
    expect((await dashboard(tokenOf(again.url))).statusCode).toBe(200);
    // The school removes the student (there is no API for it: the CRM's replica, a project's deletion).
    await t.db.delete(clients).where(eq(clients.id, f.pupil.id));
    await invalid(tokenOf(again.url));
  });
});

describe("sharing the dashboard from the student's page", () => {
  const send = (who: Member, clientId: number, body: Record<string, unknown> = {}) =>
    as(who).post(`/api/clients/${clientId}/link/send`, body);

  it("mails the link to the parent's e-mail in the child's language and records when", async () => {
    const f = await family();
    const before = Date.now();
    const sent = dataOf<SentFamilyLink>(await send(f.teacher, f.pupil.id));
    expect(sent).toMatchObject({
      url: f.link.url,
      link_state: 'live',
      email: f.parentEmail,
      mail_delivery: 'outbox',
    });
    expect(new Date(sent.sent_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const mail = await lastMailTo(f.parentEmail);
    expect(mail?.subject).toBe('Сторінка для батьків: Marko');
    expect(mail?.text).toContain(f.link.url!);
    expect(mail?.text).toContain('Tetiana Teacher');
    expect(dataOf<FamilySharing>(await as(f.teacher).get(`/api/clients/${f.pupil.id}/link`))).toEqual({
      ...f.link,
      sent_at: sent.sent_at,
      email: f.parentEmail,
    });
  });

  it('makes the link when there is none, and sends to another address when given', async () => {
    const s = await buildSchool(t.db);
    const pupil = dataOf<{ id: number }>(
      await as(s.teacher).post('/api/clients', {
        client_name: 'Ewa',
        child_name: 'Ola Nowak',
        language: 'pl',
      }),
      201,
    );
    const none = dataOf<FamilySharing>(await as(s.teacher).get(`/api/clients/${pupil.id}/link`));
    expect(none).toMatchObject({ url: null, link_state: 'none', sent_at: null, email: '' });
    const sent = dataOf<SentFamilyLink>(await send(s.teacher, pupil.id, { email: ' Tata@Example.TEST ' }));
    expect(sent).toMatchObject({ link_state: 'live', email: 'tata@example.test' });
    expect((await lastMailTo('tata@example.test'))?.subject).toBe('Strona dla rodziców: Ola');
    expect((await dashboard(tokenOf(sent.url))).statusCode).toBe(200);
  });

  it('sends once per request when two send at once: one link, one record, both answered', async () => {
    const s = await buildSchool(t.db);
    const pupil = dataOf<{ id: number }>(
      await as(s.teacher).post('/api/clients', {
        client_name: 'Ewa',
        child_name: 'Ola',
        language: 'en',
        parent_email: 'ewa-both@example.test',
      }),
      201,
    );
    const [first, second] = await Promise.all([send(s.teacher, pupil.id), send(s.teacher, pupil.id)]);
    const a = dataOf<SentFamilyLink>(first!);
    const b = dataOf<SentFamilyLink>(second!);
    // The student's row orders the two: the second gives the link the first made.
    expect(a.url).toBe(b.url);
    const links = await t.db.execute(
      sql`select count(*)::int as n from public_links where kind = 'family' and subject_id = ${pupil.id}`,
    );
    expect((links as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    const rows = await t.db.execute(
      sql`select count(*)::int as n from family_dashboards where client_id = ${pupil.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('refuses without an address (422) and a malformed one, sending nothing', async () => {
    const s = await buildSchool(t.db);
    const pupil = dataOf<{ id: number }>(
      await as(s.teacher).post('/api/clients', { client_name: 'Ewa', child_name: 'Ola', language: 'en' }),
      201,
    );
    const missing = await send(s.teacher, pupil.id);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['email']);
    const malformed = await send(s.teacher, pupil.id, { email: 'not-an-address' });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(['email']);
    expect((await send(s.teacher, pupil.id, { email: 'a@b.test', extra: 1 })).statusCode).toBe(422);
    expect(dataOf<FamilySharing>(await as(s.teacher).get(`/api/clients/${pupil.id}/link`)).link_state).toBe(
      'none',
    );
  });

  it('is 401 without a token, 403 for the roles that keep no students, 404 for another teacher’s or project’s student', async () => {
    const f = await family();
    const calls = (who: Member, clientId: number, options = {}) => [
      as(who).get(`/api/clients/${clientId}/link`, options),
      as(who).post(`/api/clients/${clientId}/link`, undefined, options),
      as(who).post(`/api/clients/${clientId}/link/rotate`, undefined, options),
      as(who).post(`/api/clients/${clientId}/link/send`, {}, options),
      as(who).delete(`/api/clients/${clientId}/link`, options),
    ];
    for (const response of await Promise.all(calls(f.teacher, f.pupil.id, { token: null })))
      expect(response.statusCode).toBe(401);
    // An admin acts as a manager would; a diagnostician as a teacher (below: not her student, 404).
    const roles: RoleName[] = ['author', 'moderator', 'manager', 'admin'];
    for (const role of roles) {
      const member = await buildSignedInMember(t.db, f.workspace, role);
      for (const response of await Promise.all(calls(member, f.pupil.id)))
        expect(response.statusCode, role).toBe(403);
    }
    const otherTeacher = await buildSignedInMember(t.db, f.workspace, 'teacher');
    for (const response of await Promise.all(calls(otherTeacher, f.pupil.id)))
      expect(response.statusCode).toBe(404);
    const elsewhere = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
    for (const response of await Promise.all(calls(elsewhere, f.pupil.id)))
      expect(response.statusCode).toBe(404);
    // The family's link is untouched by all of it.
    expect((await dashboard(f.token)).statusCode).toBe(200);
  });
});

describe("the school's contacts", () => {
  it('are kept by root and admins, checked, and cleared with empty text', async () => {
    const workspace = await buildWorkspace(t.db);
    const admin = await buildSignedInMember(t.db, workspace, 'admin');
    expect(dataOf<SchoolContacts>(await as(admin).get('/api/school-contacts'))).toEqual({
      email: '',
      phone: '',
    });
    expect(
      dataOf<SchoolContacts>(
        await as(admin).put('/api/school-contacts', {
          email: ' Hello@School.Example ',
          phone: '+48 (22) 123-45-67',
        }),
      ),
    ).toEqual({ email: 'hello@school.example', phone: '+48221234567' });
    const bad = await as(admin).put('/api/school-contacts', { email: 'nope', phone: '0501234567' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'phone']);
    expect((await as(admin).put('/api/school-contacts', { email: 'a@b.test' })).statusCode).toBe(422);
    expect(dataOf<SchoolContacts>(await as(admin).get('/api/school-contacts')).email).toBe(
      'hello@school.example',
    );
    const root = await buildSignedInMember(t.db, workspace, 'root');
    expect(
      dataOf<SchoolContacts>(await as(root).put('/api/school-contacts', { email: '', phone: '' })),
    ).toEqual({ email: '', phone: '' });
  });

  it('are 401 without a token and 403 for every other role', async () => {
    const workspace = await buildWorkspace(t.db);
    const admin = await buildSignedInMember(t.db, workspace, 'admin');
    expect((await as(admin).get('/api/school-contacts', { token: null })).statusCode).toBe(401);
    for (const role of ['teacher', 'manager', 'moderator', 'author', 'diagnostician'] as RoleName[]) {
      const member = await buildSignedInMember(t.db, workspace, role);
      expect((await as(member).get('/api/school-contacts')).statusCode, role).toBe(403);
      expect((await as(member).put('/api/school-contacts', { email: '', phone: '' })).statusCode, role).toBe(
        403,
      );
    }
  });
});
