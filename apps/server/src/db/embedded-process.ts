/**
 * The embedded database's server process (decision 025): the cluster made on the first start, a
 * server an app that was killed left running, and the postmaster started with its log. `embedded.ts`
 * is the entry; `embedded-binaries.ts` finds the programs this runs.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  EmbeddedPostgresError,
  SUPERUSER,
  type Binaries,
  type EmbeddedLog,
  type RunAs,
} from './embedded-binaries.ts';
import { processAlive } from './lock.ts';

const START_TIMEOUT_MS = 120_000;
export const STOP_TIMEOUT_MS = 60_000;
/** The server's log is started afresh (the old one kept as `.1`) once it passes this size. */
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

/** The lines of a cluster's `postmaster.pid`, or undefined when there is none. */
function readPidFile(clusterDir: string): string[] | undefined {
  try {
    return fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
}

/** Whether process `pid` is a postmaster of `clusterDir` (not another process that got its number). */
function isPostmasterOf(pid: number, clusterDir: string): boolean {
  if (!processAlive(pid)) return false;
  let command: string;
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)]);
    if (ps.status !== 0) return true;
    command = ps.stdout.toString();
  }
  return command.includes('postgres') && command.includes(clusterDir);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * A cluster left running by an app that was killed is stopped (a fast shutdown), so that this start
 * runs it with this version's binaries and settings; the lock file of a server that is gone is
 * removed.
 */
export async function stopLeftover(clusterDir: string, log: EmbeddedLog): Promise<void> {
  const lines = readPidFile(clusterDir);
  if (!lines) return;
  const pid = Number(lines[0]);
  if (Number.isInteger(pid) && pid > 0 && isPostmasterOf(pid, clusterDir)) {
    log.warn(
      `the embedded PostgreSQL of an app that did not stop (pid ${pid}) is still running in ${clusterDir}: ` +
        'stopping it to start it again',
    );
    try {
      process.kill(pid, 'SIGINT');
    } catch (error) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL left running in ${clusterDir} (pid ${pid}) could not be stopped: ` +
          `${(error as Error).message}. Stop it, then start again.`,
      );
    }
    if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL left running in ${clusterDir} (pid ${pid}) did not stop within ` +
          `${STOP_TIMEOUT_MS / 1000} s. Stop it, then start again.`,
      );
    }
    return;
  }
  const was = Number.isInteger(pid) && pid > 0 && processAlive(pid) ? 'is another program now' : 'is gone';
  log.warn(
    `the embedded PostgreSQL did not stop cleanly last time (its pid ${lines[0]} ${was}): ` +
      'starting it again, it recovers from its write-ahead log',
  );
  fs.rmSync(path.join(clusterDir, 'postmaster.pid'), { force: true });
  const port = Number(lines[3]);
  const socketDir = lines[4]?.trim();
  if (socketDir === clusterDir && port > 0) {
    fs.rmSync(path.join(socketDir, `.s.PGSQL.${port}.lock`), { force: true });
  }
}

