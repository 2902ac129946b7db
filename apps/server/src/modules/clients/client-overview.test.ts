import {
  progressCounts,
  type ClientDuplicate,
  type ClientListItem,
  type ClientPath,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessons, protocols } from '../../db/schema/index.ts';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  EMPTY_CARD,
  addMembership,
  buildDiagnosis,
  buildDiagnosticCard,
  buildSignedInMember,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';
import { buildLessonSchool, dataOf, lessonBody, lessonsOfPlan, readLesson } from '../../test/lessons.ts';

const t = useTestApp();
const as = (who: Member, workspace = who.workspace) => apiAs(t.app, who, { workspace });

const codeOf = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json().code as string;
};

/** A student of the teacher's, made through the API. */
const student = async (who: Member, values: object, workspace = who.workspace) =>
  dataOf<{ id: number }>(
    await as(who, workspace).post('/api/clients', { client_name: 'Parent', child_name: 'Child', ...values }),
    201,
  );

describe('GET /api/clients: the current plan and the next lesson', () => {
  it('names the plan running now with its status, and the next lesson not held yet', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const [first, second, third] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    // The third lesson is the nearest ahead; the second is further; the first was held and finished.
    const date = (id: number, startsAt: string) =>
      t.db
        .update(lessons)
        .set({ startsAt: new Date(startsAt) })
        .where(eq(lessons.id, id));
    await date(second!.id, '2099-06-20T09:00:00.000Z');
    await date(third!.id, '2099-06-10T09:00:00.000Z');
    await t.db
      .update(lessons)
      .set({ startsAt: new Date('2020-01-01T09:00:00Z') })
      .where(eq(lessons.id, first!.id));
    const bare = await student(s.teacher, { child_name: 'Zoia' });

    const rows = dataOf<ClientListItem[]>(await as(s.teacher).get('/api/clients'));
    const marko = rows.find((row) => row.id === s.student.id);
    expect(marko?.current_plan).toEqual({ id: s.plan.id, status: 'active', deadline: '2099-06-30' });
    expect(marko?.next_lesson).toEqual({ id: third!.id, starts_at: '2099-06-10T09:00:00.000Z' });
    expect(rows.find((row) => row.id === bare.id)).toMatchObject({ current_plan: null, next_lesson: null });

    // A finished lesson is not next, however it is dated.
    await t.db.update(lessons).set({ finishedAt: new Date() }).where(eq(lessons.id, third!.id));
    const again = dataOf<ClientListItem[]>(await as(s.teacher).get('/api/clients'));
    expect(again.find((row) => row.id === s.student.id)?.next_lesson?.id).toBe(second!.id);
  });

  it('prefers the running plan to one ended, the nearest running first, and shows an ended one when nothing runs', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const plan = async () =>
      dataOf<{ id: number }>(
        await as(s.teacher).post('/api/protocols', {
          client_id: s.student.id,
          template_id: s.template.id,
          deadline: '2099-01-01',
        }),
        201,
      ).id;
    const later = await plan();
    const ended = await plan();
    await t.db.update(protocols).set({ deadline: '2099-12-31' }).where(eq(protocols.id, later));
    await t.db.update(protocols).set({ deadline: '2001-01-01' }).where(eq(protocols.id, ended));
    const current = async () =>
      dataOf<ClientListItem[]>(await as(s.teacher).get('/api/clients')).find((row) => row.id === s.student.id)
        ?.current_plan;
    // The plan of the school ends 2099-06-30, before the other running one.
    expect(await current()).toEqual({ id: s.plan.id, status: 'active', deadline: '2099-06-30' });
    await t.db.update(protocols).set({ deadline: '2000-01-01' }).where(eq(protocols.id, s.plan.id));
    expect(await current()).toEqual({ id: later, status: 'active', deadline: '2099-12-31' });
    await t.db.update(protocols).set({ deadline: '2000-06-01' }).where(eq(protocols.id, later));
    expect(await current()).toEqual({ id: ended, status: 'expired', deadline: '2001-01-01' });
  });

  it('judges the status in the asked time zone, and refuses one it does not know', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    // Ends today in UTC: still running in UTC; already over where it is tomorrow (or stays today).
    const today = new Date().toISOString().slice(0, 10);
    await t.db.update(protocols).set({ deadline: today }).where(eq(protocols.id, s.plan.id));
    const statusIn = async (zone: string) =>
      dataOf<ClientListItem[]>(
        await as(s.teacher).get('/api/clients', { query: `time_zone=${encodeURIComponent(zone)}` }),
      ).find((row) => row.id === s.student.id)?.current_plan?.status;
    expect(await statusIn('UTC')).toBe('active');
    expect(codeOf(await as(s.teacher).get('/api/clients', { query: 'time_zone=Mars%2FOlympus' }), 422)).toBe(
      'validation_failed',
    );
  });
});

