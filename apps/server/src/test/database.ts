import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch.ts';

export interface TestDatabase {
  database: Database;
  /** Its connection string (a second app instance opens its own pool with it). */
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: a copy of the template the `api` project's global setup
 * migrated (test/global-setup.ts), on the embedded PostgreSQL of the test run or on
 * TEST_DATABASE_URL's server; `drop` removes it again. `empty`: no table at all (a migration's test
 * runs the migrations itself).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const { adminUrl, template } = inject('testDatabase');
  const scratch = await createScratchDatabase(adminUrl, 'logoschool_test', options.empty ? {} : { template });
  let database: Database;
  try {
    database = await openDatabase({ url: scratch.url });
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return {
    database,
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * How long a test that seeds the whole demo school may take: 8–15 s on a quiet machine, past the
 * server tests' 30 s when the unit and browser tests share two cores in CI.
 */
export const DEMO_SEED_TIMEOUT_MS = 90_000;
