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

/**
 * The channels migrations' triggers notify, all heard by each instance's listening connection:
 * `auth_changed` (0009, the session cache) and `lesson_session_changed` (0027, the child's screen).
 */
export const NOTIFY_CHANNELS = ['auth_changed', 'lesson_session_changed'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * The channels every pooled connection listens on as well, so that a change's notification reaches
 * this instance before the statement that made it returns (a logout refuses its token at once).
 */
const POOL_CHANNELS: readonly NotifyChannel[] = ['auth_changed'];

/** The listening connection's name in `pg_stat_activity`. */
export const LISTEN_APPLICATION_NAME = 'logoschool-listen';

/** How long the listening connection waits before connecting again, doubling up to the last. */
const RELISTEN_DELAYS_MS = [250, 500, 1000, 2000, 5000] as const;

/**
 * Told of every notification on a listened channel, as it arrives (an `auth_changed` one may come
 * twice: on the pooled connection and on the listening one). An `auth_changed` the process caused
 * itself arrives before the statement that caused it returns (the connection that ran it listens
 * too). `lost` says notifications may have been missed: a connection broke, or the listening
 * connection is back after a break (re-read what you follow).
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

/**
 * One connection of its own that listens on every channel for as long as the database is open
 * (decision 048): the pool closes idle connections, so pooled listeners alone may be none at all
 * while the instance is quiet, and another instance's changes would go unheard. A broken connection
 * says `lost`, is opened again after a pause, and says `lost` once more when listening again.
 */
async function keepListening(url: string, tell: (event: Parameters<NotifyListener>[0]) => void) {
  let started = false;
  let closing = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: LISTEN_APPLICATION_NAME,
    });
    next.on('notification', ({ channel, payload }) => {
      if (isChannel(channel)) tell({ channel, payload: payload ?? '' });
    });
    // A broken connection must not take the process down: it is opened again.
    next.on('error', () => broken(next));
    next.on('end', () => broken(next));
    client = next;
    try {
      await next.connect();
      await next.query(NOTIFY_CHANNELS.map((channel) => `LISTEN ${channel}`).join('; '));
    } catch (error) {
      broken(next);
      throw error;
    }
  };
  const again = () => {
    const delay = RELISTEN_DELAYS_MS[Math.min(failures, RELISTEN_DELAYS_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      if (closing) return;
      connect().then(
        () => {
          failures = 0;
          // What changed while nobody listened: the listeners read it again.
          tell({ lost: true });
        },
        () => {},
      );
    }, delay);
    retry.unref();
  };
  function broken(which: pg.Client) {
    if (closing || client !== which) return;
    client = null;
    which.end().catch(() => {});
    // The first connection's failure is the caller's to report.
    if (!started) return;
    tell({ lost: true });
    again();
  }

  await connect();
  started = true;
  return {
    async close() {
      closing = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { tell, onNotify } = notifyListeners();
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Pooled connections listen too, so that a change's own notification arrives on the connection
    // that made it, before its statement returns.
    onConnect: async (client: pg.ClientBase) => {
      client.on('notification', ({ channel, payload }) => {
        if (isChannel(channel) && POOL_CHANNELS.includes(channel)) tell({ channel, payload: payload ?? '' });
      });
      for (const channel of POOL_CHANNELS) await client.query(`LISTEN ${channel}`);
    },
  });
  // An idle client that loses its connection must not take the process down; what it would have
  // heard is lost.
  pool.on('error', () => tell({ lost: true }));
  await pool.query('select 1');
  let listening: Awaited<ReturnType<typeof keepListening>>;
  try {
    listening = await keepListening(url, tell);
  } catch (error) {
    await pool.end();
    throw error;
  }
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
    async close() {
      await listening.close();
      await pool.end();
    },
  };
}
