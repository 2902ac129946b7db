/**
 * Stays one file (454 lines): one script, the parents' pages section being the only part another
 * could reuse; split when a second web bench needs its page loads.
 *
 * Web page speed in Chromium. For the login page and the signed-in shell (`/`): the gzipped
 * JavaScript and CSS the page loads and its Largest Contentful Paint, against the first-page budgets
 * (issue 13: 120 KB of JS for the login page, 200 KB for the shell). Then the parents' public pages
 * (issue 32: 100 KB of JS each, for phones on mobile networks), each opened by a live link of the
 * demo school as a parent opens it, with what it shows. Then every built route of the route table,
 * opened directly: a staff route as a demo user whose role may open it, with the JS it loads beyond
 * the shell (what every staff route loads); a public route signed out, with all of its JS
 * (`BENCH_EVERY_ROUTE=0` leaves that table out). The server runs the built app on a fresh embedded
 * database with the demo school.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  ROUTES,
  availableWorkspaceIds,
  mayOpen,
  rolesInWorkspace,
  selectedRole,
  type AppRoute,
  type RankedRole,
  type RoleName,
  type User,
} from '@logoschool/contract';
import { DEMO_PASSWORD, DEMO_USERS } from '@logoschool/server/src/db/seed.ts';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUDGET_KB = { login: 120, shell: 200, parents: 100 };
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The demo user the login and shell figures sign in as (moderator in the Demo school). */
const SHELL_USER = 'multi@demo.test';
/** How long a page may take to load and settle: the machine is shared, and a busy one is slow. */
const PAGE_TIMEOUT_MS = 120_000;

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
    // Some forty page loads and a login per demo user: the bench is no client to limit.
    RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT_IP: '1000',
  },
  stdio: 'inherit',
});

async function waitForServer() {
  for (let attempt = 0; attempt < 360; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

/** A signed-in demo user: the token, and the role the app selects for them at first (no stored project). */
interface Signed {
  email: string;
  token: string;
  role: RankedRole;
  held: RoleName[];
}

async function signIn(email: string): Promise<Signed | null> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`${email} could not sign in: ${response.status}`);
  const { data } = (await response.json()) as { data: { token: string; user: User } };
  const workspaceId = availableWorkspaceIds(data.user)[0];
  if (workspaceId === undefined) return null;
  const role = selectedRole(data.user, workspaceId);
  return role ? { email, token: data.token, role, held: rolesInWorkspace(data.user, workspaceId) } : null;
}

/** What a page load fetched: gzipped size by URL, scripts and style sheets apart. */
interface Loaded {
  scripts: Map<string, number>;
  styles: Map<string, number>;
}

const kbOf = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024;

const gzipped = new Map<string, Promise<number>>();

/** A file's size gzipped at level 9, fetched again from the server (so once per build file). */
function gzippedSize(url: string): Promise<number> {
  let size = gzipped.get(url);
  if (!size) {
    size = fetch(url)
      .then((response) => response.arrayBuffer())
      .then((body) => gzipSync(Buffer.from(body), { level: 9 }).length);
    gzipped.set(url, size);
  }
  return size;
}

/**
 * Loads a page and records the gzipped size of every script and style sheet it fetched. The sizes
 * are taken after the page is ready, not from the browser while it loads: reading every response
 * body through the DevTools protocol during the load slowed the page it measured.
 */
async function load(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<Loaded> {
  const urls = { scripts: new Set<string>(), styles: new Set<string>() };
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script') urls.scripts.add(response.url());
    if (type === 'stylesheet') urls.styles.add(response.url());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  page.removeAllListeners('response');
  const sized = async (found: Set<string>) =>
    new Map(await Promise.all([...found].map(async (file) => [file, await gzippedSize(file)] as const)));
  return { scripts: await sized(urls.scripts), styles: await sized(urls.styles) };
}

/** The page's Largest Contentful Paint, in ms. */
function lcpOf(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(0), 3000);
      }),
  );
}

interface Run {
  js: number;
  files: number;
  css: number;
  lcp: number;
}

async function measure(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<Run> {
  const loaded = await load(page, url, ready);
  return {
    js: kbOf(loaded.scripts),
    files: loaded.scripts.size,
    css: kbOf(loaded.styles),
    lcp: await lcpOf(page),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const newContext = (browser: Browser, token?: string) =>
  browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } }).then(async (context) => {
    context.setDefaultTimeout(PAGE_TIMEOUT_MS);
    if (token) await context.addInitScript((saved) => localStorage.setItem('auth', saved), token);
    return context;
  });

/** A staff screen is ready when its frame is: the shell's header, or a full-screen route's main. */
const staffReady = (page: Page) => page.getByRole('banner').or(page.getByRole('main')).first().waitFor();

/**
 * Login page, then the shell in a new tab of the same browser context (what the login page loaded
 * is in its cache, as after signing in), `RUNS` times in fresh contexts.
 */
