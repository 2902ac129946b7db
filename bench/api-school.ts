/**
 * The API bench's school lists that had no line (issue 32 item 2) at a school's scale, each against
 * its own SQL:
 * - the teacher's students, `GET /api/clients` (a page, and a search), with 20,000 students in the
 *   project (BENCH_STUDENTS) over 100 teachers (BENCH_STUDENT_TEACHERS), each student with a plan
 *   and a lesson held and one to come (what the list's current plan and next lesson read);
 * - the managers' referrals report, `GET /api/referrals` (a page, and a search), over the same
 *   students: every fifth brought by another family, every tenth with a payment, every fiftieth
 *   granted sessions;
 * - the managers' call requests, `GET /api/call-requests` (a status tab's page, and a search by a
 *   phone's digits), over 5,000 requests (BENCH_CALL_REQUESTS) in every status;
 * - the moderators' acts, `GET /api/acts` (the newest 200 with their items), over 2,000 acts
 *   (BENCH_ACTS) of ten items each.
 *
 * Their SQL is not factored out of the services into query builders (as `listTicketsQueries` is), so
 * the baseline is taken from the service itself: one call of the list's service function on a
 * drizzle handle whose logger keeps each statement with its parameters, which the bare route
 * `/bench/sql/:name` then runs through `pg` one after the other (the service runs some of them side
 * by side: the baseline is, if anything, slower than the service's own SQL). The rows are written by
 * set-based SQL.
 */
import { ROLE, callRequestsQuery, clientsQuery, referralsQuery } from '@logoschool/contract';
import type { Actor } from '@logoschool/server/src/access/actor.ts';
import type { Db } from '@logoschool/server/src/db/client.ts';
import * as schema from '@logoschool/server/src/db/schema/index.ts';
import { listActs } from '@logoschool/server/src/modules/acts/acts.service.ts';
import { listCallRequests } from '@logoschool/server/src/modules/call-requests/call-requests.service.ts';
import { listClients } from '@logoschool/server/src/modules/clients/clients.service.ts';
import { listReferrals } from '@logoschool/server/src/modules/referrals/referrals.service.ts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  DURATION,
  printRows,
  printTable,
  ratio,
  run,
  through,
  type BenchContext,
  type Row,
} from './measure.ts';

const SCHOOL = {
  students: Number(process.env.BENCH_STUDENTS ?? 20_000),
  teachers: Number(process.env.BENCH_STUDENT_TEACHERS ?? 100),
  callRequests: Number(process.env.BENCH_CALL_REQUESTS ?? 5_000),
  acts: Number(process.env.BENCH_ACTS ?? 2_000),
};
const ACT_ITEMS = 10;
const TEACHERS = 'bench-school-teacher-%@bench.test';
/** Whose students the list reads: the first of the bench's teachers. */
const TEACHER = 'bench-school-teacher-1@bench.test';
/** The teacher's page: the third when she has three pages of students. */
const TEACHER_PAGE = SCHOOL.students / SCHOOL.teachers >= 60 ? 3 : 1;

type Rows<T> = { rows: T[] };

/** Children's first names, so that the list's order by name is not the order of the rows. */
const NAMES = ['Олена', 'Андрій', 'Софія', 'Марко', 'Анна', 'Богдан', 'Зоя', 'Іван', 'Дарина', 'Тарас'];

/**
 * Students, their plans and lessons, referrals, call requests and acts in the demo school. The
 * plans are copies of the demo teacher's sent plan (its template version and blocks); a plan's
 * deadline falls between a month ago and three months ahead, so that some have ended.
 */
