import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_CHAT, E2E_SMTP_PORT, E2E_VACANCY_URL } from './support/services.ts';

const PORT = Number(process.env.E2E_PORT ?? 3199);
const root = path.resolve(import.meta.dirname, '..');
// The server under test gets a fresh embedded database; the main process starts it once.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

/** Browser tests in Debian's Chromium against the real server and the built web app. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The trace keeps each step's page (DOM snapshots), not a film of screenshots: filming every
    // test costs about a tenth of the run on CI's two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: root,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_IP: '1000',
      // The schedule would lock demo lessons starting within a day at a quarter-hour tick.
      PREPARE_LESSONS: 'false',
      CHAT_SCRIPT_URL: E2E_CHAT.scriptUrl,
      CHAT_HOST: E2E_CHAT.host,
      CHAT_TOKEN: E2E_CHAT.token,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // The vacancy banner's link for Demo school's environment only: Second school's (2) has none.
      VACANCY_URLS: JSON.stringify({ '1': E2E_VACANCY_URL }),
    },
  },
});
