/**
 * The demo school's lessons (issue 15): a week of lessons of the filled plans, and the played
 * lessons of an earlier plan, written through the services as the player and the editor would.
 * Runs once: a project whose teacher has a dated lesson keeps its lessons.
 */
import { todayIso, weekStart, type Lesson, type MarkResult } from '@logoschool/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { ProjectActor } from '../access/actor.ts';
import { fillLesson, finishLesson, updateLesson, addMark, lessonLinks } from '../modules/lessons/index.ts';
import { issueLink } from '../modules/public-links/index.ts';
import type { Db } from './client.ts';
import { clients, lessons, protocols, users } from './schema/index.ts';

/** The trials of each presentation of a played lesson, by its block's place in the plan. */
type DemoTrials = readonly (readonly MarkResult[])[];

/**
 * The demo week (issue 15): this week's Monday to Friday (UTC), the lessons of the two running
 * plans, filled automatically: Sofiia's first three and Mikhail's first two. Each plan's first
 * lesson is finished with its last presentation not reached, which moved to the next lesson;
 * Sofiia's was played with marks. Her next lesson's child's screen is shared already (its session
 * link is the public-link kit's, decision 029).
 */
export const DEMO_WEEK: readonly {
  child: string;
  number: number;
  day: number;
  hour: number;
  finished: boolean;
  /** The teacher has shared the child's screen of this lesson: it has a session link. */
  shared?: boolean;
  /** The trials marked before it was finished (see `DEMO_PLAYED`). */
  trials?: DemoTrials;
}[] = [
  {
    child: 'Софія Коваль',
    number: 1,
    day: 0,
    hour: 9,
    finished: true,
    trials: [
      ['correct', 'correct', 'cued', 'correct'],
      ['correct', 'cued', 'correct', 'correct'],
      ['correct', 'correct', 'correct', 'cued'],
    ],
  },
  { child: 'Михаил Петров', number: 1, day: 1, hour: 14, finished: true },
  { child: 'Софія Коваль', number: 2, day: 2, hour: 9, finished: false, shared: true },
  { child: 'Михаил Петров', number: 2, day: 3, hour: 14, finished: false },
  { child: 'Софія Коваль', number: 3, day: 4, hour: 9, finished: false },
];

/**
 * Sofiia's earlier plan of [R], which ran out of time (issue 15 item 6): its first two lessons,
 * played three and a half and two and a half weeks ago (UTC) with marks and finished, so that her
 * correction path shows her progress lesson by lesson, better each time.
 */
export const DEMO_PLAYED: readonly {
  child: string;
  number: number;
  daysAgo: number;
  hour: number;
  trials: DemoTrials;
}[] = [
  {
    child: 'Софія Коваль',
    number: 1,
    daysAgo: 24,
    hour: 9,
    trials: [
      ['incorrect', 'cued', 'correct', 'cued'],
      ['cued', 'incorrect', 'cued', 'correct'],
      ['cued', 'incorrect', 'cued', 'correct'],
    ],
  },
  {
    child: 'Софія Коваль',
    number: 2,
    daysAgo: 17,
    hour: 9,
    trials: [
      ['correct', 'cued', 'correct', 'incorrect'],
      ['correct', 'incorrect', 'cued', 'correct'],
      ['cued', 'correct', 'correct', 'incorrect'],
    ],
  },
];

/** Marks each presentation's trials (an exercise once, for its first block) of those reached. */
async function markTrials(
  db: Db,
  teacher: ProjectActor,
  lesson: Lesson,
  trials: DemoTrials,
  reached: readonly number[],
) {
  const marked = new Set<number>();
  for (const [index, block] of lesson.blocks.entries()) {
    for (const { exercise_id } of block.presentations) {
      if (marked.has(exercise_id) || !reached.includes(exercise_id)) continue;
      marked.add(exercise_id);
      for (const result of trials[index % trials.length] ?? [])
        await addMark(db, teacher, lesson.id, {
          exercise_id,
          result,
          ...(result === 'cued' ? { cue: 'verbal' as const } : {}),
        });
    }
  }
}

