/**
 * API throughput, each route against a baseline measured in the same run, on one server:
 * - GET /api/check-token (token lookup + user with projects) against a bare route (the framework's
 *   own ceiling);
 * - GET /api/exercises at 100,000 exercises (a status tab's page, and a term search) against a bare
 *   route that runs the same SQL — taken from the service's own query builders with `.toSQL()` —
 *   through `pg`, so that the ratio is what auth, drizzle and the answer's shaping cost.
 * - GET /api/templates and GET /api/protocols with thousands of templates and plans, and GET
 *   /api/lessons (a page, and a week) with 50 teachers × 200 lessons (BENCH_LESSON_TEACHERS,
 *   BENCH_LESSONS_EACH), against the bare route; and the lessons' page against its own two
 *   statements (`listLessonsQueries` with `.toSQL()`).
 * - GET /api/users/lesson-statistic/all (the managers' report of the last 30 days, per teacher) on
 *   the same lessons, the finished ones held, against a bare route running its SQL (from the
 *   service's own query builder with `.toSQL()`), as the exercise list is measured.
 * - the diagnostics lists (issue 16), against the bare route (their SQL is not factored out of the
 *   services): GET /api/diagnostician/clients for a diagnostician assigned to 2,000 students of 50
 *   teachers, 5 diagnoses each (BENCH_DC_STUDENTS, BENCH_DC_TEACHERS, BENCH_DC_EACH); GET
 *   /api/clients/:id/diagnoses for a student with 200 diagnoses (BENCH_DC_HISTORY); GET
 *   /api/diagnostic-cards with 500 cards (BENCH_DC_CARDS), the moderator's page and the teacher's;
 *   and the parents' GET /api/public/dc/:token/progress over 50 diagnoses sent on one card
 *   (BENCH_DC_SENT).
 * Prints req/s and p99 latency of each and the ratios. Database: a fresh database
 * `logoschool_bench_<random>`, dropped at the end, on the embedded PostgreSQL as the app runs it
 * (durable, in a temporary directory: decision 025), or on the PostgreSQL server that
 * BENCH_DATABASE_URL (or DATABASE_URL) names.
 *
 * Over 450 lines, it stays whole: one run, one server and one set of same-run baselines, each
 * route's line next to its baseline; the seeds already live in their own files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROLE, exercisesQuery, lessonsQuery } from '@logoschool/contract';
import { buildApp } from '@logoschool/server/src/app.ts';
import { fileStoreIn } from '@logoschool/server/src/files/files.ts';
import { loadConfig } from '@logoschool/server/src/config.ts';
import { openDatabase, type Database } from '@logoschool/server/src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@logoschool/server/src/db/embedded.ts';
import { createScratchDatabase, type ScratchDatabase } from '@logoschool/server/src/db/scratch.ts';
import { users, workspaces } from '@logoschool/server/src/db/schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from '@logoschool/server/src/db/seed.ts';
import type { ProjectActor } from '@logoschool/server/src/access/actor.ts';
import { listExercisesQueries } from '@logoschool/server/src/modules/exercises/exercise-queries.ts';
import { listLessonsQueries } from '@logoschool/server/src/modules/lessons/lesson-queries.ts';
import { teacherStatisticsQuery } from '@logoschool/server/src/modules/lessons/lesson-statistics.service.ts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { seedBenchDiagnoses } from './seed-diagnoses.ts';
import { BENCH_TERM, seedBenchExercises } from './seed-exercises.ts';
import { seedBenchLessons } from './seed-lessons.ts';
import { seedBenchProtocols } from './seed-protocols.ts';
import { startServerProcess } from './server-process.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EXERCISES = Number(process.env.BENCH_EXERCISES ?? 100_000);
/**
 * Library sizes to measure the list and the search at, ascending (BENCH_SWEEP=10000,100000,1000000);
 * the full table is measured when the library reaches BENCH_EXERCISES.
 */
