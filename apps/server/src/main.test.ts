import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from './test/s3.ts';

/*
 * The server as operators run it: `node --import tsx apps/server/src/main.ts` on the embedded
 * PostgreSQL in DATA_DIR (decision 025): its start, its stop, a second app refused, and the
 * server a killed app left running found by the next start.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 60_000;

interface Server {
  child: ChildProcess;
  port: number;
  /** Everything the process wrote so far. */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the server process (with `env` added); `ready` resolves once it says it is running. */
function launch(dataDir: string, webDist: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      // Its start, stop and lock are under test, not the demo library's slide images (LibreOffice).
      RENDER_WAITING_DECKS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
  });
  const ready = new Promise<number>((resolve, reject) => {
    const check = () => {
      const match = /Logoschool is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', check);
    void exited.then((code) => reject(new Error(`the server exited with ${code} before it ran:\n${output}`)));
  });
  return { child, exited, ready, output: () => output };
}

/** Starts the server and waits until it runs. */
async function start(
  dataDir: string,
  webDist: string,
  port?: number,
  env: Record<string, string> = {},
): Promise<Server> {
  const launched = launch(dataDir, webDist, port ?? (await freePort()), env);
  const actualPort = await launched.ready;
  return { child: launched.child, port: actualPort, output: launched.output, exited: launched.exited };
}

/** Stops the server with SIGTERM and returns its exit code. */
async function stop(server: Server): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

