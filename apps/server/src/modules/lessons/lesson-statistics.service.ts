/**
 * Lessons held (issue 15 item 7; spec §7 /users/track/lesson-statistic, /users/lesson-statistic/*):
 * one `lesson_statistics` row per lesson, written by the player's start and end, by its marks and by
 * finishing, and the managers' report read from it per teacher and per day, days judged in a time
 * zone. The report counts only the rows that are `held` (decision 034): the lesson was finished, or
 * a trial was marked in it with the child; a player only opened (a preview) counts nothing.
 */
import {
  LESSON_STATISTICS_DURATION_MAX,
  daysOfRange,
  type Language,
  type LessonDay,
  type LessonSeriesQuery,
  type LessonStatistic,
  type LessonStatisticsQuery,
  type TeacherLessonStatistic,
  type TrackLessonInput,
  LANGUAGE_LOCALES,
} from '@logoschool/contract';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lessonMarks, lessonStatistics, lessons, protocols, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { csvOf } from '../../files/csv.ts';
import { text } from '../../i18n/index.ts';
import { ownLesson } from './lesson-context.ts';

/** A range of days 'YYYY-MM-DD', both included, judged in `time_zone` (UTC when absent). */
export interface DayRange {
  from: string;
  to: string;
  time_zone?: string | undefined;
}

/** The moment a day starts in a time zone. */
const dayStart = (day: string, timeZone: string) => sql`(${day}::timestamp at time zone ${timeZone})`;

/** A column of moments within the range's days, in its time zone. */
export function withinDays(column: AnyPgColumn, range: DayRange): SQL | undefined {
  const zone = range.time_zone ?? 'UTC';
  return and(
    gte(column, dayStart(range.from, zone)),
    lt(column, sql`((${range.to}::date + 1)::timestamp at time zone ${zone})`),
  );
}

/** Whole minutes from `since` to now, within 0 and LESSON_STATISTICS_DURATION_MAX. */
const minutesSince = (since: SQL) =>
  sql`least(${LESSON_STATISTICS_DURATION_MAX}, greatest(0, floor(extract(epoch from (now() - ${since})) / 60)))::smallint`;

/** The lesson's marked trials by result, as a lateral subquery `m (correct, incorrect, cued)`. */
const marksOfLesson = sql`lateral (
  select (count(*) filter (where ${lessonMarks.result} = 'correct'))::int as correct,
         (count(*) filter (where ${lessonMarks.result} = 'incorrect'))::int as incorrect,
         (count(*) filter (where ${lessonMarks.result} = 'cued'))::int as cued
  from ${lessonMarks} where ${lessonMarks.lessonId} = ${lessons.id}) m`;

/**
 * A lesson's start when the player did not say it: when it was planned, never later than now (a
 * lesson finished before its planned time was held by then), or now when it has no date.
 */
const plannedStart = sql`least(${lessons.startsAt}, now())`;

function statisticView(row: typeof lessonStatistics.$inferSelect): LessonStatistic {
  return {
    lesson_id: row.lessonId,
    started_at: row.startedAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
    duration_minutes: row.durationMinutes,
    correct: row.correct,
    incorrect: row.incorrect,
    cued: row.cued,
    finished: row.finished,
  };
}

async function statisticOf(tx: Tx, lessonId: number): Promise<LessonStatistic> {
  const [row] = await tx.select().from(lessonStatistics).where(eq(lessonStatistics.lessonId, lessonId));
  if (!row) throw new Error(`lesson ${lessonId} has no statistics row after writing it`);
  return statisticView(row);
}

/**
 * `POST /users/track/lesson-statistic`: the player opened (`start`) or left (`end`) one of the
 * caller's lessons. `start` notes when: a lesson not held yet (only looked at so far) starts again
 * at each opening, a held one keeps its first start. `end` sets when it ended, its whole minutes
 * since the start (at most LESSON_STATISTICS_DURATION_MAX) and its marks so far. 404 for a lesson
 * that is not the caller's, 409 once it is finished (finishing recorded it).
 */
export async function trackLesson(
  db: Db,
  caller: ProjectActor,
  input: TrackLessonInput,
): Promise<LessonStatistic> {
  return db.transaction(async (tx) => {
    const lesson = await ownLesson(tx, caller, input.lesson_id, true);
    if (lesson.finishedAt !== null) throw new AppError('lesson_finished');
    const ended = input.event === 'end';
    await tx.execute(sql`
      insert into ${lessonStatistics} (lesson_id, workspace_id, teacher_id, client_id, started_at,
        ended_at, duration_minutes, correct, incorrect, cued)
      select ${lessons.id}, ${lessons.workspaceId}, ${lessons.teacherId}, ${protocols.clientId},
        ${ended ? plannedStart : sql`now()`}, ${ended ? sql`now()` : sql`null`},
        ${ended ? minutesSince(plannedStart) : sql`0`}, m.correct, m.incorrect, m.cued
      from ${lessons} join ${protocols} on ${protocols.id} = ${lessons.protocolId}, ${marksOfLesson}
      where ${lessons.id} = ${lesson.id}
      on conflict (lesson_id) do ${
        ended
          ? sql`update set ended_at = now(),
              duration_minutes = ${minutesSince(sql`lesson_statistics.started_at`)},
              correct = excluded.correct, incorrect = excluded.incorrect, cued = excluded.cued,
              updated_at = now()`
          : // An earlier opening that came to nothing was a look, not the lesson's start.
            sql`update set started_at = now(), ended_at = null, duration_minutes = 0, updated_at = now()
              where not lesson_statistics.held`
      }`);
    return statisticOf(tx, lesson.id);
  });
}

