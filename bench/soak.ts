/**
 * Stays one file for now (936 lines): one script read top to bottom, in sections (the app's
 * process, requests, the setup, the mix, figures, the run). Its seams for a split are the mix and
 * the app's process, which repeats `durability.ts`' start; both are noted for the next session.
 *
 * `npm run bench:soak` (issue 32 item 5): the app as `npm start` runs it, under a fixed arrival rate
 * of a realistic mix for ten minutes: every answer the expected one, p50/p99 per minute, and its
 * memory flat.
 *
 * The app: its own process (`node --max-semi-space-size=4 --import tsx apps/server/src/main.ts`, as
 * `npm start` and `server-process.ts` start it) on a scratch database `logoschool_soak_<random>`,
 * created on the server of BENCH_DATABASE_URL (or DATABASE_URL; postgres://postgres@127.0.0.1:5432/
 * postgres by default) and dropped at the end, or with SOAK_EMBEDDED=1 on the embedded default in a
 * temporary DATA_DIR; with the demo seed of a first start. Its rate limits stay at their defaults:
 * the clients come from many addresses, which the app reads from X-Forwarded-For as behind a proxy
 * (TRUST_PROXY=1) — each signed-in device, parent and sign-in page from its own. The background
 * work of a first start that has nothing to do with requests is off (RENDER_WAITING_DECKS=0: the
 * demo decks' LibreOffice renders; PREPARE_LESSONS=0: the themed versions that lock a lesson, as in
 * the browser tests), so that the slide moves never meet a locked lesson.
 *
 * The load: a paced loop of our own, not autocannon. The n-th request leaves at start + n /
 * SOAK_RATE whatever the earlier answers did (an open model: a slow answer does not hold back the
 * next arrivals, where autocannon's `overallRate` paces connections that each wait for their
 * answer), and each is drawn from the mix by weight, with its own token, address and expected
 * status — which autocannon cannot check per request. Every answer is read whole and must have
 * exactly its expected status and a JSON body of its kind (`data`, or a refusal's `message`);
 * anything else is an error (another status or body, a failed connection, or no answer within 10 s).
 * The writes are spread as a school spreads them: twelve live lessons, each moved by its teacher's
 * player, and notes across forty students (the setup adds them as a teacher does). Beside the
 * requests, SOAK_STREAMS (3) children's screens follow live lessons over server-sent events for the
 * whole run; one that ends early is an error.
 *
 * Prints per minute (by the time answers arrive): requests, errors, p50/p99/max ms, and the RSS of
 * the app's process tree (node, and the embedded PostgreSQL's processes with SOAK_EMBEDDED=1; the
 * slide renderer's jobs left out) sampled at the minute's end; then the totals, each kind's figures,
 * and whether memory stayed flat: the RSS at the end within +15% of the RSS after the first minute
 * (the warm-up). Exits 1 on any error or on memory growth past 15%.
 *
 * `SOAK_SECONDS` (600, more than 60), `SOAK_RATE` (200 requests per second), `SOAK_STREAMS` (3),
 * `SOAK_PORT` (3441).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, API_BASE, CALL_WINDOWS, ROLE } from '@logoschool/contract';
import { createScratchDatabase, type ScratchDatabase } from '@logoschool/server/src/db/scratch.ts';
import { DEMO_PASSWORD } from '@logoschool/server/src/db/seed.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const STREAMS = Number(process.env.SOAK_STREAMS ?? 3);
const PORT = Number(process.env.SOAK_PORT ?? 3441);
const EMBEDDED = process.env.SOAK_EMBEDDED === '1';
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TIMEOUT_MS = 10_000;
/** How far the RSS at the end may be above the RSS after the first minute. */
const MEMORY_GROWTH_MAX = 0.15;
/**
 * The most requests left waiting at once: every one answered only at its timeout. Past it the load
 * generator is behind on its own timers too, and an arrival is not sent but counted as an error.
 */
const IN_FLIGHT_MAX = Math.max(100, (RATE * TIMEOUT_MS) / 1000);
const TIME_ZONE = 'Europe/Kyiv';
const BASE = `http://127.0.0.1:${PORT}`;

for (const [name, value, min] of [
  ['SOAK_SECONDS', SECONDS, 61],
  ['SOAK_RATE', RATE, 1],
  ['SOAK_STREAMS', STREAMS, 0],
] as const) {
  if (!Number.isInteger(value) || value < min) {
    console.error(`${name} must be a whole number of at least ${min} (got ${String(value)})`);
    process.exit(2);
  }
}