/**
 * Fills a lesson as "fill automatically" does (keeping what an earlier finish moved in), with a
 * fixed seed so that the demo is the same on every machine, and dates it: the lesson and the
 * exercises it shows, in order.
 */
async function fillAndDate(
  db: Db,
  teacher: ProjectActor,
  lessonId: number,
  startsAt: number,
  durationMinutes: number,
): Promise<{ filled: Lesson; shown: number[] }> {
  const filled = await fillLesson(db, teacher, { lesson_id: lessonId, replace: false }, lessonId);
  await updateLesson(db, teacher, lessonId, {
    starts_at: new Date(startsAt).toISOString(),
    duration_minutes: durationMinutes,
    blocks: filled.blocks.map((block) => ({
      key: block.key,
      exercise_ids: block.presentations.map((presentation) => presentation.exercise_id),
    })),
  });
  const shown = filled.blocks.flatMap((block) => block.presentations.map((p) => p.exercise_id));
  return { filled, shown };
}

/**
 * Seeds the demo week of lessons and Sofiia's played lessons once: nothing when the demo teacher
 * has a lesson with a date.
 */
export async function seedLessons(db: Db, workspaceId: number): Promise<void> {
  const [teacherRow] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'teacher@demo.test'));
  if (!teacherRow) return;
  const teacher = { userId: teacherRow.id, workspaceId, role: 'teacher' as const, lang: 'en' as const };
  const [dated] = await db
    .select({ count: count() })
    .from(lessons)
    .where(
      and(
        eq(lessons.workspaceId, workspaceId),
        eq(lessons.teacherId, teacher.userId),
        sql`${lessons.startsAt} is not null`,
      ),
    );
  if ((dated?.count ?? 0) > 0) return;
  const rows = await db
    .select({
      id: lessons.id,
      number: lessons.number,
      child: clients.childName,
      deadline: protocols.deadline,
    })
    .from(lessons)
    .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
    .innerJoin(clients, eq(clients.id, protocols.clientId))
    .where(and(eq(lessons.workspaceId, workspaceId), eq(lessons.teacherId, teacher.userId)));
  const monday = Date.parse(`${weekStart(todayIso())}T00:00:00Z`);
  for (const demo of DEMO_WEEK) {
    const row = rows.find(
      (candidate) =>
        candidate.child === demo.child &&
        candidate.number === demo.number &&
        candidate.deadline >= todayIso(),
    );
    if (!row) continue;
    const startsAt = monday + demo.day * 86_400_000 + demo.hour * 3_600_000;
    const { filled, shown } = await fillAndDate(db, teacher, row.id, startsAt, demo.finished ? 45 : 60);
    if (demo.shared) await issueLink(db, teacher, lessonLinks, row.id);
    if (!demo.finished) continue;
    if (demo.trials) await markTrials(db, teacher, filled, demo.trials, shown.slice(0, -1));
    await finishLesson(db, teacher, { lesson_id: row.id, reached: shown.slice(0, -1) });
  }
  const today = Date.parse(`${todayIso()}T00:00:00Z`);
  for (const demo of DEMO_PLAYED) {
    const row = rows.find(
      (candidate) =>
        candidate.child === demo.child && candidate.number === demo.number && candidate.deadline < todayIso(),
    );
    if (!row) continue;
    const startsAt = today - demo.daysAgo * 86_400_000 + demo.hour * 3_600_000;
    const { filled, shown } = await fillAndDate(db, teacher, row.id, startsAt, 45);
    await markTrials(db, teacher, filled, demo.trials, shown);
    await finishLesson(db, teacher, { lesson_id: row.id, reached: shown });
    // Finished when it ended, as the player would have: no screen finishes a lesson in the past.
    await db
      .update(lessons)
      .set({ finishedAt: new Date(startsAt + 45 * 60_000) })
      .where(eq(lessons.id, row.id));
  }
}