/** The best UTF-8 character classes the system has (Cyrillic upper/lower case, trigram words). */
function bestCtype(): string {
  let names: string[];
  try {
    names = execFileSync('locale', ['-a'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .split('\n')
      .map((name) => name.trim());
  } catch {
    return 'C';
  }
  const normal = (name: string) => name.toLowerCase().replace('utf-8', 'utf8');
  for (const wanted of ['c.utf8', 'en_us.utf8']) {
    const found = names.find((name) => normal(name) === wanted);
    if (found) return found;
  }
  return names.find((name) => normal(name).endsWith('.utf8')) ?? 'C';
}

/** Environment for the server's programs: ours without libpq's variables, English messages. */
function serverEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
  return { ...env, LC_MESSAGES: 'C' };
}

/** Runs a program to its end (without blocking: the app's modules load meanwhile); its exit and stderr. */
function run(
  program: string,
  args: string[],
  options: { cwd: string; user: RunAs | undefined },
): Promise<{ code: number | null; signal: string | null; stderr: string; error?: Error }> {
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: serverEnv(),
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(options.user ?? {}),
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) => resolve({ code: null, signal: null, stderr, error }));
    child.once('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/** Creates a new cluster in `clusterDir`: made aside in `postgres.new`, renamed into place when whole. */
export async function initCluster(
  binaries: Binaries,
  dataDir: string,
  clusterDir: string,
  user: RunAs | undefined,
  durable: boolean,
): Promise<string> {
  const fresh = `${clusterDir}.new`;
  fs.rmSync(fresh, { recursive: true, force: true });
  fs.mkdirSync(fresh, { mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  const pwfile = path.join(dataDir, `postgres.pwfile.${process.pid}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) {
      fs.chownSync(fresh, user.uid, user.gid);
      fs.chownSync(pwfile, user.uid, user.gid);
    }
    const result = await run(
      binaries.initdb,
      [
        '-D',
        fresh,
        '-U',
        SUPERUSER,
        '-E',
        'UTF8',
        // Code-point order (as C), Unicode character classes where the system has them.
        '--locale=C',
        `--lc-ctype=${bestCtype()}`,
        // The socket lies in the cluster's 0700 directory: whoever reaches it owns the cluster.
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        `--pwfile=${pwfile}`,
        '--no-instructions',
        ...(durable ? [] : ['--no-sync']),
      ],
      { cwd: dataDir, user },
    );
    if (result.code !== 0) {
      throw new EmbeddedPostgresError(
        `Could not create the embedded PostgreSQL in ${clusterDir} (initdb ` +
          `${result.error?.message ?? `exited with ${result.code ?? result.signal}`}):\n${result.stderr}`,
      );
    }
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  writeWhole(passwordFile(dataDir), password);
  fs.renameSync(fresh, clusterDir);
  return password;
}

export const passwordFile = (dataDir: string) => path.join(dataDir, 'postgres.password');

function writeWhole(file: string, text: string): void {
  const partial = `${file}.${process.pid}.part`;
  fs.writeFileSync(partial, text, { mode: 0o600 });
  fs.renameSync(partial, file);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The last lines of the server's log, for an error message. */
function logTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

/** Opens the server's log for appending, starting a new one when it has grown past LOG_ROTATE_BYTES. */
function openLog(file: string): number {
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  if (size > LOG_ROTATE_BYTES) fs.renameSync(file, `${file}.1`);
  return fs.openSync(file, 'a', 0o600);
}

/** Starts the postmaster and resolves once its `postmaster.pid` says it accepts connections. */
export async function startServer(
  binaries: Binaries,
  clusterDir: string,
  settings: Record<string, string>,
  user: RunAs | undefined,
  logFile: string,
): Promise<ChildProcess> {
  const logFd = openLog(logFile);
  let child: ChildProcess;
  try {
    child = spawn(
      binaries.postgres,
      ['-D', clusterDir, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
      // The same process group as the app: whatever stops the app's whole group (a terminal's
      // Ctrl-C, a test runner's kill) stops the server too; killing the app alone leaves it running,
      // and the next start finds it.
      { cwd: clusterDir, env: serverEnv(), stdio: ['ignore', logFd, logFd], ...(user ?? {}) },
    );
  } finally {
    fs.closeSync(logFd);
  }
  await new Promise<void>((resolve, reject) => {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const failed = (reason: string) => {
      clearTimeout(timer);
      reject(
        new EmbeddedPostgresError(
          `The embedded PostgreSQL in ${clusterDir} ${reason}. Its log (${logFile}) ends:\n${logTail(logFile)}`,
        ),
      );
    };
    const exited = (code: number | null, signal: string | null) =>
      failed(`stopped while starting (${code === null ? signal : `exit code ${code}`})`);
    child.once('exit', exited);
    child.once('error', (error) => failed(`could not be started: ${error.message}`));
    const poll = () => {
      const lines = readPidFile(clusterDir);
      if (lines?.[0] === String(child.pid) && lines[7]?.trim() === 'ready') {
        child.off('exit', exited);
        resolve();
      } else if (Date.now() - started > START_TIMEOUT_MS) {
        child.kill('SIGQUIT');
        failed(`did not accept connections within ${START_TIMEOUT_MS / 1000} s`);
      } else {
        timer = setTimeout(poll, 10);
      }
    };
    poll();
  });
  return child;
}
