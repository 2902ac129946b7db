import { coreTexts } from './apps/web/core-texts.ts';
import { defineConfig } from 'vitest/config';

const serverTests = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    env: { TEST_DB: db },
    // One module graph per worker for every API file (decision 022): each file still opens its own
    // database and app, but the app's modules are imported once per worker, not once per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Contract and API tests. The API tests run on PGlite always, and again on PostgreSQL when
 * TEST_DATABASE_URL names a server (CI does): each test file creates and drops its own database.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        plugins: [coreTexts()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
      serverTests('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverTests('api-postgres', 'postgres')] : []),
    ],
  },
});
