/**
 * The figures of `GET /exercises/stats`: status changes in a range of days, read from the history,
 * and what each status holds now, read from the stored counters (decision 007).
 */
import type { ExerciseStats, ExerciseStatsQuery } from '@logoschool/contract';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { exerciseStatusCounts, exerciseStatusHistory } from '../../db/schema/index.ts';
import { countsOf } from './exercise-view.ts';

/** The first instant of a day 'YYYY-MM-DD', UTC. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * `GET /exercises/stats`: in a range of whole UTC days, how many exercises were created and how many
 * status changes went into each status; and how many exercises each status holds now.
 */
export async function exerciseStats(
  db: Tx,
  workspaceId: number,
  query: ExerciseStatsQuery,
): Promise<ExerciseStats> {
  const from = startOfDay(query.start_date);
  const until = new Date(startOfDay(query.end_date).getTime() + 86_400_000);
  const inRange = and(
    eq(exerciseStatusHistory.workspaceId, workspaceId),
    gte(exerciseStatusHistory.createdAt, from),
    lt(exerciseStatusHistory.createdAt, until),
  );
  const [created] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(exerciseStatusHistory)
    .where(and(inRange, isNull(exerciseStatusHistory.fromStatus)));
  const changed = await db
    .select({ status: exerciseStatusHistory.toStatus, count: sql<number>`count(*)::int` })
    .from(exerciseStatusHistory)
    // A row that keeps the status (auto-moderation's trace of a pass) is not a change.
    .where(
      and(
        inRange,
        sql`${exerciseStatusHistory.fromStatus} is not null`,
        sql`${exerciseStatusHistory.fromStatus} <> ${exerciseStatusHistory.toStatus}`,
      ),
    )
    .groupBy(exerciseStatusHistory.toStatus);
  const current = await db
    .select({ status: exerciseStatusCounts.statusId, count: exerciseStatusCounts.count })
    .from(exerciseStatusCounts)
    .where(eq(exerciseStatusCounts.workspaceId, workspaceId));
  return {
    start_date: query.start_date,
    end_date: query.end_date,
    created: created?.count ?? 0,
    changed: countsOf(changed),
    current: countsOf(current),
  };
}