async function firstPages(browser: Browser, token: string) {
  const login: Run[] = [];
  const shell: Run[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await newContext(browser);
    const page = await context.newPage();
    login.push(
      await measure(page, `${base}/login`, (p) => p.getByRole('button', { name: 'Sign in' }).waitFor()),
    );
    await page.evaluate((saved) => localStorage.setItem('auth', saved), token);
    shell.push(await measure(await context.newPage(), `${base}/`, staffReady));
    await context.close();
  }
  return { login, shell };
}

/**
 * The parents' public pages (issue 32): each route a parent (or the child, on the parent's phone)
 * opens, with the kind of public link whose token opens it (`public_links.kind`, decision 029).
 */
const PARENT_PAGES: readonly { path: string; kind: string }[] = [
  { path: '/parent-dashboard-demo/:token', kind: 'family' },
  { path: '/play-lesson/:token', kind: 'practice' },
  { path: '/game/:token', kind: 'game' },
  { path: '/appointment/:token', kind: 'booking' },
  { path: '/appointment/manage/:token', kind: 'booking-manage' },
  { path: '/view-protocol-plan/:token', kind: 'plan' },
  { path: '/dc-preview/:token', kind: 'diagnosis' },
  { path: '/progress-preview/:token', kind: 'diagnosis' },
  { path: '/client-session/:token', kind: 'lesson' },
];

/** A live link's token of each kind, read from the demo school's database (the server's embedded one). */
async function liveTokens(): Promise<Map<string, string>> {
  const client = new pg.Client({
    connectionString: `postgresql://postgres@localhost/logoschool?host=${encodeURIComponent(path.join(dataDir, 'postgres'))}&port=5432`,
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ kind: string; token: string }>(
      'select distinct on (kind) kind, token from public_links where withdrawn_at is null order by kind, id',
    );
    return new Map(rows.map((row) => [row.kind, row.token]));
  } finally {
    await client.end();
  }
}

interface ParentLoad {
  path: string;
  /** Null when the demo school has no live link of the page's kind. */
  run: Run | null;
}

/**
 * Every parents' page, signed out on a phone (390 px wide, Ukrainian), `RUNS` times in fresh
 * contexts; ready when the public page frame's wait (its loader) has given way to the content.
 */
async function parentPages(browser: Browser): Promise<ParentLoad[]> {
  const tokens = await liveTokens();
  const loads: ParentLoad[] = [];
  for (const entry of PARENT_PAGES) {
    const token = tokens.get(entry.kind);
    if (!token) {
      loads.push({ path: entry.path, run: null });
      continue;
    }
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ locale: 'uk-UA', viewport: { width: 390, height: 844 } });
      context.setDefaultTimeout(PAGE_TIMEOUT_MS);
      const page = await context.newPage();
      runs.push(
        await measure(page, `${base}${entry.path.replace(':token', token)}`, (p) =>
          p
            .waitForFunction(
              () =>
                (document.getElementById('root')?.innerText.trim().length ?? 0) > 0 &&
                !document.querySelector('.mantine-Loader-root'),
            )
            .then(() => undefined),
        ),
      );
      await context.close();
    }
    loads.push({
      path: entry.path,
      run: {
        js: median(runs.map((row) => row.js)),
        files: median(runs.map((row) => row.files)),
        css: median(runs.map((row) => row.css)),
        lcp: median(runs.map((row) => row.lcp)),
      },
    });
  }
  return loads;
}

/** `<figure> KB of the <budget> KB budget (<share>): within|over`. */
function againstBudget(kb: number, budget: number): string {
  const rest = kb - budget;
  return (
    `${kb.toFixed(1)} KB of the ${budget} KB budget (${((kb / budget) * 100).toFixed(0)}%): ` +
    (rest > 0 ? `over by ${rest.toFixed(1)} KB` : `within, ${(-rest).toFixed(1)} KB to spare`)
  );
}

/** A route's path to open: an optional parameter left out. */
const pathOf = (route: AppRoute) => route.path.replace(/\/:[^/]+\?$/, '');

interface RouteLoad {
  route: AppRoute;
  as: string;
  loaded: Loaded;
  /** Where the app ended up, when not where it was sent. */
  landed?: string;
}

