import {
  DASHBOARD_ROLES,
  DASHBOARD_SIGN_IN_DAYS,
  EXERCISE_STATUS,
  dashboardSchema,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.ts';
import { hashToken } from '../../auth/tokens.ts';
import { clients, sessions } from '../../db/schema/index.ts';
import { apiWithToken } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  addMembership,
  buildExercise,
  buildMember,
  buildUser,
  buildWorkspace,
  tokenFor,
} from '../../test/factories.ts';
import { readDashboard, signInDays } from './dashboard.service.ts';

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;

const readFigures = (token: string | null) => apiWithToken(t.app, token).get('/api/dashboard');

/** A session opened `daysAgo` whole days before now. */
async function openedDaysAgo(userId: number, daysAgo: number) {
  const token = await createSession(t.db, userId, 3600);
  await t.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - daysAgo * DAY_MS) })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * Figures of the database as the fixture leaves it, worked out by hand. The file has a database of
 * its own, so every row in it is one made here; a test that adds rows says so and reads its own.
 */
describe('GET /api/dashboard', () => {
  let rootToken: string;

  beforeAll(async () => {
    // Projects: two active, one archived.
    const school = await buildWorkspace(t.db);
    const branch = await buildWorkspace(t.db);
    const closed = await buildWorkspace(t.db, { archived: true });

    // Users (11 in all, 2 of them deactivated):
    // 1. root, signed in below (no assignments);
    const root = await buildUser(t.db, { isRoot: true });
    // 2. a manager and admin of the school, also a teacher in the branch: manager, admin, teacher;
    const head = await buildMember(t.db, school, ['manager', 'admin']);
    await addMembership(t.db, head, branch, ['teacher']);
    // 3. an author in both active projects: author, counted once;
    const author = await buildMember(t.db, school, ['author']);
    await addMembership(t.db, author, branch, ['author']);
    // 4. a moderator and teacher: moderator, teacher;
    const moderator = await buildMember(t.db, branch, ['moderator', 'teacher']);
    // 5. a diagnostician: diagnostician (not also counted as teacher);
    const diagnostician = await buildMember(t.db, school, ['diagnostician']);
    // 6. a teacher in the archived project only: nothing;
    await buildMember(t.db, closed, ['teacher']);
    // 7. a manager whose assignment is inactive, 8. one whose assignment is archived: nothing;
    await buildMember(t.db, school, ['manager'], { isActive: false });
    await buildMember(t.db, school, ['manager'], { archived: true });
    // 9. a deactivated user with an active assignment: nothing; deactivated;
    await buildMember(t.db, school, ['moderator'], { user: { isActive: false } });
    // 10. a deactivated user without projects: deactivated;
    await buildUser(t.db, { isActive: false });
    // 11. a second root whose assignment lists a role: root holds root only, so nothing.
    await buildMember(t.db, school, ['manager', 'teacher'], { user: { isRoot: true } });

    // Students: three, one of them in the archived project (they all count).
    const student = { clientName: 'Parent', childName: 'Child' };
    await t.db.insert(clients).values([
      { ...student, workspaceId: school.id, teacherId: head.id },
      { ...student, workspaceId: branch.id, teacherId: moderator.id },
      { ...student, workspaceId: closed.id, teacherId: diagnostician.id },
    ]);

    // Exercises: two accepted (one in the archived project: they all count), a draft, a request.
    await buildExercise(t.db, school.id, author.id, { statusId: EXERCISE_STATUS.accepted });
    await buildExercise(t.db, closed.id, author.id, { statusId: EXERCISE_STATUS.accepted });
    await buildExercise(t.db, branch.id, author.id, { statusId: EXERCISE_STATUS.draft });
    await buildExercise(t.db, school.id, moderator.id, { statusId: EXERCISE_STATUS.request });

    // Sign-ins. Today: root (twice) and the author. Their tokens are what the tests use.
    rootToken = await tokenFor(t.db, root);
    await tokenFor(t.db, root);
    await tokenFor(t.db, author);
    // Root signed in as the moderator today: not the moderator's sign-in.
    await createSession(t.db, moderator.id, 3600, { impersonatorId: root.id });
    // 3 days ago: the author twice and the head; 13 days ago (the first day): the diagnostician.
    await openedDaysAgo(author.id, 3);
    await openedDaysAgo(author.id, 3);
    await openedDaysAgo(head.id, 3);
    await openedDaysAgo(diagnostician.id, 13);
    // 14 and 30 days ago: before the chart.
    await openedDaysAgo(head.id, 14);
    await openedDaysAgo(moderator.id, 30);
  });

  it('answers the exact figures to root', async () => {
    const response = await readFigures(rootToken);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(dashboardSchema.parse(data)).toEqual(data);
    expect(data.users).toEqual({ total: 11, active: 9, deactivated: 2 });
    expect(data.projects).toEqual({ total: 3, active: 2, archived: 1 });
    expect(data.roles).toEqual([
      { role: 'manager', count: 1 },
      { role: 'moderator', count: 1 },
      { role: 'author', count: 1 },
      { role: 'teacher', count: 2 },
      { role: 'admin', count: 1 },
      { role: 'diagnostician', count: 1 },
    ]);
    expect(data.students).toEqual({ total: 3 });
    // No lesson was held here (lesson-statistics.test.ts counts them on the dashboard).
    expect(data.lessons).toEqual({ total: 0, recent: 0 });
    expect(data.exercises).toEqual({
      total: 4,
      byStatus: [
        { status: 'request', count: 1 },
        { status: 'draft', count: 1 },
        { status: 'moderation', count: 0 },
        { status: 'accepted', count: 2 },
        { status: 'declined', count: 0 },
      ],
    });
    expect(Math.abs(Date.parse(data.generated_at) - Date.now())).toBeLessThan(60_000);
  });

  it('counts distinct users per UTC day for the last 14 days, oldest first, zeros included', async () => {
    const { data } = (await readFigures(rootToken)).json();
    const days = signInDays(new Date());
    expect(data.signIns).toHaveLength(DASHBOARD_SIGN_IN_DAYS);
    expect(data.signIns.map((day: { date: string }) => day.date)).toEqual(days);
    expect(days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const expected = days.map((date, index) => {
      const daysAgo = DASHBOARD_SIGN_IN_DAYS - 1 - index;
      return { date, count: daysAgo === 0 ? 2 : daysAgo === 3 ? 2 : daysAgo === 13 ? 1 : 0 };
    });
    expect(data.signIns).toEqual(expected);
  });

  it('counts a new sign-in, and a new project, at once', async () => {
    const before = await readDashboard(t.db);
    const newcomer = await buildMember(t.db, await buildWorkspace(t.db), ['teacher']);
    await tokenFor(t.db, newcomer);
    const after = await readDashboard(t.db);
    expect(after.users).toEqual({ ...before.users, total: 12, active: 10 });
    expect(after.projects).toEqual({ total: 4, active: 3, archived: 1 });
    expect(after.roles.find((entry) => entry.role === 'teacher')?.count).toBe(3);
    expect(after.signIns.at(-1)?.count).toBe((before.signIns.at(-1)?.count ?? 0) + 1);
  });

  it('answers 401 without a token', async () => {
    const response = await readFigures(null);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(['manager', 'moderator', 'author', 'teacher', 'admin', 'diagnostician'] as const)(
    'answers 403 to a %s',
    async (role) => {
      const member = await buildMember(t.db, await buildWorkspace(t.db), [role]);
      const response = await readFigures(await tokenFor(t.db, member));
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    },
  );
});

describe('signInDays', () => {
  it('ends on the UTC day of the moment, whatever the hour, and steps back over a month end', () => {
    const late = signInDays(new Date('2026-03-02T23:59:59.999Z'));
    const early = signInDays(new Date('2026-03-02T00:00:00.000Z'));
    expect(late).toEqual(early);
    expect(late).toHaveLength(DASHBOARD_SIGN_IN_DAYS);
    expect(late[0]).toBe('2026-02-17');
    expect(late.slice(11)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('the roles counted', () => {
  it('are every role but root, in id order', () => {
    expect(DASHBOARD_ROLES).toEqual(['manager', 'moderator', 'author', 'teacher', 'admin', 'diagnostician']);
  });
});
