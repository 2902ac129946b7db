import { fileURLToPath } from 'node:url';
import type { DatabaseKind } from '@logoschool/contract';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedLog } from './embedded.ts';
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
 * Opens the database: the PostgreSQL server of `url` when one is given, else the embedded
 * PostgreSQL in `dataDir` (decision 025), which this process then starts, holds and stops with
 * `close`.
 */
export async function openDatabase(options: {
  url?: string;
  /** Where the embedded database lives (DATA_DIR); needed without `url`. */
  dataDir?: string;
  log?: EmbeddedLog;
  /** Told when the embedded server stops by itself while the app runs. */
  onUnexpectedExit?: (message: string) => void;
}): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  if (!options.dataDir) throw new Error('openDatabase needs a PostgreSQL url or a data directory');
  const embedded = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    log: options.log,
    onUnexpectedExit: options.onUnexpectedExit,
  });
  try {
    const database = await openPostgres(embedded.url);
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          await embedded.stop();
        }
      },
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
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
