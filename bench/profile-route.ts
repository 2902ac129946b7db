/**
 * Where a signed-in GET spends its time in our process: the route (argument, default
 * `/api/check-token`) called through `app.inject` as the demo school's moderator on a fresh embedded
 * database, 500 calls to warm up, 2,000 timed, then 2,000 under the V8 profiler (node:inspector,
 * 100 µs sampling). Prints the time per call and the top frames by self time, then by package.
 * `npm run bench:profile -- /api/exercises?workspace_id=1&role_id=3`
 */
import fs from 'node:fs';
import type { Runtime } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@logoschool/server/src/app.ts';
import { loadConfig } from '@logoschool/server/src/config.ts';
import { openDatabase } from '@logoschool/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '@logoschool/server/src/db/seed.ts';
import { fileStoreIn } from '@logoschool/server/src/files/files.ts';

const route = process.argv[2] ?? '/api/check-token';
const WARM_UP = 500;
const CALLS = 2000;
const TOP = 15;

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

try {
  await database.migrate();
  await seedDemo(database.db, fileStoreIn(dataDir));
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'multi@demo.test', password: DEMO_PASSWORD },
  });
  const { token } = (login.json() as { data: { token: string } }).data;
  const call = async (times: number) => {
    for (let index = 0; index < times; index += 1) {
      const response = await app.inject({ url: route, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${route}: ${response.statusCode} ${response.body}`);
    }
  };
  await call(WARM_UP);
  const started = performance.now();
  await call(CALLS);
  const perCall = (performance.now() - started) / CALLS;

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  await call(CALLS);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();

  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = profile.samples ?? [];
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
  console.log(`\n${route} through app.inject: ${perCall.toFixed(3)} ms per call (${CALLS} calls)`);
  console.log(`\ntop frames by self time (${samples.length} samples)`);
  for (const [name, count] of top(byFrame)) console.log(`${share(count)}  ${name}`);
  console.log('\nby package or module');
  for (const [name, count] of top(byPlace)) console.log(`${share(count)}  ${name}`);
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
