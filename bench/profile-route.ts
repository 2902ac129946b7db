/**
 * Where a signed-in GET spends its time in our process: the route (argument, default
 * `/api/check-token`) served over HTTP to autocannon running in a process of its own (10
 * connections), as the demo school's moderator on a fresh embedded database. A truly bare Fastify
 * (`fastify()` with one handler, no plugins) in the same process is loaded the same way first.
 * Each gets a warm-up, then the server's CPU time per request is measured (user + system, this
 * process only: the load generator's work is not in it, and a busy machine changes it less than a
 * throughput), then the route's requests run under the V8 profiler (node:inspector, 100 µs
 * sampling). Prints CPU µs per request of both and their ratio, the top frames by self time, then by
 * package. `npm run bench:profile -- /api/exercises?workspace_id=1&role_id=3`
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { Runtime } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '@logoschool/server/src/app.ts';
import { loadConfig } from '@logoschool/server/src/config.ts';
import { openDatabase } from '@logoschool/server/src/db/client.ts';
import { seedDemo } from '@logoschool/server/src/db/seed.ts';
import { fileStoreIn } from '@logoschool/server/src/files/files.ts';
import { bearerOf } from './measure.ts';

const route = process.argv[2] ?? '/api/check-token';
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 20_000);
const TOP = 15;
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-profile-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  RATE_LIMIT_MAX: '100000000',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
});
// The embedded PostgreSQL in the temporary directory, as the app runs it.
const database = await openDatabase({ dataDir });
const app = await buildApp({ config, database });
const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));

/** Where a frame lives: the package under node_modules, our file, or V8 and Node themselves. */
function placeOf(frame: Runtime.CallFrame): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (inPackage?.[1]) return inPackage[1];
  if (frame.url.includes('/apps/') || frame.url.includes('/packages/')) {
    return frame.url
      .replace(/^.*?\/(apps|packages)\//, '$1/')
      .split('/')
      .slice(0, 3)
      .join('/');
  }
  return frame.url.startsWith('node:') ? 'node' : frame.functionName || '(V8)';
}

/**
 * `amount` requests to `url` from autocannon in its own process (this one keeps serving meanwhile):
 * the server's CPU µs per request and the throughput autocannon saw.
 */
async function load(url: string, amount: number, headers: string[] = []) {
  const before = process.cpuUsage();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [autocannonCli, '--json', '-c', '10', '-a', String(amount), ...headers.flatMap((h) => ['-H', h]), url],
    { maxBuffer: 1e8 },
  );
  const used = process.cpuUsage(before);
  const result = JSON.parse(stdout) as { requests: { total: number; average: number }; non2xx: number };
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers that were not 2xx`);
  return { cpuUs: (used.user + used.system) / result.requests.total, rps: result.requests.average };
}

try {
  await database.migrate();
  await seedDemo(database.db, fileStoreIn(dataDir));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
  const authorization = `authorization=${await bearerOf(address, 'multi@demo.test')}`;

  await load(`${bareAddress}/hello`, REQUESTS / 4);
  const bareCost = await load(`${bareAddress}/hello`, REQUESTS);
  await load(`${address}${route}`, REQUESTS / 4, [authorization]);
  const routeCost = await load(`${address}${route}`, REQUESTS, [authorization]);

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  await load(`${address}${route}`, REQUESTS, [authorization]);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();

  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  // Samples of an idle process say nothing about a request's cost.
  const samples = (profile.samples ?? []).filter((id) => nodes.get(id)?.callFrame.functionName !== '(idle)');
  const byFrame = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const id of samples) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*?\/(apps|packages)\//, '$1/')}:${frame.lineNumber + 1}`;
    byFrame.set(name, (byFrame.get(name) ?? 0) + 1);
    byPlace.set(placeOf(frame), (byPlace.get(placeOf(frame)) ?? 0) + 1);
  }
  const share = (count: number) => `${((count / samples.length) * 100).toFixed(1).padStart(5)} %`;
  const top = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  const line = (title: string, cost: { cpuUs: number; rps: number }) =>
    `${title.padEnd(40)} ${cost.cpuUs.toFixed(1).padStart(7)} µs CPU per request  ${cost.rps.toFixed(0).padStart(6)} req/s`;
  console.log(`\n${REQUESTS} requests each over HTTP, 10 connections, autocannon in its own process`);
  console.log(line('bare Fastify (fastify(), one handler)', bareCost));
  console.log(line(route, routeCost));
  console.log(`bare Fastify / ${route}: ${(bareCost.cpuUs / routeCost.cpuUs).toFixed(3)} of the CPU time`);
  console.log(`\ntop frames by self time (${samples.length} samples, idle left out)`);
  for (const [name, count] of top(byFrame)) console.log(`${share(count)}  ${name}`);
  console.log('\nby package or module');
  for (const [name, count] of top(byPlace)) console.log(`${share(count)}  ${name}`);
} finally {
  await app.close();
  await bare.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
