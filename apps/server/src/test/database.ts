import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

/** Which database the API tests run on: the vitest project sets TEST_DB. */
export const TEST_DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (a PostgreSQL server to create databases on)');
  return url;
}

export interface TestDatabase {
  database: Database;
  /** The connection string of a PostgreSQL test database; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: PGlite in memory, or a new PostgreSQL database that
 * `drop` removes again.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB_KIND === 'pglite') {
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    return { database, url: undefined, drop: () => database.close() };
  }
  const scratch = await createPostgresDatabase(adminUrl(), 'logoschool_test');
  const database = await openDatabase({ url: scratch.url, dataDir: null });
  await database.migrate();
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
 * A new, empty database `<prefix>_<random>` on the PostgreSQL server of `adminUrl` (the tests' and
 * the API bench's), its connection string, and how to drop it again (closing its clients first).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
