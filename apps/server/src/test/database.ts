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
  const name = `logoschool_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
