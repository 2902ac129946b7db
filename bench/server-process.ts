/**
 * The server as `npm start` runs it, in a process of its own: how long a cold start on an empty
 * embedded database takes to its first 200, and how much memory its processes (node and the
 * embedded PostgreSQL's) hold after starting and after serving load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  url: string;
  /** From spawning to the first 200 of /api/health, in ms. */
  startMs: number;
  /**
   * Resident memory of the app's processes now, in MB (Linux: /proc): node and every process under
   * it (the embedded PostgreSQL's), without the slide renderer's transient LibreOffice jobs (issue 25).
   */
  rssMb(): number;
  /**
   * Which processes `rssMb` counts, with their RSS, and their PSS together: RSS counts the pages
   * they share (PostgreSQL's program and shared buffers) once per process, PSS splits them.
   */
  processes(): string;
  stop(): Promise<void>;
}

/** Resident set size of a process, in MB; NaN where /proc is not there. */
function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** A process and all its descendants, by name (Linux: /proc), the slide renderer's jobs left out. */
function processTree(root: number): { pid: number; name: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree: { pid: number; name: string }[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    let name: string;
    try {
      name = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (/soffice|oosplash|pdftoppm/.test(name)) continue;
    tree.push({ pid, name });
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Proportional set size of a process, in MB (its shared pages divided among their sharers). */
function pssOf(pid: number): number {
  try {
    const kb = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The RSS of a process tree, in MB, and what it counted. */
function treeRss(root: number): { mb: number; processes: string } {
  if (!fs.existsSync('/proc/self/stat')) return { mb: Number.NaN, processes: 'no /proc' };
  const counts = new Map<string, { n: number; mb: number }>();
  let mb = 0;
  let pss = 0;
  for (const { pid, name } of processTree(root)) {
    const rss = rssOf(pid);
    if (Number.isNaN(rss)) continue;
    mb += rss;
    pss += pssOf(pid);
    const count = counts.get(name) ?? { n: 0, mb: 0 };
    counts.set(name, { n: count.n + 1, mb: count.mb + rss });
  }
  const processes = [...counts]
    .map(([name, { n, mb: each }]) => `${n} ${name} ${each.toFixed(0)} MB`)
    .join(', ');
  return { mb, processes: `${processes}; PSS ${pss.toFixed(0)} MB` };
}

/**
 * Starts the server as `npm start` does: on an empty data directory of its own (the demo seed
 * included, as a first start), removed when it stops, or on the `dataDir` given, which stays.
 */
export async function startServerProcess(port: number, given?: string): Promise<ServerProcess> {
  const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-bench-start-'));
  const started = performance.now();
  // As `npm start` runs it, its young generation's cap included (decision 025).
  const argv = ['--max-semi-space-size=4', '--import', 'tsx', 'apps/server/src/main.ts'];
  const child: ChildProcess = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
    if (performance.now() - started > 120_000) {
      await stop();
      throw new Error('the server did not answer within 2 minutes');
    }
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    rssMb: () => treeRss(child.pid ?? 0).mb,
    processes: () => treeRss(child.pid ?? 0).processes,
    stop,
  };
}