describe('GET /api/clients/duplicates', () => {
  const duplicates = async (who: Member, query: string, workspace = who.workspace) =>
    dataOf<ClientDuplicate[]>(await as(who, workspace).get('/api/clients/duplicates', { query }));

  it("finds the teacher's students with the same child and birthdate, or the same parent's e-mail", async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const sofiia = await student(s.teacher, {
      child_name: 'Sofiia  Koval',
      birthdate: '2019-03-04',
      parent_email: 'Olena@Example.test',
    });
    const namesake = await student(s.teacher, { child_name: 'Sofiia Koval', birthdate: '2018-01-01' });
    const sibling = await student(s.teacher, {
      child_name: 'Petro Koval',
      parent_email: 'olena@example.test',
    });

    const byChild = await duplicates(s.teacher, 'child_name=%20sofiia%20koval&birthdate=2019-03-04');
    expect(byChild.map((row) => [row.id, row.matched])).toEqual([[sofiia.id, ['child']]]);
    expect(byChild[0]).toMatchObject({
      child_name: 'Sofiia  Koval',
      client_name: 'Parent',
      birthdate: '2019-03-04',
    });

    const byEmail = await duplicates(s.teacher, 'parent_email=OLENA%40example.test');
    expect(byEmail.map((row) => row.id)).toEqual([sibling.id, sofiia.id]);

    const both = await duplicates(
      s.teacher,
      'child_name=Sofiia%20Koval&birthdate=2019-03-04&parent_email=olena%40example.test',
    );
    expect(both.map((row) => [row.id, row.matched])).toEqual([
      [sibling.id, ['parent_email']],
      [sofiia.id, ['child', 'parent_email']],
    ]);
    // The student being edited is not its own duplicate; a name without a birthdate matches nothing.
    expect(
      (await duplicates(s.teacher, `parent_email=olena%40example.test&except_id=${sofiia.id}`)).map(
        (row) => row.id,
      ),
    ).toEqual([sibling.id]);
    expect(
      await duplicates(s.teacher, `child_name=Sofiia%20Koval&parent_email=nobody%40example.test`),
    ).toEqual([]);
    expect(namesake.id).toBeGreaterThan(0);
  });

  it("never names another teacher's or another project's students, and 404s for their id", async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const elsewhere = await buildWorkspace(t.db);
    await addMembership(t.db, s.teacher.user, elsewhere, ['teacher']);
    const stranger = await buildSignedInMember(t.db, elsewhere, 'teacher');
    const values = { child_name: 'Ivanka', birthdate: '2019-05-05', parent_email: 'same@example.test' };
    const colleagues = await student(s.otherTeacher, values);
    const strangers = await student(stranger, values);
    const mineElsewhere = await student(s.teacher, values, elsewhere);
    const query = 'child_name=Ivanka&birthdate=2019-05-05&parent_email=same%40example.test';
    expect(await duplicates(s.teacher, query)).toEqual([]);
    expect((await duplicates(s.teacher, query, elsewhere)).map((row) => row.id)).toEqual([mineElsewhere.id]);
    for (const id of [colleagues.id, strangers.id, mineElsewhere.id, 2_000_000_000]) {
      expect(
        codeOf(
          await as(s.teacher).get('/api/clients/duplicates', { query: `${query}&except_id=${id}` }),
          404,
        ),
      ).toBe('not_found');
    }
  });

  it('answers 422 without a name and birthdate or an e-mail, and for a bad date or id', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    for (const query of [
      '',
      'child_name=Ivanka',
      'birthdate=2019-05-05',
      'child_name=I&birthdate=2019-13-40',
      'parent_email=a%40b.test&except_id=x',
    ]) {
      expect(codeOf(await as(s.teacher).get('/api/clients/duplicates', { query }), 422), query).toBe(
        'validation_failed',
      );
    }
  });
});

