/**
 * The API bench's teaching lists (issue 14) at a school's scale: templates, plans and lessons
 * against the bare route of the same run, the lessons' page and the managers' report against their
 * own SQL.
 */
import { ROLE, lessonsQuery } from '@logoschool/contract';
import { users } from '@logoschool/server/src/db/schema/index.ts';
import { listLessonsQueries } from '@logoschool/server/src/modules/lessons/lesson-queries.ts';
import {
  freeLessonStatisticsSql,
  teacherStatisticsQuery,
} from '@logoschool/server/src/modules/lessons/lesson-statistics.service.ts';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { printRows, printTable, ratio, run, through, type BenchContext, type Row } from './measure.ts';
import { seedBenchLessons } from './seed-lessons.ts';
import { seedBenchProtocols } from './seed-protocols.ts';

/** Published templates and the demo teacher's plans for the templates and plans lists. */
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 2_000);
const PLANS = Number(process.env.BENCH_PLANS ?? 5_000);
/** Teachers with lessons, and the lessons of each (ten per plan), for the lessons list. */
const LESSON_TEACHERS = Number(process.env.BENCH_LESSON_TEACHERS ?? 50);
const LESSONS_EACH = Number(process.env.BENCH_LESSONS_EACH ?? 200);

/** Measures the teaching lists. */
export async function benchTeachingLists(context: BenchContext): Promise<void> {
  const { db, address, schoolId, tokenOf, baselines } = context;
  const protocolsSeeded = await seedBenchProtocols(db, TEMPLATES, PLANS);
  const lessonsSeeded = await seedBenchLessons(db, LESSON_TEACHERS, LESSONS_EACH);
  const teaching = [
    {
      title: 'GET /api/templates (moderator)',
      url: `/api/templates?workspace_id=${schoolId}&role_id=${ROLE.moderator}&page=3`,
      authorization: await tokenOf('moderator@demo.test'),
    },
    {
      title: 'GET /api/templates (teacher)',
      url: `/api/templates?workspace_id=${schoolId}&role_id=${ROLE.teacher}&status=published&page=3`,
      authorization: await tokenOf('teacher@demo.test'),
    },
    {
      title: 'GET /api/protocols (teacher)',
      url: `/api/protocols?workspace_id=${schoolId}&role_id=${ROLE.teacher}&filter=filled&page=3`,
      authorization: await tokenOf('teacher@demo.test'),
    },
    {
      title: 'GET /api/lessons (page 3)',
      url: `/api/lessons?workspace_id=${schoolId}&role_id=${ROLE.teacher}&page=3`,
      authorization: await tokenOf(lessonsSeeded.email),
    },
    {
      title: 'GET /api/lessons (this week)',
      url: `/api/lessons?workspace_id=${schoolId}&role_id=${ROLE.teacher}&week=${new Date().toISOString().slice(0, 10)}&time_zone=Europe/Kyiv`,
      authorization: await tokenOf(lessonsSeeded.email),
    },
  ];
  for (const list of teaching) {
    const answer = await fetch(`${address}${list.url}`, { headers: { authorization: list.authorization } });
    const page = (await answer.json()) as { data: unknown[] };
    if (!answer.ok || page.data.length !== 20) {
      throw new Error(`${list.title}: answered ${answer.status} with ${page.data?.length} rows, not 20`);
    }
  }
  const bare = await run('bare route (baseline)', `${address}/bench/hello`);
  const teachingRows = [];
  for (const list of teaching) {
    teachingRows.push(await run(list.title, `${address}${list.url}`, { authorization: list.authorization }));
  }
  console.log(
    `\nteaching lists: ${protocolsSeeded.templates.toLocaleString('en')} published templates (3 blocks each), ` +
      `${protocolsSeeded.plans.toLocaleString('en')} plans of one teacher, seeded in ${protocolsSeeded.seconds.toFixed(1)} s; page 3 of 20`,
  );
  console.log(
    `lessons: ${lessonsSeeded.teachers} teachers, ${lessonsSeeded.lessons.toLocaleString('en')} lessons ` +
      `(${lessonsSeeded.presentations.toLocaleString('en')} presentations), seeded in ${lessonsSeeded.seconds.toFixed(1)} s; ` +
      `one teacher's list: page 3 of 20, and this week's`,
  );
  printTable([bare, ...teachingRows]);
  for (const row of teachingRows) console.log(ratio(`${row.title} / bare route`, row, bare));

  // The lessons list against its own SQL (the count and the page, as the service runs them).
  const [benchTeacher] = await db.select().from(users).where(eq(users.email, lessonsSeeded.email));
  if (!benchTeacher) throw new Error('the bench teacher is missing');
  const lessonCaller = {
    workspaceId: schoolId,
    role: 'teacher' as const,
    userId: benchTeacher.id,
    lang: 'en' as const,
    timeZone: 'UTC',
  };
  const lessonsQueries = listLessonsQueries(
    db,
    lessonCaller,
    lessonsQuery.parse({ workspace_id: schoolId, role_id: ROLE.teacher, page: 3 }),
  );
  baselines.set('lessons', [lessonsQueries.count.toSQL(), lessonsQueries.rows.toSQL()]);
  const lessonsUrl = `/api/lessons?workspace_id=${schoolId}&role_id=${ROLE.teacher}&page=3&time_zone=UTC`;
  const lessonsAuthorization = await tokenOf(lessonsSeeded.email);
  const lessonsPage = (await (
    await fetch(`${address}${lessonsUrl}`, { headers: { authorization: lessonsAuthorization } })
  ).json()) as { data: { id: number }[] };
  const lessonsSql = (await (await fetch(`${address}/bench/sql/lessons`)).json()) as unknown[][][];
  if (lessonsPage.data.length !== 20 || lessonsSql[1]?.length !== 20) {
    throw new Error(
      `lessons list: the app gave ${lessonsPage.data.length} rows, its SQL ${lessonsSql[1]?.length}`,
    );
  }
  const lessonsRows = [
    await run(`lessons SQL via ${through} (baseline)`, `${address}/bench/sql/lessons`),
    await run('GET /api/lessons (page 3, vs its SQL)', `${address}${lessonsUrl}`, {
      authorization: lessonsAuthorization,
    }),
  ];
  printRows(lessonsRows);
  console.log(ratio(`lessons list / its SQL via ${through}`, lessonsRows[1] as Row, lessonsRows[0] as Row));

  // The managers' report of the last 30 days, per teacher, against its own SQL.
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const reportRange = { from: monthAgo, to: today, time_zone: 'UTC' };
  // Its two statements: the lessons held per teacher, and the free lessons booked (issue 28).
  baselines.set('lesson-statistics', [
    teacherStatisticsQuery(db, schoolId, reportRange).toSQL(),
    new PgDialect().sqlToQuery(freeLessonStatisticsSql(schoolId, reportRange)),
  ]);
  const reportUrl = `/api/users/lesson-statistic/all?workspace_id=${schoolId}&role_id=${ROLE.manager}&from=${monthAgo}&to=${today}&time_zone=UTC`;
  const managerAuthorization = await tokenOf('manager@demo.test');
  const report = await fetch(`${address}${reportUrl}`, { headers: { authorization: managerAuthorization } });
  const reportRows = ((await report.json()) as { data: unknown[] }).data;
  const reportSql = (await (await fetch(`${address}/bench/sql/lesson-statistics`)).json()) as number[][][];
  // A row per teacher who held lessons or gave free ones (each statement's first column).
  const teachers = new Set(reportSql.flat().map((row) => row[0]));
  if (!report.ok || reportRows.length === 0 || reportRows.length !== teachers.size) {
    throw new Error(
      `lesson statistics: the app answered ${report.status} with ${reportRows?.length} rows, its SQL ${teachers.size}`,
    );
  }
  const statisticsRows = [
    await run(`report SQL via ${through} (baseline)`, `${address}/bench/sql/lesson-statistics`),
    await run('GET /api/users/lesson-statistic/all', `${address}${reportUrl}`, {
      authorization: managerAuthorization,
    }),
  ];
  const [statisticsSql, statistics] = statisticsRows as [Row, Row];
  console.log(
    `\nlesson statistics: ${lessonsSeeded.held.toLocaleString('en')} lessons held by ${lessonsSeeded.teachers} teachers; ` +
      `the last 30 days per teacher (${reportRows.length} rows)`,
  );
  printTable(statisticsRows);
  console.log(ratio(`lesson statistics / its SQL via ${through}`, statistics, statisticsSql));
}
