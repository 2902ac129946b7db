/**
 * The Demo school's home practice (issue 29 item 2): Sofiia's first lesson of this week, played and
 * finished, assigned to her family as home practice (all its presentations), with its link, and the
 * family's tries of yesterday and today, so that the parent's player, her lesson's page and her
 * correction path show content. Assigned through the practice module's entry; the tries are written
 * as the player's taps would be (one row per key). Safe to run again: a school with an assignment
 * is left as it is.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { assignPractice } from '../../modules/practice/index.ts';
import { clients, lessons, protocols, users } from '../schema/index.ts';

/** The tries the family tapped, by presentation in play order: days ago and outcome. */
const DEMO_TRIES: readonly (readonly [number, 'right' | 'helped' | 'not_yet'])[][] = [
  [
    [1, 'not_yet'],
    [1, 'helped'],
    [1, 'right'],
    [0, 'helped'],
    [0, 'right'],
    [0, 'right'],
  ],
  [
    [1, 'helped'],
    [0, 'right'],
  ],
];

export async function seedPractice(db: Db, workspaceId: number): Promise<void> {
  const done = await db.execute(sql`select 1 from practice_assignments where workspace_id = ${workspaceId}`);
  if ((done as unknown as { rows: unknown[] }).rows.length > 0) return;
  const [teacherRow] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'teacher@demo.test'));
  if (!teacherRow) return;
  const [lesson] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
    .innerJoin(clients, eq(clients.id, protocols.clientId))
    .where(
      and(
        eq(lessons.workspaceId, workspaceId),
        eq(lessons.teacherId, teacherRow.id),
        eq(clients.childName, 'Софія Коваль'),
        isNotNull(lessons.startsAt),
        isNotNull(lessons.finishedAt),
      ),
    )
    .orderBy(asc(lessons.startsAt))
    .limit(1);
  if (!lesson) return;
  const teacher = { userId: teacherRow.id, workspaceId, role: 'teacher' as const, lang: 'en' as const };
  const assignment = await assignPractice({ db, baseUrl: '' }, teacher, {
    lesson_id: lesson.id,
    exercise_ids: null,
  });
  const now = Date.now();
  for (const [index, taps] of DEMO_TRIES.entries()) {
    const item = assignment.items[index];
    if (!item) continue;
    for (const [position, [daysAgo, outcome]] of taps.entries()) {
      const at = new Date(now - daysAgo * 86_400_000 - (taps.length - position) * 60_000);
      await db.execute(sql`
        insert into practice_tries (workspace_id, assignment_id, exercise_id, outcome, key, created_at)
        values (${workspaceId}, ${assignment.id}, ${item.exercise_id}, ${outcome}, gen_random_uuid(), ${at.toISOString()})
      `);
    }
  }
}
