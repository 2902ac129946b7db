/**
 * API throughput: a bare route (the framework's own ceiling, measured in the same run as the
 * baseline) against GET /api/check-token (token lookup + user with projects), on one server.
 * Prints req/s and p99 latency of each and their ratio. Database: PGlite in a temporary directory,
 * or PostgreSQL when DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '@logoschool/server/src/app.ts';
import { fileStoreIn } from '@logoschool/server/src/files/files.ts';
import { loadConfig } from '@logoschool/server/src/config.ts';
import { openDatabase } from '@logoschool/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '@logoschool/server/src/db/seed.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  RATE_LIMIT_MAX: '100000000',
  DATA_DIR: dataDir,
});
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db, fileStoreIn(config.dataDir));

const app = await buildApp({ config, database });
app.get('/bench/hello', { config: { rateLimit: false } }, async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const login = await fetch(`${address}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'multi@demo.test', password: DEMO_PASSWORD }),
});
const { data } = (await login.json()) as { data: { token: string } };

async function run(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { title, rps: result.requests.average, p99: result.latency.p99 };
}

try {
  const baseline = await run('bare route (baseline)', `${address}/bench/hello`);
  const checkToken = await run('GET /api/check-token', `${address}/api/check-token`, {
    authorization: `Bearer ${data.token}`,
  });
  console.log(`\nAPI bench: ${database.kind}, ${CONNECTIONS} connections, ${DURATION} s each\n`);
  console.log('route'.padEnd(26), 'req/s'.padStart(10), 'p99 ms'.padStart(10));
  for (const row of [baseline, checkToken]) {
    console.log(row.title.padEnd(26), row.rps.toFixed(0).padStart(10), String(row.p99).padStart(10));
  }
  console.log(`\ncheck-token / baseline: ${(checkToken.rps / baseline.rps).toFixed(3)} of the throughput,`);
  console.log(`p99 ${(checkToken.p99 / Math.max(baseline.p99, 1)).toFixed(1)}x the baseline's`);
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