const SWEEP = [
  ...new Set([...(process.env.BENCH_SWEEP ?? '').split(',').filter(Boolean).map(Number), EXERCISES]),
].sort((a, b) => a - b);
/** The moderator who reads the list: moderator in the Demo school, so every exercise is in scope. */
const READER = 'multi@demo.test';
/** Published templates and the demo teacher's plans for the templates and plans lists. */
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 2_000);
const PLANS = Number(process.env.BENCH_PLANS ?? 5_000);
/** Teachers with lessons, and the lessons of each (ten per plan), for the lessons list. */
const LESSON_TEACHERS = Number(process.env.BENCH_LESSON_TEACHERS ?? 50);
const LESSONS_EACH = Number(process.env.BENCH_LESSONS_EACH ?? 200);
/** The diagnostics' scale: see `seedBenchDiagnoses`. */
const DIAGNOSES = {
  teachers: Number(process.env.BENCH_DC_TEACHERS ?? 50),
  students: Number(process.env.BENCH_DC_STUDENTS ?? 2_000),
  each: Number(process.env.BENCH_DC_EACH ?? 5),
  cards: Number(process.env.BENCH_DC_CARDS ?? 500),
  history: Number(process.env.BENCH_DC_HISTORY ?? 200),
  sent: Number(process.env.BENCH_DC_SENT ?? 50),
};

const outsideUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-bench-'));
let embedded: EmbeddedPostgres | undefined;
let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
let sqlPool: pg.Pool | undefined;
let closeApp = async () => {};

interface Row {
  title: string;
  rps: number;
  p99: number;
}

async function run(title: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  // A slow search answers late rather than never: give it longer than autocannon's 10 s.
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 30,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { title, rps: result.requests.average, p99: result.latency.p99 };
}

const ratio = (name: string, row: Row, baseline: Row) =>
  `${name}: ${(row.rps / baseline.rps).toFixed(3)} of the throughput, ` +
  `p99 ${(row.p99 / Math.max(baseline.p99, 1)).toFixed(1)}x the baseline's`;

