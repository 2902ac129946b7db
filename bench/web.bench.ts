/**
 * Web page speed in Chromium: the gzipped JavaScript a route loads, and its Largest Contentful
 * Paint, for the login page and for the signed-in shell. The server runs the built app on a fresh
 * embedded database with the demo school. The login route's JS has a budget of 170 KB gzipped.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUDGET_KB = 170;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-bench-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

/** Loads a page and returns the gzipped size of its scripts and its LCP. */
async function measure(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(0), 3000);
      }),
  );
  page.removeAllListeners('response');
  const kb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
  return { kb, files: scripts.size, lcp };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const login: Awaited<ReturnType<typeof measure>>[] = [];
  const shell: Awaited<ReturnType<typeof measure>>[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    login.push(
      await measure(page, `${base}/login`, (p) => p.getByRole('button', { name: 'Sign in' }).waitFor()),
    );
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'multi@demo.test', password: 'demo12345' }),
    });
    const { data } = (await response.json()) as { data: { token: string } };
    await page.evaluate((token) => localStorage.setItem('auth', token), data.token);
    const fresh = await context.newPage();
    shell.push(await measure(fresh, `${base}/`, (p) => p.getByRole('banner').waitFor()));
    await context.close();
  }
  await browser.close();

  console.log(`\nWeb bench: Chromium, built app, ${RUNS} runs (median)\n`);
  console.log('route'.padEnd(18), 'JS gz KB'.padStart(9), 'files'.padStart(6), 'LCP ms'.padStart(8));
  for (const [name, rows] of [
    ['/login', login],
    ['shell (/)', shell],
  ] as const) {
    const kb = median(rows.map((row) => row.kb));
    console.log(
      name.padEnd(18),
      kb.toFixed(1).padStart(9),
      String(rows[0]?.files ?? 0).padStart(6),
      median(rows.map((row) => row.lcp))
        .toFixed(0)
        .padStart(8),
    );
  }
  const loginKb = median(login.map((row) => row.kb));
  console.log(
    `\nlogin JS: ${loginKb.toFixed(1)} KB of the ${BUDGET_KB} KB budget (${((loginKb / BUDGET_KB) * 100).toFixed(0)}%)`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
