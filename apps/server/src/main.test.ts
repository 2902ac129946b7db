import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The server as operators run it: `node --import tsx apps/server/src/main.ts` on the embedded
 * database in DATA_DIR. PGlite only: PostgreSQL has no data directory to share or lock.
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

/** Starts the server process; `ready` resolves once it says it is running. */
function launch(dataDir: string, webDist: string, port: number) {
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
async function start(dataDir: string, webDist: string, port?: number): Promise<Server> {
  const launched = launch(dataDir, webDist, port ?? (await freePort()));
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

describe.skipIf(process.env.TEST_DB === 'postgres')('the server process on the embedded database', () => {
  let dataDir: string;
  let webDist: string;
  const lockFile = () => path.join(dataDir, 'logoschool.lock');

  beforeAll(() => {
    // One data directory for the file: the first start creates it (initdb, seconds), later ones reuse it.
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
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it(
    'keeps data across a restart and releases the lock on SIGTERM',
    async () => {
      const first = await start(dataDir, webDist);
      expect(first.output()).toContain('seeded the demo school');
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(first.child.pid));
      const token = await signIn(first);
      const saved = await api(first, '/storage/client-storage/note', {
        method: 'POST',
        token,
        body: { text: 'kept' },
      });
      expect(saved.status).toBe(200);
      expect(await stop(first)).toBe(0);
      expect(fs.existsSync(lockFile())).toBe(false);

      const second = await start(dataDir, webDist);
      let exitCode: number | null;
      try {
        // The demo school is seeded into an empty database only.
        expect(second.output()).not.toContain('seeded the demo school');
        const read = await api(second, '/storage/client-storage/note', { token: await signIn(second) });
        expect(read).toEqual({ status: 200, body: { data: { text: 'kept' } } });
        // The token of the first run is still a session: sessions live in the database too.
        expect((await api(second, '/check-token', { token })).status).toBe(200);
      } finally {
        exitCode = await stop(second);
      }
      expect(exitCode).toBe(0);
    },
    3 * START_TIMEOUT_MS,
  );

  it(
    'refuses a second process on the same data directory',
    async () => {
      const first = await start(dataDir, webDist);
      let exitCode: number | null;
      try {
        const second = launch(dataDir, webDist, await freePort());
        second.ready.catch(() => {});
        expect(await second.exited).toBe(1);
        expect(second.output()).toMatch(/data directory .* is in use/);
        expect(second.output()).toContain(`(pid ${first.child.pid})`);
        expect(second.output()).not.toMatch(/^\s+at /m);
        expect((await api(first, '/health')).body).toMatchObject({ data: { status: 'ok', db: 'pglite' } });
        expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(first.child.pid));
      } finally {
        exitCode = await stop(first);
      }
      expect(exitCode).toBe(0);
    },
    2 * START_TIMEOUT_MS,
  );

  it(
    'takes over a lock left by a process that died, and tells the port it took with PORT=0',
    async () => {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(lockFile(), String(deadPid()));
      const server = await start(dataDir, webDist, 0);
      let exitCode: number | null;
      try {
        expect(server.port).toBeGreaterThan(0);
        expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(server.child.pid));
        expect((await api(server, '/health')).status).toBe(200);
      } finally {
        exitCode = await stop(server);
      }
      expect(exitCode).toBe(0);
      expect(fs.existsSync(lockFile())).toBe(false);
    },
    START_TIMEOUT_MS,
  );
});
