import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
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

/** The channels every connection listens on; migrations' triggers notify them. */
export const NOTIFY_CHANNELS = ['auth_changed'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * Told of every notification on a listened channel, as it arrives. A notification the process
 * caused itself arrives before the statement that caused it returns (the connection that ran it
 * listens too). `lost` says notifications may have been missed (a connection broke).
 */
export type NotifyListener = (event: { channel: NotifyChannel; payload: string } | { lost: true }) => void;

export interface Database {
  kind: DatabaseKind;
  db: Db;
  executeSql: ExecuteSql;
  /** Adds a listener of NOTIFY_CHANNELS; returns what removes it. */
  onNotify(listener: NotifyListener): () => void;
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

/** The listeners of one database, and how to tell them. */
function notifyListeners() {
  const listeners = new Set<NotifyListener>();
  return {
    tell: (event: Parameters<NotifyListener>[0]) => {
      for (const listener of listeners) listener(event);
    },
    onNotify(listener: NotifyListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const isChannel = (channel: string): channel is NotifyChannel =>
  (NOTIFY_CHANNELS as readonly string[]).includes(channel);

async function openPostgres(url: string): Promise<Database> {
  const { tell, onNotify } = notifyListeners();
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Every connection listens, so that a change's own notification arrives on the connection
    // that made it, before its statement returns.
    onConnect: async (client: pg.ClientBase) => {
      client.on('notification', ({ channel, payload }) => {
        if (isChannel(channel)) tell({ channel, payload: payload ?? '' });
      });
      for (const channel of NOTIFY_CHANNELS) await client.query(`LISTEN ${channel}`);
    },
  });
  // An idle client that loses its connection must not take the process down; what it would have
  // heard is lost.
  pool.on('error', () => tell({ lost: true }));
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    onNotify,
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

/**
 * Where the embedded database's template is kept: a data directory with every migration applied,
 * named by what makes it (PGlite's version and the migrations), so a changed migration makes a new
 * one. A new embedded database starts from it instead of running initdb and the migrations, which
 * take seconds (issue 13: the cold start, and every API test file's database).
 */
function templatePath(): string {
  const hash = createHash('sha256');
  // PGlite's own files say which PGlite made it (its package.json is not exported).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json')));
  for (const name of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const file = path.join(MIGRATIONS_DIR, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  const root = fileURLToPath(new URL('../../../../node_modules', import.meta.url));
  const cache = fs.existsSync(root)
    ? path.join(root, '.cache', 'logoschool')
    : path.join(os.tmpdir(), 'logoschool');
  return path.join(cache, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

function readTemplate(file: string): Blob | null {
  try {
    return new Blob([fs.readFileSync(file)]);
  } catch {
    return null;
  }
}

/** Keeps a freshly migrated database as the template; written whole or not at all. */
async function writeTemplate(client: PGlite, file: string): Promise<void> {
  const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, file);
}

async function openPglite(dataDir: string | null): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  const fresh = !dataDir || !fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
  const template = fresh ? templatePath() : null;
  const loadDataDir = template ? readTemplate(template) : null;
  let client: PGlite;
  try {
    // pg_trgm backs the exercises' term filter (migration 0008 creates it).
    client = await PGlite.create({
      ...(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const { tell, onNotify } = notifyListeners();
  // One process, one connection: a notification arrives before the statement that caused it returns.
  for (const channel of NOTIFY_CHANNELS) {
    await client.listen(channel, (payload) => tell({ channel, payload }));
  }
  return {
    kind: 'pglite',
    db,
    onNotify,
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // pg-boss sends parameterless multi-statement scripts, which only `exec` runs.
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      // A database made from nothing, just migrated, is the template for the next ones.
      if (template && !loadDataDir) await writeTemplate(client, template).catch(() => {});
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
