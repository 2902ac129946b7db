import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import { DataDirLockedError, lockDataDir } from './lock.ts';

/*
 * The embedded PostgreSQL (decision 025) in this process: what it starts, how it listens, what it
 * keeps, and what it does with what a previous run left behind. The server process's own start and
 * stop, a second app and a SIGKILL are in main.test.ts.
 */

const dirs: string[] = [];
const running: EmbeddedPostgres[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((cluster) => cluster.stop()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-embedded-'));
  dirs.push(dir);
  return dir;
}

/** What the cluster said, by level. */
function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (line: string) => lines.push(`info: ${line}`),
      warn: (line: string) => lines.push(`warn: ${line}`),
    },
  };
}

async function start(options: Parameters<typeof startEmbeddedPostgres>[0]) {
  const cluster = await startEmbeddedPostgres(options);
  running.push(cluster);
  return cluster;
}

async function query(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
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

describe('the embedded PostgreSQL', () => {
  it('creates a durable cluster in DATA_DIR that listens on a socket of its own only, and keeps what it wrote', async () => {
    const dir = dataDir();
    const { lines, log } = recorder();
    const first = await start({ dataDir: dir, log });
    expect(lines.join('\n')).toContain('created the embedded PostgreSQL');
    expect(first.clusterDir).toBe(path.join(dir, 'postgres'));
    const [settings] = await query(
      first.url,
      `select current_database() as database, current_setting('data_directory') as data,
        current_setting('fsync') as fsync, current_setting('synchronous_commit') as commit,
        current_setting('full_page_writes') as pages, current_setting('listen_addresses') as tcp,
        current_setting('unix_socket_directories') as sockets, current_setting('shared_buffers') as buffers,
        lower('ДІАГНОЗ Ünï') as lower`,
    );
    expect(settings).toEqual({
      database: 'logoschool',
      data: first.clusterDir,
      fsync: 'on',
      commit: 'on',
      pages: 'on',
      tcp: '',
      sockets: `"${first.clusterDir}"`,
      buffers: '32MB',
      lower: 'діагноз ünï',
    });
    // The socket's directory is the cluster's own, closed to everyone else.
    expect(fs.statSync(first.clusterDir).mode & 0o777).toBe(0o700);
    await query(first.url, 'create table kept (note text); insert into kept values ($$written$$)');
    await first.stop();
    running.splice(running.indexOf(first), 1);
    expect(alive(first.pid)).toBe(false);
    expect(fs.existsSync(path.join(first.clusterDir, 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'logoschool.lock'))).toBe(false);

    const again = await start({ dataDir: dir, log });
    expect(await query(again.url, 'select note from kept')).toEqual([{ note: 'written' }]);
    expect(lines.filter((line) => line.includes('created the embedded PostgreSQL'))).toHaveLength(1);
  }, 60_000);

  it('listens on 127.0.0.1 with a password where a socket will not do', async () => {
    const cluster = await start({ dataDir: dataDir(), socket: false });
    const url = new URL(cluster.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(await query(cluster.url, 'select current_setting($$listen_addresses$$) as tcp')).toEqual([
      { tcp: '127.0.0.1' },
    ]);
    url.password = 'wrong';
    await expect(query(url.toString(), 'select 1')).rejects.toThrow(/password authentication failed/);
  }, 60_000);

  it('stops a cluster left running by an app that is gone, and starts it again', async () => {
    const dir = dataDir();
    const { lines, log } = recorder();
    const left = await startEmbeddedPostgres({ dataDir: dir, log });
    await query(left.url, 'create table kept (note text); insert into kept values ($$before$$)');
    // The app that started it is gone as far as the files tell (its lock names a dead process).
    fs.writeFileSync(path.join(dir, 'logoschool.lock'), '999999999');

    const next = await start({ dataDir: dir, log });
    expect(lines.join('\n')).toContain(`(pid ${left.pid}) is still running in ${left.clusterDir}`);
    expect(alive(left.pid)).toBe(false);
    expect(next.pid).not.toBe(left.pid);
    expect(await query(next.url, 'select note from kept')).toEqual([{ note: 'before' }]);
  }, 60_000);

  it('starts over a postmaster.pid whose process is gone or is another program now', async () => {
    const dir = dataDir();
    const { lines, log } = recorder();
    const first = await start({ dataDir: dir, log });
    const pidFile = path.join(first.clusterDir, 'postmaster.pid');
    const written = fs.readFileSync(pidFile, 'utf8');
    await first.stop();
    running.splice(running.indexOf(first), 1);
    // A machine that crashed: the file stayed, and its number now belongs to another program.
    const other = spawn('sleep', ['30']);
    try {
      const lines0 = written.split('\n');
      lines0[0] = String(other.pid);
      fs.writeFileSync(pidFile, lines0.join('\n'));
      const next = await start({ dataDir: dir, log });
      expect(lines.join('\n')).toContain(
        `did not stop cleanly last time (its pid ${other.pid} is another program now)`,
      );
      expect(alive(other.pid as number)).toBe(true);
      expect(await query(next.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      other.kill();
    }
  }, 60_000);

  it('refuses a data directory another live process holds', async () => {
    const dir = dataDir();
    const holder = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'logoschool.lock'), String(holder.pid));
      await expect(startEmbeddedPostgres({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      await expect(startEmbeddedPostgres({ dataDir: dir })).rejects.toThrow(
        new RegExp(`in use by another Logoschool process \\(pid ${holder.pid}\\)`),
      );
      expect(fs.existsSync(path.join(dir, 'postgres'))).toBe(false);
    } finally {
      holder.kill();
    }
  });
});

describe.runIf(fs.existsSync('/proc/self/stat'))('the data directory lock', () => {
  it('takes over a lock whose process number another process got since', () => {
    const dir = dataDir();
    const holder = spawn('sleep', ['30']);
    try {
      // The same number, started at another time: not the process that took the lock.
      fs.writeFileSync(path.join(dir, 'logoschool.lock'), `${holder.pid} 1`);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, 'logoschool.lock'), 'utf8')).toMatch(
        new RegExp(`^${process.pid} \\d+$`),
      );
      release();
      expect(fs.existsSync(path.join(dir, 'logoschool.lock'))).toBe(false);
    } finally {
      holder.kill();
    }
  });
});