/**
 * Keeps a lesson's row in step with its marks, in the transaction that changed them: their counts,
 * and its minutes from the start to now (the last mark), at most LESSON_STATISTICS_DURATION_MAX.
 * With a mark the lesson is held (decision 034); with every mark undone it is not, until it is
 * finished. Only a lesson the player said it opened has a row to keep; one marked without it (the
 * API alone) gets its row when it is finished, with its planned start and length.
 */
export async function recordLessonMarks(tx: Tx, lessonId: number): Promise<void> {
  await tx.execute(sql`
    update ${lessonStatistics} set
      correct = m.correct, incorrect = m.incorrect, cued = m.cued,
      duration_minutes = greatest(${lessonStatistics.durationMinutes},
        ${minutesSince(sql`${lessonStatistics.startedAt}`)}),
      updated_at = now()
    from ${lessons}, ${marksOfLesson}
    where ${lessonStatistics.lessonId} = ${lessonId} and ${lessons.id} = ${lessonStatistics.lessonId}`);
}

/**
 * Records a lesson as held and finished, in the transaction that finishes it: started when the
 * player said (else when it was planned, never later than now, else now); its minutes those the
 * player tracked (from its start to its end, or to now when the player did not end it), else the
 * lesson's planned length; its marks counted.
 */
