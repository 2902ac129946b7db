import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DatabaseKind } from '@logoschool/contract';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: what services take. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Runs SQL as pg-boss expects it (`{ rows }`). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  kind: DatabaseKind;
  db: Db;
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Serialises migrations across app instances that start together on one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_260_001;

/**
 * Opens the database: PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when
 * `dataDir` is null, for tests). The PGlite directory is locked for this process.
 */
export async function openDatabase(options: { url?: string; dataDir: string | null }): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {});
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    // pg_trgm backs the exercises' term filter (migration 0008 creates it).
    client = await PGlite.create({
      ...(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // pg-boss sends parameterless multi-statement scripts, which only `exec` runs.
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
