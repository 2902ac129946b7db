import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_CHAT, E2E_VACANCY_URL, E2E_WORKERS, serverPort, smtpPort } from './support/services.ts';

const root = path.resolve(import.meta.dirname, '..');
/**
 * Each worker's server gets a fresh embedded database of its own. Playwright reads this file in
 * every worker too: the main process makes the directories once and hands them down.
 */
const dataRoot = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-e2e-'));
if (!process.env.E2E_DATA_DIR) {
  // As root the embedded PostgreSQL runs as the user postgres, who must reach the data below.
  fs.chmodSync(dataRoot, 0o755);
  process.env.E2E_DATA_DIR = dataRoot;
}

/** The server the worker with this parallel index tests, on its own port, data and mailbox. */
const server = (index: number) => {
  const port = serverPort(index);
  return {
    // As `npm start` runs it, its young generation's cap included (decision 025).
    command: 'node --max-semi-space-size=4 --import tsx apps/server/src/main.ts',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataRoot, `worker-${index}`),
      // A throwaway database: no fsync on every commit.
      DATA_DURABLE: 'false',
      DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_IP: '1000',
      // The schedule would lock demo lessons starting within a day at a quarter-hour tick.
      PREPARE_LESSONS: 'false',
      // The demo's library of decks is not the tests': their own uploads render at once.
      RENDER_WAITING_DECKS: 'false',
      CHAT_SCRIPT_URL: E2E_CHAT.scriptUrl,
      CHAT_HOST: E2E_CHAT.host,
      CHAT_TOKEN: E2E_CHAT.token,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort(index)}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The vacancy banner's link for Demo school's environment only: Second school's (2) has none.
      VACANCY_URLS: JSON.stringify({ '1': E2E_VACANCY_URL }),
    },
  };
};

/**
 * The browser: Debian's headless shell (`chromium-headless-shell`, the old headless mode, which is
 * what Playwright's own headless runs use) when it is installed, else the full Chromium. The full
 * browser in its new headless mode is the whole desktop browser without a window: the same tests
 * took 161–178 s in it against 97–127 s in the shell (clients and categories, 6 tests, run in turns
 * on the same loaded 2-core machine).
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file));

/** Browser tests in Debian's Chromium against the real server and the built web app. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Spec files are spread over the workers; a file's tests run in order, on its worker's server.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  // The longest flow takes about 30 s on one worker; no test may need more than a minute.
  timeout: 60_000,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    // Each test's own base URL is its worker's server's (support/test.ts).
    // Locally a failing test keeps its trace: each step's page (DOM snapshots), not a film of
    // screenshots. CI keeps the failure's screenshot and message only: recording every test's trace
    // to keep the failing ones' cost 13% of the browser tests' time on its two cores (40 tests:
    // 209 s with, 183 s without).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    // Pages are read as by someone who asks for less motion: no dialog or toast mid-fade.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            // The compositor in software in the browser itself, not through the GPU process's
            // emulated GPU (SwiftShader): a tenth of the CPU the pages took (183 s → 171 s, 40 tests).
            '--disable-gpu-compositing',
          ],
        },
      },
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => server(index)),
});
