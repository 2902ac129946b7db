/**
 * API throughput, each route against a baseline measured in the same run, on one server:
 * - GET /api/check-token (token lookup + user with projects) against a truly bare Fastify in the
 *   same process (`fastify()` with one handler, no plugins: the framework's own ceiling, issue 32) and
 *   against a bare route inside the app (what the app's hooks cost);
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
 * - booking (issue 28), against the bare route: the parents' GET /api/appointment/:token/slots over
 *   30 teachers with a busy month each, and the manager's GET /api/bookings (a page of all, and a
 *   search) over their 21,000 bookings (BENCH_BOOKING_TEACHERS, BENCH_BOOKINGS_EACH).
 * - the generated list (issue 30) at 50,000 themed versions over five themes (BENCH_GENERATED): a
 *   theme's page and its overflow tab against their own SQL (`listGeneratedQueries` with `.toSQL()`).
 * Prints req/s and p99 latency of each and the ratios. Database: a fresh database
 * `logoschool_bench_<random>`, dropped at the end, on the embedded PostgreSQL as the app runs it
 * (durable, in a temporary directory: decision 025), or on the PostgreSQL server that
 * BENCH_DATABASE_URL (or DATABASE_URL) names.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE, exercisesQuery } from '@logoschool/contract';
import { buildApp } from '@logoschool/server/src/app.ts';
import { fileStoreIn } from '@logoschool/server/src/files/files.ts';
import { loadConfig } from '@logoschool/server/src/config.ts';
import { openDatabase, type Database } from '@logoschool/server/src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@logoschool/server/src/db/embedded.ts';
import { createScratchDatabase, type ScratchDatabase } from '@logoschool/server/src/db/scratch.ts';
import { users, workspaces } from '@logoschool/server/src/db/schema/index.ts';
import { seedDemo } from '@logoschool/server/src/db/seed.ts';
import type { ProjectActor } from '@logoschool/server/src/access/actor.ts';
import { listExercisesQueries } from '@logoschool/server/src/modules/exercises/exercise-queries.ts';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { BENCH_TERM, seedBenchExercises } from './seed-exercises.ts';
import { startServerProcess } from './server-process.ts';

import { benchBookingLists } from './api-booking.ts';
import { benchDiagnosticsLists } from './api-diagnostics.ts';
import { benchGeneratedList } from './api-generated.ts';
import { benchSchoolLists } from './api-school.ts';
import { benchTeachingLists } from './api-teaching.ts';
import { benchTicketsList } from './api-tickets.ts';
import { bearerOf, CONNECTIONS, DURATION, printTable, ratio, run, through, type Row } from './measure.ts';

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

const outsideUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-bench-'));
let embedded: EmbeddedPostgres | undefined;
let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
let sqlPool: pg.Pool | undefined;
let closeApp = async () => {};
/** A truly bare Fastify (`fastify()` with one handler, no plugins): the framework's own ceiling. */
const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));

try {
  // The server as `npm start` runs it: a cold start on an empty embedded database (the demo seed
  // included) to its first 200, and its memory after starting and after load.
  const server = await startServerProcess(Number(process.env.BENCH_START_PORT ?? 3391));
  const rssStarted = server.rssMb();
  try {
    await run('check-token on the started server', `${server.url}/api/check-token`, {
      authorization: await bearerOf(server.url, READER),
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
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  const authorization = await bearerOf(address, READER);

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
      await run('bare Fastify (baseline)', `${bareAddress}/hello`),
      await run('bare route in the app (baseline)', `${address}/bench/hello`),
      await run('GET /api/check-token', `${address}/api/check-token`, { authorization }),
      await run(`list SQL via ${through} (baseline)`, `${address}${pageList.sql}`),
      await run('GET /api/exercises (status, page)', `${address}${pageList.app}`, { authorization }),
      await run(`term SQL via ${through} (baseline)`, `${address}${termList.sql}`),
      await run(`GET /api/exercises (term)`, `${address}${termList.app}`, { authorization }),
    ];
    const [bareFastify, hello, checkToken, listSql, list, termSql, term] = rows as [
      Row,
      Row,
      Row,
      Row,
      Row,
      Row,
      Row,
    ];

    console.log(`\nAPI bench: ${kind}, ${CONNECTIONS} connections, ${DURATION} s each`);
    console.log(
      `seeded ${seeded.exercises.toLocaleString('en')} exercises (${seeded.tags.toLocaleString('en')} tag links, ` +
        `${seeded.votes.toLocaleString('en')} votes) in ${seeded.seconds.toFixed(1)} s, vacuum analyze included`,
    );
    console.log(
      `list: moderator, status_id=1, page 50 of 20; term: "${BENCH_TERM}" (title and slide text), page 1`,
    );
    console.log();
    printTable(rows);
    console.log(`\n${ratio('check-token / bare Fastify', checkToken, bareFastify)}`);
    console.log(ratio('check-token / bare route in the app', checkToken, hello));
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

  const tokenOf = (email: string) => bearerOf(address, email);
  const context = { db, address, schoolId: school.id, tokenOf, baselines };
  await benchTeachingLists(context);
  await benchDiagnosticsLists(context);
  await benchBookingLists(context);
  await benchGeneratedList(context);
  await benchTicketsList(context);
  await benchSchoolLists(context);
} finally {
  await closeApp();
  await bare.close();
  await sqlPool?.end();
  await database?.close();
  await scratch?.drop();
  await embedded?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
