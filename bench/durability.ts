/**
 * Durability of the embedded default (issue 25 item 3): the app is killed with SIGKILL while ten
 * clients are writing, started again on the same DATA_DIR, and every write it acknowledged must be
 * there, whole. Two rounds on one data directory:
 *
 * 1. SIGKILL of the app's node process only: its PostgreSQL is left running, as after a crash of
 *    the app, and the next start must find that cluster and go on with it.
 * 2. SIGKILL of the app's whole process group, PostgreSQL included: the next start recovers the
 *    cluster from its write-ahead log.
 *
 * A write is a new student with every theme of the project, one transaction of several rows
 * (`clients` and `client_themes`): "whole" means each student found has all its themes, and every
 * student found whose answer never came (in flight at the kill) is whole too, or absent.
 *
 * `npm run bench:durability`; `DURABILITY_WRITES` (1,000) acknowledged writes per round before the
 * kill, `DURABILITY_CLIENTS` (10) writers. It prints acknowledged / found / lost per round and exits
 * 1 when anything acknowledged was lost or found half-written.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.DURABILITY_PORT ?? 3411);
const WRITES = Number(process.env.DURABILITY_WRITES ?? 1000);
const CLIENTS = Number(process.env.DURABILITY_CLIENTS ?? 10);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const TEACHER = { email: 'teacher@demo.test', password: 'demo12345' };
const TEACHER_ROLE = 5;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-durability-'));
/** Every app started, each the leader of its process group (a reused cluster may live in an older one). */
const groups: number[] = [];

/** The app as `npm start` runs it, in a process group of its own (so that round 2 can kill it all). */
function startApp(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      PREPARE_LESSONS: '0',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  if (child.pid !== undefined) groups.push(child.pid);
  return child;
}

/** SIGKILL to every process the apps started: node and PostgreSQL alike. */
function killEverything(): void {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // That group is gone already.
    }
  }
}

async function healthy(child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} while starting`);
    if (performance.now() - started > 120_000) throw new Error('the app did not answer within 2 minutes');
    const ok = await fetch(`${URL_BASE}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Session {
  token: string;
  workspaceId: number;
}

async function signIn(): Promise<Session> {
  const response = await fetch(`${URL_BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEACHER),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as {
    data: { token: string; user: { assignments: { workspaceId: number }[] } };
  };
  const [first] = data.user.assignments;
  if (!first) throw new Error('the demo teacher has no project');
  return { token: data.token, workspaceId: first.workspaceId };
}

const acting = (session: Session) => `workspace_id=${session.workspaceId}&role_id=${TEACHER_ROLE}`;

async function call<T>(session: Session, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${URL_BASE}/api${url}${url.includes('?') ? '&' : '?'}${acting(session)}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Every student of the teacher whose child's name starts with `prefix`, with its themes. */
async function studentsOf(session: Session, prefix: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let page = 1; ; page += 1) {
    const response = await fetch(
      `${URL_BASE}/api/clients?${acting(session)}&per_page=100&page=${page}&term=${encodeURIComponent(prefix)}`,
      { headers: { authorization: `Bearer ${session.token}` } },
    );
    if (!response.ok) throw new Error(`GET /clients: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as {
      data: { child_name: string; themes: unknown[] }[];
      meta: { total: number };
    };
    for (const student of body.data) found.set(student.child_name, student.themes.length);
    if (page * 100 >= body.meta.total) return found;
  }
}

interface Round {
  name: string;
  acknowledged: number;
  inFlight: number;
  found: number;
  lost: number;
  halfWritten: number;
  restartMs: number;
}

/** Ten writers until `WRITES` are acknowledged, then the kill, while their next writes are in flight. */
async function writeAndKill(
  child: ChildProcess,
  round: string,
  kill: (child: ChildProcess) => void,
): Promise<{ acknowledged: Set<string>; sent: Set<string>; themes: number }> {
  const session = await signIn();
  const themes = (await call<{ id: number }[]>(session, 'GET', '/themes')).map((theme) => theme.id);
  const acknowledged = new Set<string>();
  const sent = new Set<string>();
  let killed = false;
  const writer = async (writerIndex: number) => {
    for (let index = 0; !killed; index += 1) {
      const name = `${round}-${writerIndex}-${index}`;
      sent.add(name);
      try {
        await call(session, 'POST', '/clients', {
          client_name: `Durability parent ${writerIndex}`,
          child_name: name,
          theme_ids: themes,
        });
      } catch {
        if (killed) return;
        throw new Error(`a write failed before the kill: ${name}`);
      }
      if (killed) return;
      acknowledged.add(name);
      if (acknowledged.size >= WRITES && !killed) {
        killed = true;
        kill(child);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => writer(index)));
  return { acknowledged, sent, themes: themes.length };
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

async function runRound(child: ChildProcess, name: string, kill: (child: ChildProcess) => void) {
  const { acknowledged, sent, themes } = await writeAndKill(child, name, kill);
  await exited(child);
  const next = startApp();
  const restartMs = await healthy(next);
  const found = await studentsOf(await signIn(), `${name}-`);
  let lost = 0;
  for (const written of acknowledged) if (!found.has(written)) lost += 1;
  let halfWritten = 0;
  for (const [student, count] of found) {
    if (count !== themes || !sent.has(student)) halfWritten += 1;
  }
  const result: Round = {
    name,
    acknowledged: acknowledged.size,
    inFlight: sent.size - acknowledged.size,
    found: [...found.keys()].filter((student) => acknowledged.has(student)).length,
    lost,
    halfWritten,
    restartMs,
  };
  return { result, next };
}

async function main() {
  let child = startApp();
  const coldMs = await healthy(child);
  console.log(`durability: data in ${dataDir}; cold start with the demo seed ${coldMs.toFixed(0)} ms`);
  const rounds: Round[] = [];
  const one = await runRound(child, 'app-killed', (app) => app.kill('SIGKILL'));
  rounds.push(one.result);
  child = one.next;
  const two = await runRound(child, 'group-killed', () => killEverything());
  rounds.push(two.result);
  child = two.next;
  for (const round of rounds) {
    console.log(
      `${round.name}: acknowledged ${round.acknowledged}, in flight at the kill ${round.inFlight}, found ${round.found}, lost ${round.lost}, half-written ${round.halfWritten}; restarted in ${round.restartMs.toFixed(0)} ms`,
    );
  }
  child.kill('SIGTERM');
  await exited(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (rounds.some((round) => round.lost > 0 || round.halfWritten > 0)) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
