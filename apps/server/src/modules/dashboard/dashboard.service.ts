import {
  DASHBOARD_LESSON_DAYS,
  DASHBOARD_ROLES,
  DASHBOARD_SIGN_IN_DAYS,
  EXERCISE_STATUS,
  EXERCISE_STATUS_TABS,
  ROLE,
  type Dashboard,
} from '@logoschool/contract';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { membershipCounts } from '../../db/memberships.ts';
import {
  assignments,
  clients,
  exerciseStatusCounts,
  lessonStatistics,
  sessions,
  users,
  workspaces,
} from '../../db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days of the sign-in chart, oldest first, ending on the day of `now` ('YYYY-MM-DD'). */
export function signInDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: DASHBOARD_SIGN_IN_DAYS }, (_, index) =>
    new Date(today - (DASHBOARD_SIGN_IN_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

async function userFigures(db: Tx) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${users.isActive}))::int`,
    })
    .from(users);
  const total = row?.total ?? 0;
  const active = row?.active ?? 0;
  return { total, active, deactivated: total - active };
}

async function projectFigures(db: Tx) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      archived: sql<number>`(count(*) filter (where ${workspaces.archived}))::int`,
    })
    .from(workspaces);
  const total = row?.total ?? 0;
  const archived = row?.archived ?? 0;
  return { total, active: total - archived, archived };
}

/**
 * Distinct holders of each role, in one row: a filtered count per role over the assignments that
 * grant roles (the same rules as `rolesInWorkspace`, spec §6), roles as assigned.
 */
async function roleFigures(db: Tx) {
  const counts = Object.fromEntries(
    DASHBOARD_ROLES.map((role) => [
      role,
      sql<number>`(count(distinct ${assignments.userId}) filter (where ${sql.raw(String(ROLE[role]))} = any(${assignments.roles})))::int`,
    ]),
  );
  const [row] = await db
    .select(counts)
    .from(assignments)
    .innerJoin(workspaces, eq(workspaces.id, assignments.workspaceId))
    .innerJoin(users, eq(users.id, assignments.userId))
    .where(and(membershipCounts(), eq(users.isRoot, false)));
  return DASHBOARD_ROLES.map((role) => ({ role, count: Number(row?.[role] ?? 0) }));
}

/**
 * Lessons held in every project (decision 034: finished, or a trial marked), in all and started in
 * the last DASHBOARD_LESSON_DAYS days.
 */
async function lessonFigures(db: Tx, now: Date) {
  const since = new Date(now.getTime() - DASHBOARD_LESSON_DAYS * DAY_MS);
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      recent: sql<number>`(count(*) filter (where ${lessonStatistics.startedAt} >= ${since}))::int`,
    })
    .from(lessonStatistics)
    .where(eq(lessonStatistics.held, true));
  return { total: row?.total ?? 0, recent: row?.recent ?? 0 };
}

async function studentFigures(db: Tx) {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(clients);
  return { total: row?.total ?? 0 };
}

/** Distinct users per UTC day who signed in themselves since the first day of the chart. */
async function signInFigures(db: Tx, now: Date) {
  const days = signInDays(now);
  const since = new Date(`${days[0]}T00:00:00.000Z`);
  // `at time zone 'UTC'` makes the day independent of the connection's time zone setting.
  const day = sql<string>`to_char(${sessions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: sql<number>`count(distinct ${sessions.userId})::int` })
    .from(sessions)
    .where(and(gte(sessions.createdAt, since), isNull(sessions.impersonatorId)))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, row.count]));
  return days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

/** Exercises of every project by status (the stored counts, decision 007), in the tabs' order, zeros included. */
async function exerciseFigures(db: Tx) {
  const rows = await db
    .select({
      statusId: exerciseStatusCounts.statusId,
      count: sql<number>`sum(${exerciseStatusCounts.count})::int`,
    })
    .from(exerciseStatusCounts)
    .groupBy(exerciseStatusCounts.statusId);
  const byId = new Map(rows.map((row) => [Number(row.statusId), row.count]));
  const byStatus = EXERCISE_STATUS_TABS.map((status) => ({
    status,
    count: byId.get(EXERCISE_STATUS[status]) ?? 0,
  }));
  return { total: byStatus.reduce((sum, row) => sum + row.count, 0), byStatus };
}

/**
 * The root dashboard's figures (spec §2 /dashboard): a handful of aggregate queries over the whole
 * installation. Later areas add a query each here.
 */
export async function readDashboard(db: Tx, now: Date = new Date()): Promise<Dashboard> {
  const [usersFigures, projects, roles, exerciseCounts, students, signIns, lessonCounts] = await Promise.all([
    userFigures(db),
    projectFigures(db),
    roleFigures(db),
    exerciseFigures(db),
    studentFigures(db),
    signInFigures(db, now),
    lessonFigures(db, now),
  ]);
  return {
    users: usersFigures,
    projects,
    roles,
    exercises: exerciseCounts,
    students,
    lessons: lessonCounts,
    signIns,
    generated_at: now.toISOString(),
  };
}