export async function recordLessonHeld(tx: Tx, lessonId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${lessonStatistics} (lesson_id, workspace_id, teacher_id, client_id, started_at,
      ended_at, duration_minutes, correct, incorrect, cued, finished)
    select ${lessons.id}, ${lessons.workspaceId}, ${lessons.teacherId}, ${protocols.clientId},
      coalesce(${plannedStart}, now()), now(), ${lessons.durationMinutes}, m.correct, m.incorrect,
      m.cued, true
    from ${lessons} join ${protocols} on ${protocols.id} = ${lessons.protocolId}, ${marksOfLesson}
    where ${lessons.id} = ${lessonId}
    on conflict (lesson_id) do update set
      ended_at = coalesce(lesson_statistics.ended_at, now()),
      duration_minutes = case when lesson_statistics.ended_at is null
        then ${minutesSince(sql`lesson_statistics.started_at`)}
        else lesson_statistics.duration_minutes end,
      correct = excluded.correct, incorrect = excluded.incorrect, cued = excluded.cued,
      finished = true, updated_at = now()`);
}

/** The project's lessons held (decision 034) that started within the range's days. */
const heldWithin = (workspaceId: number, range: DayRange) =>
  and(
    eq(lessonStatistics.workspaceId, workspaceId),
    eq(lessonStatistics.held, true),
    withinDays(lessonStatistics.startedAt, range),
  );

/**
 * The per-teacher report as one set-based query (exported so that the bench measures the same SQL):
 * the project's lessons held that started within the range's days, grouped by teacher, the most
 * held first.
 */
export function teacherStatisticsQuery(db: Tx, workspaceId: number, range: DayRange) {
  return db
    .select({
      teacher_id: lessonStatistics.teacherId,
      teacher_name: users.name,
      held: sql<number>`count(*)::int`,
      finished: sql<number>`(count(*) filter (where ${lessonStatistics.finished}))::int`,
      minutes: sql<number>`coalesce(sum(${lessonStatistics.durationMinutes}), 0)::int`,
      students: sql<number>`count(distinct ${lessonStatistics.clientId})::int`,
      correct: sql<number>`coalesce(sum(${lessonStatistics.correct}), 0)::int`,
      incorrect: sql<number>`coalesce(sum(${lessonStatistics.incorrect}), 0)::int`,
      cued: sql<number>`coalesce(sum(${lessonStatistics.cued}), 0)::int`,
    })
    .from(lessonStatistics)
    .innerJoin(users, eq(users.id, lessonStatistics.teacherId))
    .where(heldWithin(workspaceId, range))
    .groupBy(lessonStatistics.teacherId, users.name)
    .orderBy(desc(sql`count(*)`), asc(users.name), asc(lessonStatistics.teacherId));
}

/** `GET /users/lesson-statistic/all`: the project's teachers who held lessons in the range. */
export async function teacherStatistics(
  db: Tx,
  workspaceId: number,
  query: LessonStatisticsQuery,
): Promise<TeacherLessonStatistic[]> {
  const [held, free] = await Promise.all([
    teacherStatisticsQuery(db, workspaceId, query),
    freeLessonStatistics(db, workspaceId, query),
  ]);
  const none = { free_booked: 0, free_held: 0, free_converted: 0 };
  const rows: TeacherLessonStatistic[] = held.map((row) => ({
    ...row,
    ...(free.get(row.teacher_id) ?? none),
  }));
  // A teacher who gave free lessons only comes after those who held lessons.
  const listed = new Set(held.map((row) => row.teacher_id));
  const only = [...free.values()]
    .filter((row) => !listed.has(row.teacher_id))
    .sort((a, b) => b.free_booked - a.free_booked || a.teacher_name.localeCompare(b.teacher_name));
  for (const row of only) {
    rows.push({ held: 0, finished: 0, minutes: 0, students: 0, correct: 0, incorrect: 0, cued: 0, ...row });
  }
  return rows;
}

/**
 * The free lessons of the project's teachers (issue 28) that start within the range's days: booked
 * (confirmed, whatever became of them since), held, and made a student. The booking module's
 * tables, read by name: the report is this module's, and the booking module's entry is the public
 * side's.
 */
async function freeLessonStatistics(db: Tx, workspaceId: number, range: DayRange) {
  const result = await db.execute(freeLessonStatisticsSql(workspaceId, range));
  const rows = (result as unknown as { rows: FreeLessonRow[] }).rows;
  return new Map(rows.map((row) => [row.teacher_id, row]));
}

/** The free lessons' statement (exported so that the bench measures the same SQL). */
export function freeLessonStatisticsSql(workspaceId: number, range: DayRange): SQL {
  const zone = range.time_zone ?? 'UTC';
  return sql`
    select s.teacher_id, ${users.name} as teacher_name,
      count(*)::int as free_booked,
      (count(*) filter (where b.status = 'held'))::int as free_held,
      (count(*) filter (where b.client_id is not null))::int as free_converted
    from bookings b
    join booking_sessions s on s.id = b.session_id
    join ${users} on ${users.id} = s.teacher_id
    where b.workspace_id = ${workspaceId} and s.kind = 'free_lesson' and b.confirmed_at is not null
      and s.starts_at >= ${dayStart(range.from, zone)}
      and s.starts_at < ((${range.to}::date + 1)::timestamp at time zone ${zone})
    group by s.teacher_id, ${users.name}`;
}

interface FreeLessonRow {
  teacher_id: number;
  teacher_name: string;
  free_booked: number;
  free_held: number;
  free_converted: number;
}

/** The CSV's columns, in order: each the key of its header in the server's texts (`lessonStatisticsCsv`). */
const CSV_COLUMNS = [
  'from',
  'to',
  'teacher',
  'held',
  'finished',
  'minutes',
  'students',
  'correct',
  'incorrect',
  'cued',
  'free_booked',
  'free_held',
  'free_converted',
] as const;

/** A calendar day ('YYYY-MM-DD') as the language writes it in figures: 01.03.2026, 01/03/2026. */
function shortDay(lang: Language, day: string): string {
  // Noon UTC of that day, read in UTC: the same day wherever the server is.
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[lang], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * `GET /users/lesson-statistic/all.csv`: the same rows as a CSV file (`csvOf`, UTF-8 with a
 * byte-order mark) for a spreadsheet: the headers in the caller's language, each row the range's
 * days as that language writes them and the teacher by name.
 */
export function teacherStatisticsCsv(
  rows: readonly TeacherLessonStatistic[],
  lang: Language,
  range: DayRange,
): string {
  const header = (column: (typeof CSV_COLUMNS)[number]) => text(lang, `lessonStatisticsCsv.${column}`);
  const [from, to] = [shortDay(lang, range.from), shortDay(lang, range.to)];
  return csvOf(
    rows.map((row) =>
      Object.fromEntries(
        CSV_COLUMNS.map((column) => {
          const value =
            column === 'from'
              ? from
              : column === 'to'
                ? to
                : column === 'teacher'
                  ? row.teacher_name
                  : row[column];
          return [header(column), value];
        }),
      ),
    ),
  );
}

/**
 * `GET /users/lesson-statistic/by-teacher`: every day of the range (zeros included), the lessons
 * held that started that day in the range's time zone and their minutes: one teacher's, or the project's when
 * no teacher is named. A teacher of another project holds nothing here: all zeros.
 */
export async function dailyStatistics(
  db: Tx,
  workspaceId: number,
  query: LessonSeriesQuery,
): Promise<LessonDay[]> {
  const zone = query.time_zone ?? 'UTC';
  const day = sql<string>`to_char(${lessonStatistics.startedAt} at time zone ${zone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      held: sql<number>`count(*)::int`,
      minutes: sql<number>`coalesce(sum(${lessonStatistics.durationMinutes}), 0)::int`,
    })
    .from(lessonStatistics)
    .where(
      and(
        heldWithin(workspaceId, query),
        query.teacher_id === undefined ? undefined : eq(lessonStatistics.teacherId, query.teacher_id),
      ),
    )
    // By position: the day's expression holds the time zone as a parameter, which a repeated
    // expression in GROUP BY would hold as another one.
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOfRange(query.from, query.to).map((date) => ({
    day: date,
    held: byDay.get(date)?.held ?? 0,
    minutes: byDay.get(date)?.minutes ?? 0,
  }));
}