async function seedSchool(db: Db, workspaceId: number) {
  const started = performance.now();
  const names = sql.raw(`array[${NAMES.map((name) => `'${name}'`).join(', ')}]`);
  const people = (await db.execute(sql`
    select (select id from users where email = 'manager@demo.test') manager,
           (select id from users where email = 'moderator@demo.test') moderator,
           (select id from protocols where sent_at is not null order by id limit 1) plan`)) as unknown as Rows<{
    manager: number;
    moderator: number;
    plan: number;
  }>;
  const { manager, moderator, plan } = people.rows[0] ?? {};
  if (!manager || !moderator || !plan) throw new Error('the demo manager, moderator or sent plan is missing');
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (email, name, password_hash, env_id)
      select 'bench-school-teacher-' || n || '@bench.test', 'Bench school teacher ' || n,
             (select password_hash from users where email = 'teacher@demo.test'), 1
      from generate_series(1, ${SCHOOL.teachers}) n
      on conflict do nothing`);
    await tx.execute(sql`
      insert into assignments (user_id, workspace_id, roles)
      select id, ${workspaceId}, array[${ROLE.teacher}]::int[] from users where email like ${TEACHERS}
      on conflict do nothing`);
    // Student n goes to teacher n % teachers, her (n / teachers)-th: a name, a parent, their contacts.
    await tx.execute(sql`
      with teachers as (select array_agg(id order by id) ids from users where email like ${TEACHERS})
      insert into clients (workspace_id, teacher_id, client_name, child_name, birthdate, language,
                           parent_email, parent_phone, parent_request, created_at)
      select ${workspaceId}, teachers.ids[1 + n % cardinality(teachers.ids)],
             'Bench parent ' || n, (${names})[1 + (n / ${SCHOOL.teachers} * 3) % 10] || ' Bench-' || n,
             date '2017-01-01' + (n % 1500), (array['uk', 'ru', 'en', 'pl'])[1 + n % 4],
             'bench-family-' || n || '@bench.test', '+38063' || lpad(n::text, 7, '0'),
             'Sounds [р] and [л]', now() - n * interval '10 minutes'
      from generate_series(1, ${SCHOOL.students}) n, teachers`);
    await tx.execute(sql`
      insert into protocols (workspace_id, teacher_id, client_id, template_id, template_version, deadline, lessons, sent_at)
      select c.workspace_id, c.teacher_id, c.id, p.template_id, p.template_version,
             current_date - 30 + (c.id % 120), p.lessons, now() - interval '30 days'
      from clients c join users u on u.id = c.teacher_id, protocols p
      where u.email like ${TEACHERS} and p.id = ${plan}`);
    await tx.execute(sql`
      insert into protocol_blocks (protocol_id, key, folder_id, min_presentations, max_presentations)
      select p.id, b.key, b.folder_id, b.min_presentations, b.max_presentations
      from protocols p join users u on u.id = p.teacher_id, protocol_blocks b
      where u.email like ${TEACHERS} and b.protocol_id = ${plan}`);
    // Lesson 1 held last week, lesson 2 next week, on the plan's weekday and hour.
    await tx.execute(sql`
      insert into lessons (workspace_id, teacher_id, protocol_id, number, starts_at, duration_minutes, finished_at)
      select p.workspace_id, p.teacher_id, p.id, n, at, 45, case when n = 1 then at + interval '45 minutes' end
      from protocols p join users u on u.id = p.teacher_id
      cross join generate_series(1, 2) n
      cross join lateral (select date_trunc('week', now()) + make_interval(
        weeks => 2 * n - 3, days => p.id % 5, hours => 9 + p.id % 8) as at) dates
      where u.email like ${TEACHERS}`);
    // Referrals: every fifth family brought by the one before it; payments and grants.
    await tx.execute(sql`
      insert into referral_links (workspace_id, referred_client_id, referrer_client_id, reason, created_by)
      select ${workspaceId}, c.id, r.id, 'Brought by a friend', ${manager}
      from clients c join users u on u.id = c.teacher_id
      join clients r on r.id = c.id - 1 and r.workspace_id = c.workspace_id
      where u.email like ${TEACHERS} and c.id % 5 = 0`);
    await tx.execute(sql`
      insert into referral_entries (workspace_id, client_id, kind, "on", sessions, note, created_by)
      select ${workspaceId}, c.id, case when c.id % 50 = 0 then 'grant' else 'payment' end,
             case when c.id % 50 = 0 then null else current_date - (c.id % 60) end,
             case when c.id % 50 = 0 then 2 end, 'Bench entry', ${manager}
      from clients c join users u on u.id = c.teacher_id
      where u.email like ${TEACHERS} and c.id % 10 = 0`);
    // Call requests in every status; an open request's phone is the project's only open one.
    await tx.execute(sql`
      with families as (select array_agg(c.id order by c.id) ids from clients c join users u on u.id = c.teacher_id
                        where u.email like ${TEACHERS})
      insert into call_requests (workspace_id, source, client_id, phone, "window", time_zone, child_name,
                                 language, consent_at, status, attempts, done_at, done_by, created_at, updated_at)
      select ${workspaceId}, case when n % 2 = 0 then 'dashboard' else 'booking' end,
             case when n % 2 = 0 then families.ids[1 + n % cardinality(families.ids)] end,
             '+38050' || lpad(n::text, 7, '0'), (array['asap', 'morning', 'afternoon', 'evening'])[1 + n % 4],
             'Europe/Kyiv', case when n % 2 = 1 then 'Bench caller ' || n end, 'uk',
             now() - n * interval '7 minutes', s.status, case when s.status = 'waiting' then 0 else 1 end,
             case when s.status = 'done' then now() - n * interval '5 minutes' end,
             case when s.status = 'done' then ${manager}::int end,
             now() - n * interval '7 minutes', now() - n * interval '7 minutes'
      from generate_series(1, ${SCHOOL.callRequests}) n, families,
           lateral (select (array['waiting', 'requested', 'started', 'failed', 'done'])[1 + n % 5] status) s`);
    // Acts: forty contractors' monthly acts, ten items each.
    await tx.execute(sql`
      insert into acts (workspace_id, year, number, act_date, period_from, period_to, user_id, contractor,
                        currency, total_cents, created_by, created_by_name)
      select ${workspaceId}, 2000 + n / 1000, n % 1000 + 1, date '2000-01-28' + n,
             date '2000-01-01' + n, date '2000-01-28' + n, ${moderator},
             jsonb_build_object('nameUk', 'Підрядник ' || n % 40, 'nameEn', 'Contractor ' || n % 40,
               'passport', 'AB' || lpad((n % 40)::text, 6, '0'), 'taxCountry', 'UA',
               'taxNumber', lpad((n % 40)::text, 10, '0'), 'addressUk', 'Київ, вул. Лесі Українки, ' || n % 40,
               'addressEn', 'Kyiv, Lesi Ukrainky St, ' || n % 40, 'contractNumber', 'C-' || n % 40,
               'contractDate', '2024-01-15'),
             'UAH', ${ACT_ITEMS} * 150000, ${moderator}, 'Bench moderator'
      from generate_series(1, ${SCHOOL.acts}) n`);
    await tx.execute(sql`
      insert into act_items (workspace_id, act_id, exercise_id, position, type, title, accepted_at,
                             content_link, amount_cents)
      select a.workspace_id, a.id, null, k, case when k % 4 = 0 then 'video' else 'presentation' end,
             'Exercise ' || a.id || '.' || k, a.act_date::text, 'https://school.example/edit-exercise/' || a.id,
             150000
      from acts a, generate_series(1, ${ACT_ITEMS}) k
      where a.workspace_id = ${workspaceId} and a.created_by_name = 'Bench moderator'`);
  });
  for (const table of [
    'clients',
    'protocols',
    'protocol_blocks',
    'lessons',
    'referral_links',
    'referral_entries',
    'call_requests',
    'acts',
    'act_items',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * The statements a service function runs, with their parameters: it runs once on a drizzle handle
 * over the same pool whose logger keeps them.
 */
async function statementsOf(db: Db, use: (capturing: Db) => Promise<unknown>) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const client = (db as unknown as { $client: pg.Pool }).$client;
  const capturing = drizzle({
    client,
    schema,
    logger: { logQuery: (text, params) => statements.push({ sql: text, params }) },
  }) as unknown as Db;
  await use(capturing);
  return statements;
}

/** Measures the students, referrals, call requests and acts lists. */
export async function benchSchoolLists(context: BenchContext): Promise<void> {
  const { db, address, schoolId, tokenOf, baselines } = context;
  const seeded = await seedSchool(db, schoolId);
  const ids = (await db.execute(sql`
    select (select id from users where email = ${TEACHER}) teacher,
           (select id from users where email = 'manager@demo.test') manager,
           (select id from users where email = 'moderator@demo.test') moderator`)) as unknown as Rows<{
    teacher: number;
    manager: number;
    moderator: number;
  }>;
  const { teacher, manager, moderator } = ids.rows[0] ?? { teacher: 0, manager: 0, moderator: 0 };
  // The lists read only the project from the caller (and the teacher's own students, by her id).
  const actorOf = (userId: number, role: 'manager' | 'moderator') =>
    ({ userId, workspaceId: schoolId, role, lang: 'en' }) as unknown as Actor;
  const tokens = {
    teacher: await tokenOf(TEACHER),
    manager: await tokenOf('manager@demo.test'),
    moderator: await tokenOf('moderator@demo.test'),
  };
  const acting = (role: number) => ({ workspace_id: schoolId, role_id: role });
  const lists = [
    {
      name: 'clients-page',
      title: `GET /api/clients (page ${TEACHER_PAGE})`,
      path: '/api/clients',
      query: { ...acting(ROLE.teacher), page: TEACHER_PAGE, per_page: 20, time_zone: 'Europe/Kyiv' },
      token: tokens.teacher,
      rows: Math.min(20, Math.floor(SCHOOL.students / SCHOOL.teachers)),
      service: (handle: Db, query: Record<string, unknown>) =>
        listClients(
          handle,
          { workspaceId: schoolId, teacherId: teacher, lang: 'en' },
          clientsQuery.parse(query),
        ),
    },
    {
      name: 'clients-term',
      title: 'GET /api/clients (search)',
      path: '/api/clients',
      query: { ...acting(ROLE.teacher), term: 'Софія', per_page: 20, time_zone: 'Europe/Kyiv' },
      token: tokens.teacher,
      rows: 'some',
      service: (handle: Db, query: Record<string, unknown>) =>
        listClients(
          handle,
          { workspaceId: schoolId, teacherId: teacher, lang: 'en' },
          clientsQuery.parse(query),
        ),
    },
    {
      name: 'referrals-page',
      title: 'GET /api/referrals (page 3)',
      path: '/api/referrals',
      query: { ...acting(ROLE.manager), page: 3, per_page: 20 },
      token: tokens.manager,
      rows: 20,
      service: (handle: Db, query: Record<string, unknown>) =>
        listReferrals(handle, actorOf(manager, 'manager'), referralsQuery.parse(query) as never),
    },
    {
      name: 'referrals-term',
      title: 'GET /api/referrals (search)',
      path: '/api/referrals',
      query: { ...acting(ROLE.manager), search: 'Bench-12', per_page: 20 },
      token: tokens.manager,
      rows: 'some',
      service: (handle: Db, query: Record<string, unknown>) =>
        listReferrals(handle, actorOf(manager, 'manager'), referralsQuery.parse(query) as never),
    },
    {
      name: 'calls-page',
      title: 'GET /api/call-requests (waiting, p3)',
      path: '/api/call-requests',
      query: { ...acting(ROLE.manager), status: 'waiting', page: 3, per_page: 20 },
      token: tokens.manager,
      rows: 20,
      service: (handle: Db, query: Record<string, unknown>) =>
        listCallRequests(handle, actorOf(manager, 'manager'), callRequestsQuery.parse(query)),
    },
    {
      name: 'calls-term',
      title: 'GET /api/call-requests (phone search)',
      path: '/api/call-requests',
      query: { ...acting(ROLE.manager), search: '050000012', per_page: 20 },
      token: tokens.manager,
      rows: 'some',
      service: (handle: Db, query: Record<string, unknown>) =>
        listCallRequests(handle, actorOf(manager, 'manager'), callRequestsQuery.parse(query)),
    },
    {
      name: 'acts',
      title: 'GET /api/acts (newest 200)',
      path: '/api/acts',
      query: acting(ROLE.moderator),
      token: tokens.moderator,
      rows: Math.min(200, SCHOOL.acts),
      service: (handle: Db) => listActs(handle, actorOf(moderator, 'moderator')),
    },
  ];
  const rows: Row[] = [];
  const alone: { sql: number; app: number }[] = [];
  for (const list of lists) {
    baselines.set(list.name, await statementsOf(db, (handle) => list.service(handle, list.query)));
    const url = `${list.path}?${new URLSearchParams(Object.entries(list.query).map(([k, v]) => [k, String(v)]))}`;
    const answer = await fetch(`${address}${url}`, { headers: { authorization: list.token } });
    const body = (await answer.json()) as { data: unknown[] };
    const found = body.data?.length ?? 0;
    if (!answer.ok || (list.rows === 'some' ? found === 0 : found !== list.rows)) {
      throw new Error(`${list.title}: answered ${answer.status} with ${found} rows, not ${list.rows}`);
    }
    const sqlAnswer = await fetch(`${address}/bench/sql/${list.name}`);
    if (!sqlAnswer.ok) throw new Error(`${list.name}: its SQL baseline answered ${sqlAnswer.status}`);
    // One answer of each with nothing else running, after the first (cold) ones above.
    alone.push({
      sql: await timed(`${address}/bench/sql/${list.name}`, {}),
      app: await timed(`${address}${url}`, { authorization: list.token }),
    });
    const baseline = await run(
      `${list.name} SQL via ${through} (baseline)`,
      `${address}/bench/sql/${list.name}`,
    );
    const app = await run(list.title, `${address}${url}`, { authorization: list.token });
    rows.push(baseline, app);
  }
  console.log(
    `\nschool lists: ${SCHOOL.students.toLocaleString('en')} students over ${SCHOOL.teachers} teachers ` +
      `(a plan, a lesson held and one to come each; every fifth referred, every tenth paid), ` +
      `${SCHOOL.callRequests.toLocaleString('en')} call requests, ${SCHOOL.acts.toLocaleString('en')} acts of ` +
      `${ACT_ITEMS} items; seeded in ${seeded.seconds.toFixed(1)} s; the baselines are the SQL each service ran, ` +
      `captured by drizzle's logger`,
  );
  printTable([]);
  printRows(rows);
  for (let n = 0; n < rows.length; n += 2) {
    const [baseline, app] = [rows[n] as Row, rows[n + 1] as Row];
    const one = alone[n / 2] as { sql: number; app: number };
    const single = `one answer alone: ${one.app.toFixed(0)} ms, its SQL ${one.sql.toFixed(0)} ms`;
    // A list slower than the run's length completes no answer: autocannon then reports 0 and p99 0.
    const none = [app.rps === 0 && 'the app', baseline.rps === 0 && 'its SQL'].filter(Boolean).join(' and ');
    console.log(
      none
        ? `${app.title}: ${none} completed no answer within ${DURATION} s under load, no ratio (${single})`
        : `${ratio(`${app.title} / its SQL via ${through}`, app, baseline)} (${single})`,
    );
  }
}

/** How long one GET takes to answer in full, in ms. */
async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const answer = await fetch(url, { headers });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return performance.now() - started;
}