try {
  // The server as `npm start` runs it: a cold start on an empty embedded database (the demo seed
  // included) to its first 200, and its memory after starting and after load.
  const server = await startServerProcess(Number(process.env.BENCH_START_PORT ?? 3391));
  const rssStarted = server.rssMb();
  try {
    const signIn = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: READER, password: DEMO_PASSWORD }),
    });
    const { data: session } = (await signIn.json()) as { data: { token: string } };
    await run('check-token on the started server', `${server.url}/api/check-token`, {
      authorization: `Bearer ${session.token}`,
    });
    console.log(
      `\nserver process (embedded PostgreSQL, empty data directory): first 200 after ${(server.startMs / 1000).toFixed(2)} s; ` +
        `RSS of its processes ${rssStarted.toFixed(0)} MB after start, ${server.rssMb().toFixed(0)} MB ` +
        `after ${DURATION} s of check-token (${server.processes()})`,
    );
  } finally {
    await server.stop();
  }

  // The embedded PostgreSQL as the app runs it, started after the server process has stopped.
  embedded = outsideUrl ? undefined : await startEmbeddedPostgres({ dataDir, database: 'postgres' });
  scratch = await createScratchDatabase(
    outsideUrl ?? (embedded as EmbeddedPostgres).adminUrl,
    'logoschool_bench',
  );
  const kind = embedded ? 'embedded PostgreSQL' : 'PostgreSQL of BENCH_DATABASE_URL';
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    RATE_LIMIT_MAX: '100000000',
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url,
  });
  database = await openDatabase({ url: config.DATABASE_URL });
  await database.migrate();
  await seedDemo(database.db, fileStoreIn(config.dataDir));
  const db = database.db;

  const [school] = await db.select().from(workspaces).where(eq(workspaces.title, 'Demo school'));
  const [reader] = await db.select().from(users).where(eq(users.email, READER));
  if (!school || !reader) throw new Error('the demo school or its moderator is missing');

  // The SQL the service runs for each list, with its parameters: counters, the page, its tags.
  const caller: ProjectActor = { workspaceId: school.id, role: 'moderator', userId: reader.id, lang: 'en' };
  const acting = { workspace_id: school.id, role_id: ROLE.moderator, per_page: 20 };
  const lists = {
    page: { ...acting, status_id: 1, page: 50 },
    term: { ...acting, term: BENCH_TERM, page: 1 },
  };
  /** The SQL of a list's query string as the service builds it, and the ids of its page. */
  async function statementsOf(search: URLSearchParams) {
    const queries = listExercisesQueries(db, caller, exercisesQuery.parse(Object.fromEntries(search)));
    const ids = (await queries.rows).map((row) => row.exercise.id);
    return { ids, statements: [queries.counters.toSQL(), queries.rows.toSQL(), queries.tags(ids).toSQL()] };
  }

  // The same process, without auth, validation or shaping: the statements one after the other, as
  // the service runs them, and their rows as they come.
  sqlPool = new pg.Pool({ connectionString: scratch.url, max: 10 });
  const pool = sqlPool;
  const runSql = async (text: string, values: unknown[]) =>
    (await pool.query({ text, values, rowMode: 'array' })).rows;
  const through = 'pg';

  const app = await buildApp({ config, database });
  closeApp = () => app.close();
  app.get('/bench/hello', { config: { rateLimit: false } }, async () => ({ hello: 'world' }));
  /** The SQL baseline of each list, set once the library has its size. */
  const baselines = new Map<string, { sql: string; params: unknown[] }[]>();
  app.get<{ Params: { name: string } }>(
    '/bench/sql/:name',
    { config: { rateLimit: false } },
    async (request) => {
      const results = [];
      for (const statement of baselines.get(request.params.name) ?? []) {
        results.push(await runSql(statement.sql, statement.params));
      }
      return results;
    },
  );
  /** Sets the SQL baseline of a list; its URLs and the ids of its page. */
  async function prepareList(name: string, query: Record<string, string | number>) {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const { ids, statements } = await statementsOf(search);
    baselines.set(name, statements);
    return { name, app: `/api/exercises?${search}`, sql: `/bench/sql/${name}`, ids };
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: READER, password: DEMO_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const authorization = `Bearer ${data.token}`;

  /** The full table at the library's present size. */
  async function fullTable(seeded: Awaited<ReturnType<typeof seedBenchExercises>>) {
    const pageList = await prepareList('page', lists.page);
    const termList = await prepareList('term', lists.term);
    // Both sides must answer the same page, or the ratio compares different work.
    for (const urls of [pageList, termList]) {
      const answer = await fetch(`${address}${urls.app}`, { headers: { authorization } });
      const page = (await answer.json()) as { data: { id: number }[]; meta: { total: number } };
      const ids = page.data.map((exercise) => exercise.id);
      if (!answer.ok || ids.length !== 20 || ids.join() !== urls.ids.join()) {
        throw new Error(
          `${urls.name}: the app answered ${answer.status} with ids ${ids} instead of ${urls.ids}`,
        );
      }
      const sqlAnswer = (await (await fetch(`${address}${urls.sql}`)).json()) as unknown[][];
      if (sqlAnswer[1]?.length !== 20) throw new Error(`${urls.name}: the SQL baseline found no full page`);
    }

    const rows = [
      await run('bare route (baseline)', `${address}/bench/hello`),
      await run('GET /api/check-token', `${address}/api/check-token`, { authorization }),
      await run(`list SQL via ${through} (baseline)`, `${address}${pageList.sql}`),
      await run('GET /api/exercises (status, page)', `${address}${pageList.app}`, { authorization }),
      await run(`term SQL via ${through} (baseline)`, `${address}${termList.sql}`),
      await run(`GET /api/exercises (term)`, `${address}${termList.app}`, { authorization }),
    ];
    const [hello, checkToken, listSql, list, termSql, term] = rows as [Row, Row, Row, Row, Row, Row];

    console.log(`\nAPI bench: ${kind}, ${CONNECTIONS} connections, ${DURATION} s each`);
    console.log(
      `seeded ${seeded.exercises.toLocaleString('en')} exercises (${seeded.tags.toLocaleString('en')} tag links, ` +
        `${seeded.votes.toLocaleString('en')} votes) in ${seeded.seconds.toFixed(1)} s, vacuum analyze included`,
    );
    console.log(
      `list: moderator, status_id=1, page 50 of 20; term: "${BENCH_TERM}" (title and slide text), page 1`,
    );
    console.log(`\n${'route'.padEnd(38)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(10)}`);
    for (const row of rows) {
      console.log(row.title.padEnd(38), row.rps.toFixed(0).padStart(10), String(row.p99).padStart(10));
    }
    console.log(`\n${ratio('check-token / bare route', checkToken, hello)}`);
    console.log(ratio(`exercise list / its SQL via ${through}`, list, listSql));
    console.log(ratio(`term list / its SQL via ${through}`, term, termSql));
  }

  const scaling: { size: number; list: Row; term: Row }[] = [];
  let seeded = { exercises: 0, tags: 0, votes: 0, seconds: 0 };
  for (const size of SWEEP) {
    const added = await seedBenchExercises(db, school.id, reader.id, size - seeded.exercises);
    seeded = {
      exercises: size,
      tags: seeded.tags + added.tags,
      votes: seeded.votes + added.votes,
      seconds: seeded.seconds + added.seconds,
    };
    if (size === EXERCISES) await fullTable(seeded);
    if (SWEEP.length > 1) {
      const appList = `/api/exercises?${new URLSearchParams(Object.entries(lists.page).map(([k, v]) => [k, String(v)]))}`;
      const appTerm = `/api/exercises?${new URLSearchParams(Object.entries(lists.term).map(([k, v]) => [k, String(v)]))}`;
      scaling.push({
        size,
        list: await run(`list at ${size}`, `${address}${appList}`, { authorization }),
        term: await run(`term at ${size}`, `${address}${appTerm}`, { authorization }),
      });
    }
  }
  if (scaling.length > 1) {
    const first = scaling[0] as (typeof scaling)[number];
    console.log(`\nscaling (p99 ms of the app's answer; ratio to the smallest library)`);
    console.log(`${'exercises'.padStart(12)} ${'list p99'.padStart(10)} ${'term p99'.padStart(10)}`);
    for (const { size, list, term } of scaling) {
      console.log(
        size.toLocaleString('en').padStart(12),
        `${list.p99} (${(list.p99 / Math.max(first.list.p99, 1)).toFixed(1)}x)`.padStart(10),
        `${term.p99} (${(term.p99 / Math.max(first.term.p99, 1)).toFixed(1)}x)`.padStart(10),
      );
    }
  }

  // The teaching lists (issue 14) at a school's scale, against the bare route of the same run.
  const protocolsSeeded = await seedBenchProtocols(db, TEMPLATES, PLANS);
  const lessonsSeeded = await seedBenchLessons(db, LESSON_TEACHERS, LESSONS_EACH);
  const tokenOf = async (email: string) => {
    const answer = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    return `Bearer ${((await answer.json()) as { data: { token: string } }).data.token}`;
  };
  const teaching = [
    {
      title: 'GET /api/templates (moderator)',
      url: `/api/templates?workspace_id=${school.id}&role_id=${ROLE.moderator}&page=3`,
      authorization: await tokenOf('moderator@demo.test'),
    },
    {
      title: 'GET /api/templates (teacher)',
      url: `/api/templates?workspace_id=${school.id}&role_id=${ROLE.teacher}&status=published&page=3`,
      authorization: await tokenOf('teacher@demo.test'),
    },
    {
      title: 'GET /api/protocols (teacher)',
      url: `/api/protocols?workspace_id=${school.id}&role_id=${ROLE.teacher}&filter=filled&page=3`,
      authorization: await tokenOf('teacher@demo.test'),
    },
    {
      title: 'GET /api/lessons (page 3)',
      url: `/api/lessons?workspace_id=${school.id}&role_id=${ROLE.teacher}&page=3`,
      authorization: await tokenOf(lessonsSeeded.email),
    },
    {
      title: 'GET /api/lessons (this week)',
      url: `/api/lessons?workspace_id=${school.id}&role_id=${ROLE.teacher}&week=${new Date().toISOString().slice(0, 10)}&time_zone=Europe/Kyiv`,
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
  console.log(`${'route'.padEnd(38)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(10)}`);
  for (const row of [bare, ...teachingRows]) {
    console.log(row.title.padEnd(38), row.rps.toFixed(0).padStart(10), String(row.p99).padStart(10));
  }
  for (const row of teachingRows) console.log(ratio(`${row.title} / bare route`, row, bare));

  // The lessons list against its own SQL (the count and the page, as the service runs them).
  const [benchTeacher] = await db.select().from(users).where(eq(users.email, lessonsSeeded.email));
  if (!benchTeacher) throw new Error('the bench teacher is missing');
  const lessonCaller = {
    workspaceId: school.id,
    role: 'teacher' as const,
    userId: benchTeacher.id,
    lang: 'en' as const,
    timeZone: 'UTC',
  };
  const lessonsQueries = listLessonsQueries(
    db,
    lessonCaller,
    lessonsQuery.parse({ workspace_id: school.id, role_id: ROLE.teacher, page: 3 }),
  );
  baselines.set('lessons', [lessonsQueries.count.toSQL(), lessonsQueries.rows.toSQL()]);
  const lessonsUrl = `/api/lessons?workspace_id=${school.id}&role_id=${ROLE.teacher}&page=3&time_zone=UTC`;
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
  for (const row of lessonsRows) {
    console.log(row.title.padEnd(38), row.rps.toFixed(0).padStart(10), String(row.p99).padStart(10));
  }
  console.log(ratio(`lessons list / its SQL via ${through}`, lessonsRows[1] as Row, lessonsRows[0] as Row));

  // The managers' report of the last 30 days, per teacher, against its own SQL.
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const reportRange = { from: monthAgo, to: today, time_zone: 'UTC' };
  baselines.set('lesson-statistics', [teacherStatisticsQuery(db, school.id, reportRange).toSQL()]);
  const reportUrl = `/api/users/lesson-statistic/all?workspace_id=${school.id}&role_id=${ROLE.manager}&from=${monthAgo}&to=${today}&time_zone=UTC`;
  const managerAuthorization = await tokenOf('manager@demo.test');
  const report = await fetch(`${address}${reportUrl}`, { headers: { authorization: managerAuthorization } });
  const reportRows = ((await report.json()) as { data: unknown[] }).data;
  const reportSql = (await (await fetch(`${address}/bench/sql/lesson-statistics`)).json()) as unknown[][];
  if (!report.ok || reportRows.length === 0 || reportRows.length !== reportSql[0]?.length) {
    throw new Error(
      `lesson statistics: the app answered ${report.status} with ${reportRows?.length} rows, its SQL ${reportSql[0]?.length}`,
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
  console.log(`${'route'.padEnd(38)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(10)}`);
  for (const row of statisticsRows) {
    console.log(row.title.padEnd(38), row.rps.toFixed(0).padStart(10), String(row.p99).padStart(10));
  }
  console.log(ratio(`lesson statistics / its SQL via ${through}`, statistics, statisticsSql));

  // The diagnostics lists (issue 16) against the bare route of the same run.
  const diagnosesSeeded = await seedBenchDiagnoses(db, DIAGNOSES);
  const diagnostician = await tokenOf(diagnosesSeeded.email);
  const pageOf = (count: number) => Math.min(3, Math.max(1, Math.ceil(count / 20)));
  const fullPage = (count: number, page: number) => Math.min(20, count - (page - 1) * 20);
  const clientsPage = pageOf(DIAGNOSES.students);
  const cardsPage = pageOf(diagnosesSeeded.schoolCards);
  const diagnosing = [
    {
      title: 'GET /api/diagnostician/clients',
      url: `/api/diagnostician/clients?workspace_id=${school.id}&role_id=${ROLE.diagnostician}&page=${clientsPage}`,
      authorization: diagnostician,
      rows: (body: { data: { diagnoses: unknown[] }[] }) =>
        body.data.length === fullPage(DIAGNOSES.students, clientsPage) &&
        body.data.every((client) => client.diagnoses.length === DIAGNOSES.each),
    },
    {
      title: 'GET /api/clients/:id/diagnoses',
      url: `/api/clients/${diagnosesSeeded.clientId}/diagnoses?workspace_id=${school.id}&role_id=${ROLE.diagnostician}`,
      authorization: diagnostician,
      rows: (body: { data: { diagnoses: unknown[] } }) =>
        body.data.diagnoses.length === Math.max(DIAGNOSES.history, DIAGNOSES.sent),
    },
    {
      title: 'GET /api/diagnostic-cards (moderator)',
      url: `/api/diagnostic-cards?workspace_id=${school.id}&role_id=${ROLE.moderator}&page=${cardsPage}`,
      authorization: await tokenOf('moderator@demo.test'),
      rows: (body: { data: unknown[] }) =>
        body.data.length === fullPage(diagnosesSeeded.schoolCards, cardsPage),
    },
    {
      title: 'GET /api/diagnostic-cards (teacher)',
      url: `/api/diagnostic-cards?workspace_id=${school.id}&role_id=${ROLE.teacher}&page=${cardsPage}`,
      authorization: await tokenOf('teacher@demo.test'),
      rows: (body: { data: unknown[] }) =>
        body.data.length === fullPage(diagnosesSeeded.schoolCards, cardsPage),
    },
    {
      title: 'GET /api/public/dc/:token/progress',
      url: `/api/public/dc/${diagnosesSeeded.token}/progress`,
      authorization: undefined,
      rows: (body: { data: { dates: unknown[]; series: unknown[] } }) =>
        body.data.dates.length === DIAGNOSES.sent && body.data.series.length > 0,
    },
  ];
  for (const list of diagnosing) {
    const headers: Record<string, string> = list.authorization ? { authorization: list.authorization } : {};
    const answer = await fetch(`${address}${list.url}`, { headers });
    const body = (await answer.json()) as never;
    if (!answer.ok || !list.rows(body)) {
      throw new Error(`${list.title}: answered ${answer.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  const diagnosingBare = await run('bare route (baseline)', `${address}/bench/hello`);
  const diagnosingRows = [];
  for (const list of diagnosing) {
    const headers: Record<string, string> = list.authorization ? { authorization: list.authorization } : {};
    diagnosingRows.push(await run(list.title, `${address}${list.url}`, headers));
  }
  console.log(
    `\ndiagnostics: ${DIAGNOSES.students.toLocaleString('en')} students of ${DIAGNOSES.teachers} teachers assigned to one diagnostician, ` +
      `${DIAGNOSES.each} diagnoses each; one student with ${DIAGNOSES.history} (${DIAGNOSES.sent} sent on one card); ` +
      `${diagnosesSeeded.schoolCards.toLocaleString('en')} cards; ${diagnosesSeeded.diagnoses.toLocaleString('en')} diagnoses, ` +
      `seeded in ${diagnosesSeeded.seconds.toFixed(1)} s; lists: page ${clientsPage} (students) and ${cardsPage} (cards) of 20`,
  );
  console.log(`${'route'.padEnd(38)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(10)}`);
  for (const row of [diagnosingBare, ...diagnosingRows]) {
    console.log(row.title.padEnd(38), row.rps.toFixed(0).padStart(10), String(row.p99).padStart(10));
  }
  for (const row of diagnosingRows) console.log(ratio(`${row.title} / bare route`, row, diagnosingBare));
} finally {
  await closeApp();
  await sqlPool?.end();
  await database?.close();
  await scratch?.drop();
  await embedded?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