describe('GET /api/clients/:clientId/path', () => {
  it('lists the lessons held (finished, or with trials marked) with their accuracy, and the diagnoses, the earliest first', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const [first, second, third] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const one = await readLesson(t.app, s.teacher, first!.id);
    dataOf(
      await as(s.teacher).put(
        `/api/lesson/${one.id}`,
        lessonBody(one, [[s.words[0]!], [s.phrases[0]!, s.phrases[1]!]]),
      ),
    );
    const mark = async (lessonId: number, exerciseId: number, result: string) =>
      dataOf(
        await as(s.teacher).post(`/api/lesson/${lessonId}/marks`, {
          exercise_id: exerciseId,
          result,
          ...(result === 'cued' ? { cue: 'verbal' } : {}),
        }),
      );
    for (const result of ['correct', 'correct', 'correct', 'incorrect'])
      await mark(one.id, s.words[0]!, result);
    // The second lesson: marked but never finished, held all the same.
    const two = await readLesson(t.app, s.teacher, second!.id);
    dataOf(
      await as(s.teacher).put(
        `/api/lesson/${two.id}`,
        lessonBody(two, [[s.words[1]!], [s.phrases[1]!, s.phrases[2]!]]),
      ),
    );
    await mark(two.id, s.words[1]!, 'cued');
    // The first was finished on a day before the second was marked.
    await t.db
      .update(lessons)
      .set({ finishedAt: new Date('2026-01-05T10:00:00Z') })
      .where(eq(lessons.id, one.id));
    // The third: finished without a mark (no accuracy); the rest were never held.
    await t.db
      .update(lessons)
      .set({ finishedAt: new Date('2020-02-02T10:00:00Z') })
      .where(eq(lessons.id, third!.id));

    const card = await buildDiagnosticCard(t.db, s.workspace.id, s.moderator.user.id, EMPTY_CARD);
    const early = await buildDiagnosis(t.db, {
      workspaceId: s.workspace.id,
      cardId: card.id,
      clientId: s.student.id,
      filledBy: s.teacher.user.id,
      diagnosedOn: '2025-09-01',
    });
    const draft = await buildDiagnosis(t.db, {
      workspaceId: s.workspace.id,
      cardId: card.id,
      clientId: s.student.id,
      filledBy: s.diagnostician.user.id,
      diagnosedOn: '2026-01-15',
      completedAt: null,
    });
    // Another student's diagnosis is not on this path.
    await buildDiagnosis(t.db, {
      workspaceId: s.workspace.id,
      cardId: card.id,
      clientId: s.otherPlan.client.id,
      filledBy: s.otherTeacher.user.id,
    });

    const path = dataOf<ClientPath>(await as(s.teacher).get(`/api/clients/${s.student.id}/path`));
    expect(path.lessons.map((lesson) => lesson.id)).toEqual([third!.id, one.id, two.id]);
    const [finishedBare, finished, marked] = path.lessons;
    expect(finishedBare).toMatchObject({
      number: 3,
      finished: true,
      correct: 0,
      incorrect: 0,
      cued: 0,
      accuracy: null,
      held_at: '2020-02-02T10:00:00.000Z',
    });
    expect(finished).toMatchObject({
      number: 1,
      plan_id: s.plan.id,
      finished: true,
      held_at: '2026-01-05T10:00:00.000Z',
      correct: 3,
      incorrect: 1,
      cued: 0,
      accuracy: progressCounts(3, 1, 0).accuracy,
    });
    expect(marked).toMatchObject({ number: 2, finished: false, cued: 1, accuracy: 0 });
    expect(path.diagnoses).toEqual([
      {
        id: early.id,
        diagnosed_on: '2025-09-01',
        card_title: 'Speech screening',
        status: 'draft',
        completed_at: early.completedAt!.toISOString(),
      },
      {
        id: draft.id,
        diagnosed_on: '2026-01-15',
        card_title: 'Speech screening',
        status: 'draft',
        completed_at: null,
      },
    ]);
  });

  it("answers 404 for another teacher's, another project's or no student", async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const elsewhere = await buildWorkspace(t.db);
    await addMembership(t.db, s.teacher.user, elsewhere, ['teacher']);
    const mineElsewhere = await student(s.teacher, {}, elsewhere);
    for (const id of [s.otherPlan.client.id, mineElsewhere.id, 2_000_000_000]) {
      expect(codeOf(await as(s.teacher).get(`/api/clients/${id}/path`), 404)).toBe('not_found');
    }
    expect(dataOf<ClientPath>(await as(s.teacher).get(`/api/clients/${s.student.id}/path`))).toEqual({
      lessons: [],
      diagnoses: [],
    });
  });
});
