import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

/** A test configuration: test mode, generous limits unless a test sets them. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT_IP: '100000',
    // Files a test writes go to a directory of its own, never into ./data.
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-test-')),
    ...env,
  });
}

export interface TestContext {
  app: App;
  db: Db;
  testDb: TestDatabase;
}

/**
 * One app on one fresh database for a whole test file (opening a database costs seconds; tests
 * make their own users and projects with the factories, so they do not interfere).
 */
export function useTestApp(env: Record<string, string> = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.testDb = await createTestDatabase();
    context.db = context.testDb.database.db;
    context.app = await buildApp({ config: testConfig(env), database: context.testDb.database });
    await context.app.ready();
  }, 60_000);
  afterAll(async () => {
    await context.app?.close();
    await context.testDb?.drop();
    if (context.app) fs.rmSync(context.app.config.dataDir, { recursive: true, force: true });
  });
  return context;
}
