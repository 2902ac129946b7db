/**
 * How the API bench measures a route: autocannon's load against a URL, a row of req/s and p99 per
 * route, the table the rows are printed in and the ratio of a route to its baseline.
 */
import autocannon from 'autocannon';
import type { Db } from '@logoschool/server/src/db/client.ts';
import { DEMO_PASSWORD } from '@logoschool/server/src/db/seed.ts';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** How a baseline runs its SQL: straight through `pg`, without auth, validation or shaping. */
export const through = 'pg';

export interface Row {
  title: string;
  rps: number;
  p99: number;
}

export async function run(title: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  // A slow search answers late rather than never: give it longer than autocannon's 10 s.
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 30,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { title, rps: result.requests.average, p99: result.latency.p99 };
}

export const ratio = (name: string, row: Row, baseline: Row) =>
  `${name}: ${(row.rps / baseline.rps).toFixed(3)} of the throughput, ` +
  `p99 ${(row.p99 / Math.max(baseline.p99, 1)).toFixed(1)}x the baseline's`;

/** Prints rows under the header of `printTable`: title, req/s and p99 ms. */
export function printRows(rows: readonly Row[]): void {
  for (const row of rows) {
    console.log(row.title.padEnd(38), row.rps.toFixed(0).padStart(10), String(row.p99).padStart(10));
  }
}

/** Prints rows as a table, with its header. */
export function printTable(rows: readonly Row[]): void {
  console.log(`${'route'.padEnd(38)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(10)}`);
  printRows(rows);
}

/** Signs a demo user in on the server at `baseUrl`: its authorization header. */
export async function bearerOf(baseUrl: string, email: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return `Bearer ${((await answer.json()) as { data: { token: string } }).data.token}`;
}

/** What a phase of the API bench measures with: the app's database and address, the demo school. */
export interface BenchContext {
  db: Db;
  /** The app's address (`http://127.0.0.1:<port>`). */
  address: string;
  schoolId: number;
  /** A signed-in demo user's authorization header. */
  tokenOf(email: string): Promise<string>;
  /** The SQL baseline of each named list, which `/bench/sql/:name` runs. */
  baselines: Map<string, { sql: string; params: unknown[] }[]>;
}