/**
 * How many devices each demo account is signed in on: the teachers' screens carry most of the load,
 * and each device stays under the API's 600 requests a minute per address.
 */
const DEVICES: Record<string, number> = {
  'teacher@demo.test': 24,
  'moderator@demo.test': 6,
  'multi@demo.test': 4,
  'diagnostician@demo.test': 4,
  'manager@demo.test': 4,
  'root@demo.test': 3,
  'teacher.london@demo.test': 2,
  'admin@demo.test': 2,
  'author@demo.test': 2,
};

/** How many of the demo teacher's open lessons are live (each moved by its teacher, followed by its child). */
const LIVE_LESSONS = 12;
/** The teacher's students whose notes are written: the demo's, and more added in the setup. */
const STUDENTS = 40;

/** Words the exercise search looks for (titles and slide texts of the demo library). */
const TERMS = ['звук', 'склади', 'мотор', 'Głoski', 'слова', 'р'];

// ---------------------------------------------------------------------------------------------
// The app's process and its memory

/** The app as `npm start` runs it (see the header for what differs, and why). */
function startApp(dataDir: string, databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['--max-semi-space-size=4', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: '1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      RENDER_WAITING_DECKS: '0',
      PREPARE_LESSONS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** VmRSS of a process in kB; 0 when it is gone. */
function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * A process and all its descendants (Linux /proc), the slide renderer's jobs left out: their RSS in
 * MB, and the CPU time they have used, in seconds (the exited ones' not counted).
 */
function treeStats(root: number): { rssMb: number; cpuSeconds: number } {
  const stats = new Map<number, string[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command's name: state, ppid, … utime (12th), stime (13th).
      stats.set(Number(entry), stat.slice(stat.lastIndexOf(')') + 2).split(' '));
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = (pid: number) => {
    for (let at = pid; at > 1; at = Number(stats.get(at)?.[1] ?? 0)) if (at === root) return true;
    return false;
  };
  let kb = 0;
  let ticks = 0;
  for (const [pid, fields] of stats) {
    if (!inTree(pid)) continue;
    try {
      if (/soffice|oosplash|pdftoppm/.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8'))) continue;
    } catch {
      continue;
    }
    kb += rssKb(pid);
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return { rssMb: kb / 1024, cpuSeconds: ticks / CLOCK_TICKS };
}

async function waitHealthy(child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} while starting`);
    if (performance.now() - started > 180_000) throw new Error('the app did not answer within 3 minutes');
    const ok = await fetch(`${BASE}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(killer);
}

// ---------------------------------------------------------------------------------------------
// Requests

type Method = 'GET' | 'POST' | 'PUT';

/** One request of the mix: what it asks, as whom, from where, and the one status it must get. */
interface Call {
  method: Method;
  /** Under /api. */
  path: string;
  token?: string;
  /** The client's address (X-Forwarded-For). */
  address: string;
  body?: unknown;
  expect: number;
  /** What to do with a right answer's body (a sign-in keeps its token). */
  then?: (body: unknown) => void;
}

/** A client's address: 10.<group>.<n / 256>.<n % 256>. */
const addressOf = (group: number, n: number) => `10.${group}.${Math.floor(n / 256) % 256}.${n % 256}`;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const query = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(values).map(([key, value]) => [key, String(value)])).toString();

async function send(call: Call, signal: AbortSignal): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'x-forwarded-for': call.address };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${BASE}${API_BASE}${call.path}`, {
    method: call.method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal,
  });
  return { status: answer.status, text: await answer.text() };
}

/** A request made during the setup, which must succeed: its `data`. */
async function setupCall<T>(call: Omit<Call, 'expect'> & { expect?: number }): Promise<T> {
  const { status, text } = await send({ expect: 200, ...call }, AbortSignal.timeout(30_000));
  if (status !== (call.expect ?? 200)) {
    throw new Error(`setup: ${call.method} ${call.path} answered ${status}: ${text.slice(0, 300)}`);
  }
  return (JSON.parse(text) as { data: T }).data;
}

/** An answer's JSON body; undefined when it is not JSON. */
function parsed(text: string): { data?: unknown; message?: unknown } | undefined {
  try {
    return JSON.parse(text) as { data?: unknown; message?: unknown };
  } catch {
    return undefined;
  }
}

const tokenOfUrl = (url: string) => url.slice(url.lastIndexOf('/') + 1);

// ---------------------------------------------------------------------------------------------
// The setup: signed-in devices, and the ids and links the mix reads

interface Session {
  email: string;
  token: string;
  address: string;
}

async function signIn(email: string, address: string): Promise<string> {
  const data = await setupCall<{ token: string }>({
    method: 'POST',
    path: API.login,
    address,
    body: { email, password: DEMO_PASSWORD },
  });
  return data.token;
}

async function prepare() {
  const sessions = new Map<string, Session[]>();
  let device = 0;
  for (const [email, count] of Object.entries(DEVICES)) {
    const list: Session[] = [];
    for (let n = 0; n < count; n += 1) {
      const address = addressOf(1, device++);
      list.push({ email, token: await signIn(email, address), address });
    }
    sessions.set(email, list);
  }
  const of = (email: string) => sessions.get(email) as Session[];
  const teacher = of('teacher@demo.test')[0] as Session;
  const me = await setupCall<{ assignments: { workspaceId: number; workspaceTitle: string }[] }>({
    method: 'GET',
    path: API.checkToken,
    token: teacher.token,
    address: teacher.address,
  });
  const school = me.assignments.find(
    (assignment) => assignment.workspaceTitle === 'Demo school',
  )?.workspaceId;
  if (school === undefined) throw new Error('setup: the teacher is not in the Demo school');
  const asTeacher = { workspace_id: school, role_id: ROLE.teacher };
  const teacherGet = <T>(path: string) =>
    setupCall<T>({ method: 'GET', path, token: teacher.token, address: teacher.address });

  const students = await teacherGet<{ id: number }[]>(
    `${API.clients}?${query({ ...asTeacher, per_page: 50 })}`,
  );
  const plans = await teacherGet<{ id: number }[]>(
    `${API.protocols}?${query({ ...asTeacher, per_page: 50 })}`,
  );
  if (students.length === 0 || plans.length === 0)
    throw new Error('setup: the demo teacher has no students or plans');
  // The live lessons: those still open, with decks, each moved through by a teacher's player (every
  // teacher holds her own lesson: the moves of one lesson are a teacher's pace, not the whole mix's).
  const open = (
    await teacherGet<{ id: number; status: string; locked: boolean; presentations: number }[]>(
      `${API.lessons}?${query({ ...asTeacher, time_zone: TIME_ZONE, per_page: 100 })}`,
    )
  ).filter((one) => one.status === 'open' && !one.locked && one.presentations > 0);
  if (open.length === 0) throw new Error('setup: the demo teacher has no open lesson with decks');
  const lessons = [];
  for (const lesson of open.slice(0, LIVE_LESSONS)) {
    const sessionPath = `${API.lesson}/${lesson.id}/session?${query(asTeacher)}`;
    const started = await setupCall<{ url: string }>({
      method: 'POST',
      path: sessionPath,
      token: teacher.token,
      address: teacher.address,
      body: { action: 'start' },
    });
    lessons.push({
      id: lesson.id,
      presentations: lesson.presentations,
      sessionPath,
      token: tokenOfUrl(started.url),
    });
  }
  // More students, added as a teacher adds them, so that the notes are written across a caseload.
  for (let n = students.length; n < STUDENTS; n += 1) {
    const added = await setupCall<{ id: number }>({
      method: 'POST',
      path: `${API.clients}?${query(asTeacher)}`,
      token: teacher.token,
      address: teacher.address,
      body: { client_name: `Soak parent ${n}`, child_name: `Soak child ${n}`, language: 'uk' },
      expect: 201,
    });
    students.push(added);
  }

  let familyToken: string | undefined;
  for (const student of students) {
    const link = await teacherGet<{ url: string | null; link_state: string }>(
      `${API.clients}/${student.id}/link?${query(asTeacher)}`,
    );
    if (link.url && link.link_state === 'live') {
      familyToken = tokenOfUrl(link.url);
      break;
    }
  }
  if (!familyToken) throw new Error("setup: none of the demo teacher's students has a live family link");
  const admin = of('admin@demo.test')[0] as Session;
  const booking = await setupCall<{ url: string | null }>({
    method: 'GET',
    path: `${API.bookingProject}/${school}/link?${query({ workspace_id: school, role_id: ROLE.admin })}`,
    token: admin.token,
    address: admin.address,
  });
  if (!booking.url) throw new Error('setup: the Demo school has no booking page link');

  // A student of the demo teacher, which another teacher must not find.
  const othersStudent = (students[0] as { id: number }).id;
  return {
    school,
    of,
    all: [...sessions.values()].flat(),
    students: students.map((student) => student.id),
    plans: plans.map((plan) => plan.id),
    lessons,
    familyToken,
    bookingToken: tokenOfUrl(booking.url),
    othersStudent,
  };
}

type Setup = Awaited<ReturnType<typeof prepare>>;

// ---------------------------------------------------------------------------------------------
// The mix

interface Kind {
  name: string;
  /** Its share of the arrivals, relative to the others'. */
  weight: number;
  make(n: number): Call;
}

/** The mix: signed-in reads by several roles, some writes, the public pages' reads, and planned bad requests. */
function mixOf(setup: Setup): Kind[] {
  const { school, of } = setup;
  const as = (role: number) => ({ workspace_id: school, role_id: role });
  const weekOf = (n: number) => {
    const day = new Date(Date.now() + ((n % 3) - 1) * 7 * 86_400_000);
    return day.toLocaleDateString('sv-SE', { timeZone: TIME_ZONE });
  };
  const teacher = () => pick(of('teacher@demo.test'));
  /** The live lesson of an arrival: one of them, at random as the arrivals come. */
  const lessonOf = (n: number) =>
    setup.lessons[(n * 7919) % setup.lessons.length] as Setup['lessons'][number];
  const moderator = () => pick([...of('moderator@demo.test'), ...of('multi@demo.test')]);
  /** Tokens of the mix's own sign-ins, which its sign-outs end (the oldest first). */
  const signedIn: { token: string; address: string }[] = [];
  const publicAddress = () => addressOf(2, Math.floor(Math.random() * 4096));
  const signInAddress = () => addressOf(4, Math.floor(Math.random() * 1024));
  const login = (): Call => ({
    method: 'POST',
    path: API.login,
    address: signInAddress(),
    body: { email: pick(Object.keys(DEVICES)), password: DEMO_PASSWORD },
    expect: 200,
    then: (body) => {
      signedIn.push({
        token: (body as { data: { token: string } }).data.token,
        address: addressOf(5, signedIn.length % 1024),
      });
    },
  });
  const teacherCall = (method: Method, path: string, expect: number, body?: unknown): Call => {
    const session = teacher();
    return { method, path, token: session.token, address: session.address, body, expect };
  };

  return [
    // Signed-in reads of the main screens' APIs.
    {
      name: 'check-token (every role)',
      weight: 18,
      make: () => {
        const session = pick(setup.all);
        return {
          method: 'GET',
          path: API.checkToken,
          token: session.token,
          address: session.address,
          expect: 200,
        };
      },
    },
    {
      name: 'exercises: a status tab (moderator)',
      weight: 7,
      make: (n) => {
        const session = moderator();
        const search = query({ ...as(ROLE.moderator), status_id: 1, page: 1 + (n % 3), per_page: 20 });
        return { method: 'GET', path: `${API.exercises}?${search}`, ...session, expect: 200 };
      },
    },
    {
      name: 'exercises: a search (moderator)',
      weight: 5,
      make: (n) => {
        const session = moderator();
        const search = query({
          ...as(ROLE.moderator),
          term: TERMS[n % TERMS.length] as string,
          per_page: 20,
        });
        return { method: 'GET', path: `${API.exercises}?${search}`, ...session, expect: 200 };
      },
    },
    {
      name: 'lessons of a week (teacher)',
      weight: 8,
      make: (n) =>
        teacherCall(
          'GET',
          `${API.lessons}?${query({ ...as(ROLE.teacher), week: weekOf(n), time_zone: TIME_ZONE, per_page: 20 })}`,
          200,
        ),
    },
    {
      name: 'students (teacher)',
      weight: 7,
      make: () =>
        teacherCall(
          'GET',
          `${API.clients}?${query({ ...as(ROLE.teacher), time_zone: TIME_ZONE, per_page: 20 })}`,
          200,
        ),
    },
    {
      name: 'a plan (teacher)',
      weight: 6,
      make: () =>
        teacherCall(
          'GET',
          `${API.protocols}/${pick(setup.plans)}?${query({ ...as(ROLE.teacher), time_zone: TIME_ZONE })}`,
          200,
        ),
    },
    {
      name: 'the dashboard (root)',
      weight: 3,
      make: () => ({ method: 'GET', path: API.dashboard, ...pick(of('root@demo.test')), expect: 200 }),
    },
    {
      name: 'diagnostics list (diagnostician)',
      weight: 4,
      make: () => ({
        method: 'GET',
        path: `${API.diagnosticianClients}?${query(as(ROLE.diagnostician))}`,
        ...pick(of('diagnostician@demo.test')),
        expect: 200,
      }),
    },
    {
      name: 'call requests list (manager)',
      weight: 2,
      make: () => ({
        method: 'GET',
        path: `${API.callRequests}?${query(as(ROLE.manager))}`,
        ...pick(of('manager@demo.test')),
        expect: 200,
      }),
    },
    // Writes.
    {
      name: "a student's note (teacher)",
      weight: 3,
      make: (n) =>
        teacherCall('PUT', `${API.clients}/${pick(setup.students)}?${query(as(ROLE.teacher))}`, 200, {
          comment_for_teacher: `Soak note ${n}: worked on [р] in syllables.`,
        }),
    },
    {
      name: "the lesson's slide move (teacher)",
      weight: 4,
      make: (n) =>
        teacherCall('POST', lessonOf(n).sessionPath, 200, {
          action: 'move',
          position: n % lessonOf(n).presentations,
          slide: 0,
        }),
    },
    {
      name: 'a problem report (teacher)',
      weight: 1,
      make: (n) =>
        teacherCall('POST', `${API.reportTickets}?${query(as(ROLE.teacher))}`, 201, {
          key: randomUUID(),
          description: `Soak report ${n}: the picture on the slide does not load`,
          context: { screen: `/conduct-lesson/${lessonOf(n).id}`, slide: 1 + (n % 4) },
        }),
    },
    {
      name: 'a call request (parent)',
      weight: 1,
      make: (n) => ({
        method: 'POST',
        path: `${API.parentDashboard}/${setup.familyToken}/call-requests`,
        // A parent's own address: the app allows ten requests an hour from one.
        address: addressOf(3, n),
        body: {
          phone: `+38067${String(n % 10_000_000).padStart(7, '0')}`,
          window: CALL_WINDOWS[n % CALL_WINDOWS.length],
          time_zone: TIME_ZONE,
          consent: true,
        },
        expect: 201,
      }),
    },
    { name: 'sign-in', weight: 1, make: login },
    {
      name: 'sign-out (of a sign-in above)',
      weight: 1,
      make: () => {
        const session = signedIn.shift();
        if (!session) return login();
        return {
          method: 'POST',
          path: API.logout,
          token: session.token,
          address: session.address,
          expect: 200,
        };
      },
    },
    // Public pages' APIs.
    {
      name: "the parents' dashboard (by link)",
      weight: 9,
      make: () => ({
        method: 'GET',
        path: `${API.parentDashboard}/${setup.familyToken}`,
        address: publicAddress(),
        expect: 200,
      }),
    },
    {
      name: 'the booking slots (by link)',
      weight: 6,
      make: (n) => ({
        method: 'GET',
        path: `${API.appointment}/${setup.bookingToken}/slots?${query({
          kind: 'free_lesson',
          language: ['uk', 'en', 'pl', 'ru'][n % 4] as string,
          birthdate: '2019-03-01',
        })}`,
        address: publicAddress(),
        expect: 200,
      }),
    },
    {
      name: "the child's screen's state (by link)",
      weight: 9,
      make: () => ({
        method: 'GET',
        path: `${API.playLesson}/${pick(setup.lessons).token}`,
        address: publicAddress(),
        expect: 200,
      }),
    },
    // Planned bad requests: each must get its own 4xx.
    {
      name: 'a wrong family link → 404',
      weight: 1.5,
      make: () => ({
        method: 'GET',
        path: `${API.parentDashboard}/${randomBytes(32).toString('base64url')}`,
        address: publicAddress(),
        expect: 404,
      }),
    },
    {
      name: 'check-token without a token → 401',
      weight: 1,
      make: () => ({ method: 'GET', path: API.checkToken, address: publicAddress(), expect: 401 }),
    },
    {
      name: 'a wrong password → 401',
      weight: 0.5,
      // An address that is no account's: a wrong password five times would lock a demo account.
      make: (n) => ({
        method: 'POST',
        path: API.login,
        address: signInAddress(),
        body: { email: `nobody-${n}@soak.test`, password: 'not-the-password' },
        expect: 401,
      }),
    },
    {
      name: 'an empty problem report → 422',
      weight: 0.5,
      make: () =>
        teacherCall('POST', `${API.reportTickets}?${query(as(ROLE.teacher))}`, 422, {
          key: randomUUID(),
          description: '',
          context: { screen: '/lessons' },
        }),
    },
    {
      name: "another teacher's student → 404",
      weight: 1,
      make: () => ({
        method: 'GET',
        path: `${API.clients}/${setup.othersStudent}?${query(as(ROLE.teacher))}`,
        ...pick(of('teacher.london@demo.test')),
        expect: 404,
      }),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Figures

/** Latencies and errors of a stretch of the run (a minute, a kind, the whole). */
class Tally {
  latencies: number[] = [];
  errors = 0;
  timeouts = 0;
  unexpected = 0;
  failed = 0;
  dropped = 0;

  add(ms: number, outcome: 'ok' | 'unexpected' | 'timeout' | 'failed' | 'dropped') {
    if (outcome !== 'dropped') this.latencies.push(ms);
    if (outcome === 'ok') return;
    this.errors += 1;
    if (outcome === 'timeout') this.timeouts += 1;
    else if (outcome === 'unexpected') this.unexpected += 1;
    else if (outcome === 'dropped') this.dropped += 1;
    else this.failed += 1;
  }

  /** Answers and errors: every arrival of the stretch. */
  get count(): number {
    return this.latencies.length + this.dropped;
  }

  /** The q-quantile of the latencies (nearest rank), in ms. */
  quantile(q: number): number {
    if (this.latencies.length === 0) return 0;
    const sorted = Float64Array.from(this.latencies).sort();
    return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
  }

  max(): number {
    return this.latencies.reduce((a, b) => Math.max(a, b), 0);
  }
}

const ms = (value: number) => value.toFixed(1);

// ---------------------------------------------------------------------------------------------
// The run

/** The children's screens: server-sent event streams of the live lessons, held for the whole run. */
function followLessons(tokens: readonly string[], count: number, onFailure: (why: string) => void) {
  const stop = new AbortController();
  let events = 0;
  const streams = Array.from({ length: count }, async (_, n) => {
    try {
      const token = tokens[n % tokens.length] as string;
      const answer = await fetch(`${BASE}${API_BASE}${API.playLesson}/${token}/events`, {
        headers: { 'x-forwarded-for': addressOf(6, n) },
        signal: stop.signal,
      });
      if (answer.status !== 200 || !answer.body) throw new Error(`answered ${answer.status}`);
      const decoder = new TextDecoder();
      for await (const chunk of answer.body) {
        events += (decoder.decode(chunk as Uint8Array, { stream: true }).match(/^event: state$/gm) ?? [])
          .length;
      }
      if (!stop.signal.aborted) onFailure(`child's screen ${n + 1}: the stream ended`);
    } catch (error) {
      if (!stop.signal.aborted) onFailure(`child's screen ${n + 1}: ${(error as Error).message}`);
    }
  });
  return {
    events: () => events,
    stop: async () => {
      stop.abort();
      await Promise.all(streams);
    },
  };
}