async function api(
  server: Server,
  url: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(`http://127.0.0.1:${server.port}/api${url}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; code?: string } };
}

async function signIn(server: Server): Promise<string> {
  const response = await api(server, '/login', {
    method: 'POST',
    body: { email: 'manager@demo.test', password: 'demo12345' },
  });
  expect(response.status).toBe(200);
  return (response.body.data as { token: string }).token;
}

/** A process id that no process has now. */
function deadPid(): number {
  for (let pid = 999_999; ; pid += 1) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function gone(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 500 && alive(pid); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !alive(pid);
}

describe('the server process on the embedded PostgreSQL', () => {
  let dataDir: string;
  let webDist: string;
  const lockFile = () => path.join(dataDir, 'logoschool.lock');
  const pidFile = () => path.join(dataDir, 'postgres', 'postmaster.pid');
  /** The pid of the running PostgreSQL, from its postmaster.pid. */
  const postmaster = () => Number(fs.readFileSync(pidFile(), 'utf8').split('\n')[0]);
  const lockHolder = () => Number(fs.readFileSync(lockFile(), 'utf8').split(' ')[0]);

  beforeAll(() => {
    // One data directory for the file: the first start creates the cluster, later ones reuse it.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-data-'));
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Logoschool</title>\n');
  });

  afterAll(async () => {
    await Promise.all(
      [...children].map(
        (child) =>
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGKILL');
          }),
      ),
    );
    // A server a test left behind (a killed app's) stops with its cluster's directory.
    if (fs.existsSync(pidFile()) && alive(postmaster())) {
      const pid = postmaster();
      process.kill(pid, 'SIGINT');
      await gone(pid);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it(
    'keeps data across a restart, and stops its PostgreSQL and releases the lock on SIGTERM',
    async () => {
      const first = await start(dataDir, webDist);
      expect(first.output()).toContain('created the embedded PostgreSQL');
      expect(first.output()).toContain('seeded the demo school');
      expect(lockHolder()).toBe(first.child.pid);
      const database = postmaster();
      expect(alive(database)).toBe(true);
      const token = await signIn(first);
      const saved = await api(first, '/storage/client-storage/note', {
        method: 'POST',
        token,
        body: { text: 'kept' },
      });
      expect(saved.status).toBe(200);
      expect(await stop(first)).toBe(0);
      expect(fs.existsSync(lockFile())).toBe(false);
      expect(await gone(database)).toBe(true);
      expect(fs.existsSync(pidFile())).toBe(false);

      const second = await start(dataDir, webDist);
      let exitCode: number | null;
      try {
        // The cluster is created, and the demo school seeded into an empty database, once.
        expect(second.output()).not.toContain('created the embedded PostgreSQL');
        expect(second.output()).not.toContain('seeded the demo school');
        const read = await api(second, '/storage/client-storage/note', { token: await signIn(second) });
        expect(read).toEqual({ status: 200, body: { data: { text: 'kept' } } });
        // The token of the first run is still a session: sessions live in the database too.
        expect((await api(second, '/check-token', { token })).status).toBe(200);
        expect((await api(second, '/health')).body).toMatchObject({ data: { status: 'ok', db: 'postgres' } });
      } finally {
        exitCode = await stop(second);
      }
      expect(exitCode).toBe(0);
    },
    3 * START_TIMEOUT_MS,
  );

  it(
    "refuses a second app on the same data directory, and leaves the first one's PostgreSQL alone",
    async () => {
      const first = await start(dataDir, webDist);
      let exitCode: number | null;
      try {
        const database = postmaster();
        const second = launch(dataDir, webDist, await freePort());
        second.ready.catch(() => {});
        expect(await second.exited).toBe(1);
        expect(second.output()).toMatch(/data directory .* is in use/);
        expect(second.output()).toContain(`(pid ${first.child.pid})`);
        expect(second.output()).not.toMatch(/^\s+at /m);
        expect(postmaster()).toBe(database);
        expect((await api(first, '/health')).body).toMatchObject({ data: { status: 'ok', db: 'postgres' } });
        expect(lockHolder()).toBe(first.child.pid);
      } finally {
        exitCode = await stop(first);
      }
      expect(exitCode).toBe(0);
    },
    2 * START_TIMEOUT_MS,
  );

  it(
    'finds the PostgreSQL of an app killed with SIGKILL still running, and starts again with what it wrote',
    async () => {
      const killed = await start(dataDir, webDist);
      const token = await signIn(killed);
      const saved = await api(killed, '/storage/client-storage/note', {
        method: 'POST',
        token,
        body: { text: 'written before SIGKILL' },
      });
      expect(saved.status).toBe(200);
      const database = postmaster();
      killed.child.kill('SIGKILL');
      await killed.exited;
      // The app is gone; its PostgreSQL is not.
      expect(alive(database)).toBe(true);

      const next = await start(dataDir, webDist);
      let exitCode: number | null;
      try {
        expect(next.output()).toMatch(new RegExp(`pid ${database}\\) is still running`));
        expect(await gone(database)).toBe(true);
        expect(postmaster()).not.toBe(database);
        const read = await api(next, '/storage/client-storage/note', { token });
        expect(read).toEqual({ status: 200, body: { data: { text: 'written before SIGKILL' } } });
      } finally {
        exitCode = await stop(next);
      }
      expect(exitCode).toBe(0);
    },
    3 * START_TIMEOUT_MS,
  );

  it(
    'starts over a lock and a postmaster.pid left by processes that are gone, and tells the port it took with PORT=0',
    async () => {
      // A crash of the whole machine, as far as the files tell: the app's lock names a process that
      // is gone, the server's postmaster.pid one that now is another program (this test's).
      const killed = await start(dataDir, webDist);
      const database = postmaster();
      killed.child.kill('SIGKILL');
      await killed.exited;
      process.kill(database, 'SIGKILL');
      expect(await gone(database)).toBe(true);
      const lines = fs.readFileSync(pidFile(), 'utf8').split('\n');
      lines[0] = String(process.pid);
      fs.writeFileSync(pidFile(), lines.join('\n'));
      fs.writeFileSync(lockFile(), String(deadPid()));

      const server = await start(dataDir, webDist, 0);
      let exitCode: number | null;
      try {
        expect(server.port).toBeGreaterThan(0);
        expect(server.output()).toContain('did not stop cleanly last time');
        expect(lockHolder()).toBe(server.child.pid);
        expect((await api(server, '/health')).status).toBe(200);
      } finally {
        exitCode = await stop(server);
      }
      expect(exitCode).toBe(0);
      expect(fs.existsSync(lockFile())).toBe(false);
    },
    2 * START_TIMEOUT_MS,
  );

  it(
    'says which file store it uses, and stops at the start when the S3 store refuses its key pair',
    async () => {
      const s3 = await startS3Server();
      try {
        // The demo school's files are not under test here (run alone, this test would seed it).
        const env = { ...s3.env, DEMO: '0' };
        const server = await start(dataDir, webDist, undefined, env);
        let exitCode: number | null;
        try {
          expect(server.output()).toContain(`files: s3 ${s3.config.endpoint} bucket ${s3.config.bucket}`);
          expect((await api(server, '/health')).status).toBe(200);
        } finally {
          exitCode = await stop(server);
        }
        expect(exitCode).toBe(0);

        const secret = 'not-the-secret-of-this-store';
        const refused = launch(dataDir, webDist, await freePort(), {
          ...s3.env,
          S3_SECRET_ACCESS_KEY: secret,
        });
        refused.ready.catch(() => {});
        expect(await refused.exited).toBe(1);
        expect(refused.output()).toContain(
          `s3 ${s3.config.endpoint} bucket ${s3.config.bucket}: check refused: SignatureDoesNotMatch (403)`,
        );
        expect(refused.output()).not.toContain(secret);
        expect(refused.output()).not.toContain('Logoschool is running');
        expect(fs.existsSync(lockFile())).toBe(false);
      } finally {
        await s3.close();
      }
    },
    3 * START_TIMEOUT_MS,
  );
});
