import { progressCounts, type Lesson, type StudentProgress } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessons, lessonPresentations } from '../../db/schema/index.ts';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import {
  buildLessonSchool,
  dataOf,
  lessonBody,
  lessonsOfPlan,
  readLesson,
  type LessonSchool,
} from '../../test/lessons.ts';

const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const progressUrl = (clientId: number | string) => `/api/clients/${clientId}/progress`;
const errorsOf = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string; errors?: Record<string, string[]> };
};
const mark = async (who: Member, lessonId: number, exerciseId: number, results: string[]) => {
  for (const result of results)
    dataOf(
      await as(who).post(`/api/lesson/${lessonId}/marks`, {
        exercise_id: exerciseId,
        result,
        ...(result === 'cued' ? { cue: 'verbal' } : {}),
      }),
    );
};

/** The plan's first two lessons, saved; the first played with marks and finished, the second dated. */
async function playedTwice(s: LessonSchool) {
  const [first, second] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
  const one = await readLesson(t.app, s.teacher, first!.id);
  dataOf<Lesson>(
    await as(s.teacher).put(
      `/api/lesson/${one.id}`,
      lessonBody(one, [[s.words[0]!], [s.phrases[0]!, s.phrases[1]!]]),
    ),
  );
  await mark(s.teacher, one.id, s.words[0]!, ['correct', 'incorrect', 'cued']);
  await mark(s.teacher, one.id, s.phrases[0]!, ['correct', 'correct']);
  await mark(s.teacher, one.id, s.phrases[1]!, ['cued']);
  dataOf(
    await as(s.teacher).post('/api/lesson/finish', {
      lesson_id: one.id,
      reached: [s.words[0]!, s.phrases[0]!, s.phrases[1]!],
    }),
  );

  const two = await readLesson(t.app, s.teacher, second!.id);
  const startsAt = '2099-06-01T09:00:00.000Z';
  const saved = dataOf<Lesson>(
    await as(s.teacher).put(
      `/api/lesson/${two.id}`,
      lessonBody(two, [[s.words[1]!], [s.phrases[1]!, s.phrases[2]!]], { starts_at: startsAt }),
    ),
  );
  // The third phrase in the first block too (as a folder both blocks may take would allow): its
  // marks belong to the first block in play order.
  const articulation = saved.blocks[0]!.key;
  await t.db
    .insert(lessonPresentations)
    .values({ lessonId: two.id, blockKey: articulation, position: 1, exerciseId: s.phrases[2]! });
  await mark(s.teacher, two.id, s.words[1]!, ['correct', 'correct', 'correct', 'incorrect']);
  await mark(s.teacher, two.id, s.phrases[2]!, ['correct']);
  await mark(s.teacher, two.id, s.phrases[1]!, ['incorrect', 'cued']);
  const [finished] = await t.db.select().from(lessons).where(eq(lessons.id, one.id));
  return { one, two, startsAt, finishedAt: finished!.finishedAt!.toISOString() };
}

describe('GET /api/clients/:clientId/progress', () => {
  it('counts each target’s trials per lesson, in lesson order, with the accuracy, the cued share and totals', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const { one, two, startsAt, finishedAt } = await playedTwice(s);
    const progress = dataOf<StudentProgress>(await as(s.teacher).get(progressUrl(s.student.id)));
    const plan = { plan_id: s.plan.id, plan_title: 'Sound [R]' };
    expect(progress).toEqual({
      client_id: s.student.id,
      targets: [
        {
          target: 'Articulation',
          points: [
            { lesson_id: one.id, number: 1, ...plan, date: finishedAt, ...progressCounts(1, 1, 1) },
            { lesson_id: two.id, number: 2, ...plan, date: startsAt, ...progressCounts(4, 1, 0) },
          ],
          totals: progressCounts(5, 2, 1),
        },
        {
          target: 'Phrases',
          points: [
            { lesson_id: one.id, number: 1, ...plan, date: finishedAt, ...progressCounts(2, 0, 1) },
            { lesson_id: two.id, number: 2, ...plan, date: startsAt, ...progressCounts(0, 1, 1) },
          ],
          totals: progressCounts(2, 1, 2),
        },
      ],
    });
    expect(progress.targets[0]!.points[1]).toMatchObject({ total: 5, accuracy: 0.8, cued_share: 0 });
    expect(progress.targets[1]!.totals).toMatchObject({ total: 5, accuracy: 0.4, cued_share: 0.4 });
  });

  it('has no targets for a student without marks', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    // Lessons exist (the list makes them) but none is marked.
    await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    expect(dataOf<StudentProgress>(await as(s.teacher).get(progressUrl(s.student.id)))).toEqual({
      client_id: s.student.id,
      targets: [],
    });
  });

  it('answers 404 for another teacher’s student, another project’s, and one that does not exist', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    await playedTwice(s);
    const elsewhere = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
    for (const who of [s.otherTeacher, s.diagnostician, elsewhere])
      expect(errorsOf(await as(who).get(progressUrl(s.student.id)), 404).code).toBe('not_found');
    expect(errorsOf(await as(s.teacher).get(progressUrl(s.otherPlan.client.id)), 404).code).toBe('not_found');
    expect(errorsOf(await as(s.teacher).get(progressUrl(2147483647)), 404).code).toBe('not_found');
  });

  it('answers 401 without a token or with an unknown one', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const anonymous = apiAs(t.app, s.teacher, { token: null });
    expect(errorsOf(await anonymous.get(progressUrl(s.student.id)), 401).code).toBe('unauthenticated');
    const unknown = apiAs(t.app, s.teacher, { token: 'x'.repeat(43) });
    expect(errorsOf(await unknown.get(progressUrl(s.student.id)), 401).code).toBe('session_expired');
  });

  it.each(['root', 'manager', 'moderator', 'author', 'admin'] as const)(
    'answers 403 to a %s',
    async (role) => {
      const s = await buildLessonSchool(t.app, t.db);
      const caller = await buildSignedInMember(t.db, s.workspace, role);
      expect(errorsOf(await as(caller).get(progressUrl(s.student.id)), 403).code).toBe('forbidden');
    },
  );

  it('answers a path id that names no student, as the other student routes do, with 404', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    // A path names an object: what is not an id names nothing (decision 008), never a 500.
    for (const id of ['abc', '0', '-3', '1.5', '2147483648', '99999999999999999999999', '1%00', '%00', '1e3'])
      expect(errorsOf(await as(s.teacher).get(progressUrl(id)), 404).code, id).toBe('not_found');
  });

  it('refuses a query without the project or the role (422)', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    for (const [acting, field] of [
      [{ workspace: null }, 'workspace_id'],
      [{ roleId: null }, 'role_id'],
    ] as const)
      expect(
        Object.keys(
          errorsOf(await apiAs(t.app, s.teacher, acting).get(progressUrl(s.student.id)), 422).errors ?? {},
        ),
      ).toEqual([field]);
  });
});