async function soak(child: ChildProcess, setup: Setup) {
  const mix = mixOf(setup);
  const totalWeight = mix.reduce((sum, kind) => sum + kind.weight, 0);
  console.log(`\nthe mix (${mix.length} kinds, share of the arrivals → expected status):`);
  // What each kind asks and expects, once before the run (a sign-out has no sign-in to end yet).
  const shapes = new Map(mix.map((kind) => [kind, kind.make(0)]));
  for (const [kind, sample] of shapes) {
    console.log(
      `  ${((100 * kind.weight) / totalWeight).toFixed(1).padStart(5)}%  ${kind.name.padEnd(40)} ${sample.method} → ${sample.expect}`,
    );
  }
  const byKind = new Map(mix.map((kind) => [kind, new Tally()]));
  const total = new Tally();
  const samples: string[] = [];
  const streamFailures: string[] = [];
  const children = followLessons(
    setup.lessons.map((lesson) => lesson.token),
    STREAMS,
    (why) => streamFailures.push(why),
  );

  /** Picks a kind by weight. */
  const draw = () => {
    let at = Math.random() * totalWeight;
    for (const kind of mix) {
      at -= kind.weight;
      if (at < 0) return kind;
    }
    return mix[mix.length - 1] as Kind;
  };

  let minute = new Tally();
  const minutes: { label: string; tally: Tally; rss: number; nodeRss: number }[] = [];
  console.log(
    `\n${'minute'.padStart(6)} ${'requests'.padStart(9)} ${'errors'.padStart(7)} ${'p50 ms'.padStart(8)} ` +
      `${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'RSS MB'.padStart(8)} ${'node MB'.padStart(8)} ` +
      `${'app CPU'.padStart(8)} ${'load'.padStart(6)}`,
  );
  const appStart = treeStats(child.pid ?? 0);
  let cpuBefore = { seconds: appStart.cpuSeconds, at: performance.now() };
  const closeMinute = (label: string) => {
    const { rssMb: rss, cpuSeconds } = treeStats(child.pid ?? 0);
    const nodeRss = rssKb(child.pid ?? 0) / 1024;
    // The app's CPU in the stretch, as a share of one core.
    const now = performance.now();
    const cpu = (100 * (cpuSeconds - cpuBefore.seconds)) / ((now - cpuBefore.at) / 1000);
    cpuBefore = { seconds: cpuSeconds, at: now };
    const tally = minute;
    minute = new Tally();
    minutes.push({ label, tally, rss, nodeRss });
    console.log(
      `${label.padStart(6)} ${String(tally.count).padStart(9)} ${String(tally.errors).padStart(7)} ` +
        `${ms(tally.quantile(0.5)).padStart(8)} ${ms(tally.quantile(0.99)).padStart(8)} ${ms(tally.max()).padStart(8)} ` +
        `${rss.toFixed(0).padStart(8)} ${nodeRss.toFixed(0).padStart(8)} ${`${cpu.toFixed(0)}%`.padStart(8)} ` +
        `${(os.loadavg()[0] ?? 0).toFixed(1).padStart(6)}`,
    );
  };

  const record = (kind: Kind, started: number, outcome: Parameters<Tally['add']>[1], sample: string) => {
    const elapsed = performance.now() - started;
    for (const tally of [minute, total, byKind.get(kind) as Tally]) tally.add(elapsed, outcome);
    if (outcome !== 'ok' && samples.length < 10) samples.push(`${kind.name}: ${sample}`);
  };
  const fire = async (n: number) => {
    const kind = draw();
    const call = kind.make(n);
    const started = performance.now();
    try {
      const { status, text } = await send(call, AbortSignal.timeout(TIMEOUT_MS));
      // The expected status with the body of its kind: `data` for a success, a `message` for a refusal.
      const body = status === call.expect ? parsed(text) : undefined;
      const whole = status < 300 ? body?.data !== undefined : typeof body?.message === 'string';
      if (!body || !whole) return record(kind, started, 'unexpected', `${status} ${text.slice(0, 200)}`);
      call.then?.(body);
      record(kind, started, 'ok', '');
    } catch (error) {
      const { name, message } = error as Error;
      record(kind, started, name === 'TimeoutError' ? 'timeout' : 'failed', `${name} ${message}`);
    }
  };
  const inFlight = new Set<Promise<void>>();

  const start = performance.now();
  // Each whole minute closes on time; the last stretch once its answers are all in.
  const lastMinute = Math.ceil(SECONDS / 60);
  const ticks = Array.from({ length: lastMinute - 1 }, (_, m) =>
    setTimeout(() => closeMinute(String(m + 1)), start + (m + 1) * 60_000 - performance.now()),
  );
  const count = SECONDS * RATE;
  let sent = 0;
  let lagMax = 0;
  await new Promise<void>((resolve) => {
    const pace = setInterval(() => {
      const now = performance.now();
      const due = Math.min(count, Math.floor(((now - start) * RATE) / 1000) + 1);
      for (; sent < due; sent += 1) {
        lagMax = Math.max(lagMax, now - (start + (sent * 1000) / RATE));
        if (inFlight.size >= IN_FLIGHT_MAX) {
          record(draw(), now, 'dropped', `not sent: ${IN_FLIGHT_MAX} requests already waiting`);
          continue;
        }
        const request = fire(sent);
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      }
      if (sent >= count) {
        clearInterval(pace);
        resolve();
      }
    }, 2);
  });
  await Promise.all([...inFlight]);
  const elapsed = (performance.now() - start) / 1000;
  for (const tick of ticks) clearTimeout(tick);
  closeMinute(SECONDS % 60 === 0 ? String(lastMinute) : (SECONDS / 60).toFixed(1));
  const events = children.events();
  await children.stop();

  console.log(`\nby kind:`);
  console.log(
    `${'kind'.padEnd(42)} ${'expect'.padStart(6)} ${'requests'.padStart(9)} ${'errors'.padStart(7)} ` +
      `${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  for (const [kind, tally] of byKind) {
    console.log(
      `${kind.name.padEnd(42)} ${String(shapes.get(kind)?.expect).padStart(6)} ${String(tally.count).padStart(9)} ` +
        `${String(tally.errors).padStart(7)} ${ms(tally.quantile(0.5)).padStart(8)} ${ms(tally.quantile(0.99)).padStart(8)}`,
    );
  }

  const errors = total.errors + streamFailures.length;
  const warm = minutes[0] as (typeof minutes)[number];
  const last = minutes[minutes.length - 1] as (typeof minutes)[number];
  const growth = last.rss / warm.rss - 1;
  const flat = growth <= MEMORY_GROWTH_MAX;
  const cpu = treeStats(child.pid ?? 0).cpuSeconds - appStart.cpuSeconds;
  console.log(
    `\ntotal: ${total.count} requests in ${elapsed.toFixed(1)} s (${(total.count / elapsed).toFixed(1)}/s, ` +
      `asked ${RATE}/s; the pacing fell behind by at most ${ms(lagMax)} ms), ${total.errors} errors ` +
      `(${total.unexpected} unexpected statuses or bodies, ${total.failed} failed connections, ` +
      `${total.timeouts} timeouts, ${total.dropped} not sent); p50 ${ms(total.quantile(0.5))} ms, ` +
      `p99 ${ms(total.quantile(0.99))} ms, max ${ms(total.max())} ms`,
  );
  console.log(
    `the app's processes used ${cpu.toFixed(1)} s of CPU: ${((1000 * cpu) / Math.max(total.count, 1)).toFixed(2)} ms ` +
      `a request, ${((100 * cpu) / elapsed).toFixed(0)}% of one core on average` +
      (scratch ? " (the PostgreSQL server's own not counted)" : ''),
  );
  console.log(
    `children's screens: ${STREAMS} streams held for the whole run, ${events} state events received, ` +
      `${streamFailures.length} ended early${streamFailures.length ? `: ${streamFailures.join('; ')}` : ''}`,
  );
  console.log(
    `memory: RSS ${warm.rss.toFixed(0)} MB after the first minute (warm-up), ${last.rss.toFixed(0)} MB at the end: ` +
      `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}% — ${flat ? 'flat' : 'GROWING'} (limit +${MEMORY_GROWTH_MAX * 100}%)`,
  );
  if (samples.length > 0) console.log(`first errors:\n  ${samples.join('\n  ')}`);
  const passed = errors === 0 && flat;
  console.log(passed ? '\nsoak passed' : '\nsoak FAILED');
  return passed;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-soak-'));
// As root the embedded PostgreSQL runs as the user postgres, who must reach its directory.
fs.chmodSync(dataDir, 0o755);
let scratch: ScratchDatabase | undefined;
let app: ChildProcess | undefined;
let passed = false;
try {
  scratch = EMBEDDED ? undefined : await createScratchDatabase(ADMIN_URL, 'logoschool_soak');
  app = startApp(dataDir, scratch?.url ?? '');
  const startMs = await waitHealthy(app);
  const setup = await prepare();
  console.log(
    `soak: ${SECONDS} s at ${RATE} requests/s against the app as \`npm start\` runs it, on ` +
      `${scratch ? `PostgreSQL (scratch database ${scratch.name})` : 'the embedded PostgreSQL'} with the demo seed; ` +
      `first 200 after ${(startMs / 1000).toFixed(1)} s; ${setup.all.length} signed-in devices, ` +
      `${setup.lessons.length} live lessons (${STREAMS} children's screens following), ${setup.students.length} students; ` +
      `load ${os.loadavg()[0]?.toFixed(2)}`,
  );
  passed = await soak(app, setup);
} finally {
  if (app) await stopApp(app);
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(passed ? 0 : 1);
