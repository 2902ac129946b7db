/**
 * The API bench's lessons: teachers of the demo school, each with plans copied from the demo
 * teacher's sent plan (its template version and blocks) and their ten lessons, dated over the
 * weeks around today, with the presentations of the demo's second lesson. Set-based SQL, so that
 * tens of thousands of lessons take seconds.
 */
import type { Db } from '@logoschool/server/src/db/client.ts';
import {
  lessonPresentations,
  lessonStatistics,
  lessons,
  protocols,
  users,
} from '@logoschool/server/src/db/schema/index.ts';
import { and, asc, count, eq, isNotNull, like, sql } from 'drizzle-orm';

export interface SeededLessons {
  teachers: number;
  lessons: number;
  presentations: number;
  /** Lessons held (`lesson_statistics` rows): the finished ones. */
  held: number;
  /** The first bench teacher: whose list the bench reads (signs in with the demo password). */
  email: string;
  seconds: number;
}

/** The e-mail of the n-th bench teacher (from 1). */
export const benchTeacherEmail = (n: number) => `bench-teacher-${n}@bench.test`;

/**
 * Adds `teachers` teachers to the project of the demo teacher's sent plan, each with
 * `lessonsEach / 10` students and plans (copies of that plan) and so `lessonsEach` lessons, one
 * lesson of each plan every week from four weeks ago; each lesson presents what the demo plan's
 * second lesson does; those before today are finished, and held (a `lesson_statistics` row each).
 */
export async function seedBenchLessons(
  db: Db,
  teachers: number,
  lessonsEach: number,
): Promise<SeededLessons> {
  const started = performance.now();
  const [plan] = await db.select().from(protocols).where(isNotNull(protocols.sentAt));
  const [teacher] = await db.select().from(users).where(eq(users.email, 'teacher@demo.test'));
  if (!plan || !teacher) throw new Error('the demo teacher or her sent plan is missing');
  const [source] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.protocolId, plan.id), eq(lessons.number, 2)))
    .orderBy(asc(lessons.id));
  if (!source) throw new Error('the demo plan has no lessons (seed the demo first)');
  const plans = Math.ceil(lessonsEach / plan.lessons);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (email, name, password_hash, env_id)
      select 'bench-teacher-' || n || '@bench.test', 'Bench teacher ' || n, ${teacher.passwordHash}, 1
      from generate_series(1, ${teachers}) n
      on conflict do nothing`);
    await tx.execute(sql`
      insert into assignments (user_id, workspace_id, roles)
      select id, ${plan.workspaceId}, array[5]::int[] from users where email like 'bench-teacher-%@bench.test'
      on conflict do nothing`);
    // One student per plan, named by teacher and number.
    await tx.execute(sql`
      insert into clients (workspace_id, teacher_id, client_name, child_name)
      select ${plan.workspaceId}, u.id, 'Bench parent ' || g, 'Bench child ' || u.id || '-' || g
      from users u, generate_series(1, ${plans}) g
      where u.email like 'bench-teacher-%@bench.test'`);
    await tx.execute(sql`
      insert into protocols (workspace_id, teacher_id, client_id, template_id, template_version, deadline, lessons)
      select c.workspace_id, c.teacher_id, c.id, ${plan.templateId}, ${plan.templateVersion},
             current_date + 90, ${plan.lessons}
      from clients c join users u on u.id = c.teacher_id
      where u.email like 'bench-teacher-%@bench.test'`);
    await tx.execute(sql`
      insert into protocol_blocks (protocol_id, key, folder_id, min_presentations, max_presentations)
      select p.id, b.key, b.folder_id, b.min_presentations, b.max_presentations
      from protocols p join users u on u.id = p.teacher_id, protocol_blocks b
      where u.email like 'bench-teacher-%@bench.test' and b.protocol_id = ${plan.id}`);
    // Lesson n of a plan falls in week n - 4 (from four weeks ago), on the plan's weekday and hour.
    await tx.execute(sql`
      insert into lessons (workspace_id, teacher_id, protocol_id, number, starts_at, duration_minutes, finished_at)
      select p.workspace_id, p.teacher_id, p.id, n, at, 45 + (p.id % 4) * 5,
             case when at < now() then at + interval '45 minutes' end
      from protocols p join users u on u.id = p.teacher_id
      cross join lateral generate_series(1, p.lessons) n
      cross join lateral (select date_trunc('week', now()) + make_interval(
        weeks => n - 5, days => p.id % 5, hours => 9 + p.id % 8) as at) dates
      where u.email like 'bench-teacher-%@bench.test'`);
    await tx.execute(sql`
      insert into lesson_presentations (lesson_id, block_key, position, exercise_id)
      select l.id, s.block_key, s.position, s.exercise_id
      from lessons l join users u on u.id = l.teacher_id, lesson_presentations s
      where u.email like 'bench-teacher-%@bench.test' and s.lesson_id = ${source.id}`);
    // The finished lessons were held: started when planned, their planned length, a few marks.
    await tx.execute(sql`
      insert into lesson_statistics (lesson_id, workspace_id, teacher_id, client_id, started_at,
        ended_at, duration_minutes, correct, incorrect, cued, finished)
      select l.id, l.workspace_id, l.teacher_id, p.client_id, l.starts_at, l.finished_at,
             l.duration_minutes, l.id % 7, l.id % 3, l.id % 2, true
      from lessons l join protocols p on p.id = l.protocol_id join users u on u.id = l.teacher_id
      where u.email like 'bench-teacher-%@bench.test' and l.finished_at is not null`);
  });
  await db.execute(sql`analyze`);
  const benchTeachers = like(users.email, 'bench-teacher-%@bench.test');
  const [made] = await db
    .select({ count: count() })
    .from(lessons)
    .innerJoin(users, eq(users.id, lessons.teacherId))
    .where(benchTeachers);
  const [shown] = await db
    .select({ count: count() })
    .from(lessonPresentations)
    .innerJoin(lessons, eq(lessons.id, lessonPresentations.lessonId))
    .innerJoin(users, eq(users.id, lessons.teacherId))
    .where(benchTeachers);
  const [recorded] = await db
    .select({ count: count() })
    .from(lessonStatistics)
    .innerJoin(users, eq(users.id, lessonStatistics.teacherId))
    .where(benchTeachers);
  return {
    teachers,
    held: recorded?.count ?? 0,
    lessons: made?.count ?? 0,
    presentations: shown?.count ?? 0,
    email: benchTeacherEmail(1),
    seconds: (performance.now() - started) / 1000,
  };
}