/** Every built route once: public ones signed out, staff ones as the first demo user who may open them. */
async function everyRoute(browser: Browser, users: Signed[]): Promise<RouteLoad[]> {
  const loads: RouteLoad[] = [];
  for (const route of ROUTES.filter((entry) => entry.built)) {
    const user =
      route.access === 'public'
        ? undefined
        : users.find((signed) => mayOpen(route, signed.role, signed.held));
    if (route.access !== 'public' && !user) {
      console.warn(`no demo user may open ${route.path}`);
      continue;
    }
    const context = await newContext(browser, user?.token);
    const page = await context.newPage();
    const loaded = await load(page, `${base}${pathOf(route)}`, user ? staffReady : async () => {});
    const landed = new URL(page.url()).pathname;
    loads.push({
      route,
      as: user ? `${user.email.split('@')[0]} (${user.role})` : 'signed out',
      loaded,
      ...(landed === pathOf(route) ? {} : { landed }),
    });
    await context.close();
  }
  return loads;
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    // The full browser as people run it; the headless shell of the browser tests where it is all there is.
    executablePath:
      process.env.CHROMIUM_PATH ??
      ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((file) => fs.existsSync(file)),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const users = (await Promise.all(DEMO_USERS.map((user) => signIn(user.email)))).filter(
    (signed): signed is Signed => signed !== null,
  );
  // The shell's user first, so that the routes it may open are opened as it.
  users.sort((a, b) => Number(b.email === SHELL_USER) - Number(a.email === SHELL_USER));
  const shellUser = users.find((signed) => signed.email === SHELL_USER);
  if (!shellUser) throw new Error(`${SHELL_USER} is not in the demo school`);
  const { login, shell } = await firstPages(browser, shellUser.token);
  const parents = await parentPages(browser);
  const routes = process.env.BENCH_EVERY_ROUTE === '0' ? [] : await everyRoute(browser, users);
  await browser.close();

  console.log(`\nWeb bench: Chromium, built app, ${RUNS} runs (median)\n`);
  console.log(
    'page'.padEnd(18),
    'JS gz KB'.padStart(9),
    'files'.padStart(6),
    'CSS gz KB'.padStart(10),
    'LCP ms'.padStart(8),
  );
  const figures = { login, shell };
  for (const [name, rows] of [
    ['/login', login],
    ['shell (/)', shell],
  ] as const) {
    console.log(
      name.padEnd(18),
      median(rows.map((row) => row.js))
        .toFixed(1)
        .padStart(9),
      String(median(rows.map((row) => row.files))).padStart(6),
      median(rows.map((row) => row.css))
        .toFixed(1)
        .padStart(10),
      median(rows.map((row) => row.lcp))
        .toFixed(0)
        .padStart(8),
    );
  }
  console.log('');
  for (const page of ['login', 'shell'] as const) {
    console.log(`${page} JS: ${againstBudget(median(figures[page].map((row) => row.js)), BUDGET_KB[page])}`);
  }

  console.log(
    `\nThe parents' public pages, by a live demo link, signed out, 390 px, uk (${RUNS} runs, median),` +
      ` each against the ${BUDGET_KB.parents} KB budget of JS\n`,
  );
  console.log(
    'page'.padEnd(32),
    'JS gz KB'.padStart(9),
    'files'.padStart(6),
    'CSS gz KB'.padStart(10),
    'LCP ms'.padStart(8),
    '  JS budget',
  );
  for (const { path: page, run } of parents) {
    if (!run) {
      console.log(page.padEnd(32), '  not measured: the demo school has no live link of its kind');
      continue;
    }
    const rest = run.js - BUDGET_KB.parents;
    console.log(
      page.padEnd(32),
      run.js.toFixed(1).padStart(9),
      String(run.files).padStart(6),
      run.css.toFixed(1).padStart(10),
      run.lcp.toFixed(0).padStart(8),
      rest > 0 ? `  over by ${rest.toFixed(1)} KB` : `  within, ${(-rest).toFixed(1)} KB to spare`,
    );
  }

  if (routes.length > 0) {
    // The shell is what every staff route loads, whichever it is.
    const staff = routes.filter((entry) => entry.route.access !== 'public');
    const shellScripts = staff
      .map((entry) => new Set(entry.loaded.scripts.keys()))
      .reduce(
        (common, scripts) => new Set([...common].filter((url) => scripts.has(url))),
        new Set(staff[0]?.loaded.scripts.keys()),
      );
    const shellKb =
      [...shellScripts].reduce((sum, url) => sum + (staff[0]?.loaded.scripts.get(url) ?? 0), 0) / 1024;
    console.log(
      `\nEvery built route, opened directly (1 run): a staff route's JS beyond the shell ` +
        `(${shellKb.toFixed(1)} KB in ${shellScripts.size} files, what every staff route loads), ` +
        `a public route's JS whole\n`,
    );
    console.log('route'.padEnd(34), 'as'.padEnd(26), 'JS gz KB'.padStart(9), 'files'.padStart(6));
    for (const entry of routes) {
      const own = new Map(
        [...entry.loaded.scripts].filter(
          ([url]) => entry.route.access === 'public' || !shellScripts.has(url),
        ),
      );
      const row = [
        entry.route.path.padEnd(34),
        entry.as.padEnd(26),
        kbOf(own).toFixed(1).padStart(9),
        String(own.size).padStart(6),
      ];
      console.log(...row, ...(entry.landed ? [` (landed on ${entry.landed})`] : []));
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
