import type { Redis } from 'ioredis';
import { pino } from 'pino';
import type { App } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts';
import { DataDirLockedError } from './db/lock.ts';
import type { FileStore } from './files/files.ts';
import type { JobSender, Jobs } from './jobs/queue.ts';

/*
 * The start's order (issue 25): the embedded PostgreSQL first, with the few modules it needs, so
 * that its start (and initdb, the first time) runs in processes of its own while this one imports
 * the rest of the app; the migrations and the demo seed as soon as the database and their modules
 * are there, the app's routes after.
 */

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });

  let closing = false;
  let embedded: EmbeddedPostgres | undefined;
  let database: Database | undefined;
  let jobs: Jobs | undefined;
  let redis: Redis | null = null;
  let files: FileStore | undefined;
  let app: App | undefined;

  const starting = config.DATABASE_URL
    ? Promise.resolve(undefined)
    : startEmbeddedPostgres({
        dataDir: config.dataDir,
        durable: config.DATA_DURABLE,
        log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
        // Without its database the app can only fail: it stops, and its next start recovers the
        // database. (A Ctrl-C stops the embedded server too, as it runs in the app's process
        // group: that is the shutdown already under way.)
        onUnexpectedExit: (message) => {
          if (closing) return;
          log.fatal(message);
          void shutdown('the embedded PostgreSQL stopped', 1);
        },
      });
  const databaseModules = Promise.all([
    import('./db/client.ts'),
    import('./db/seed.ts'),
    import('./files/files.ts'),
  ]);
  const appModules = Promise.all([
    import('ioredis'),
    import('./app.ts'),
    import('./jobs/definitions.ts'),
    import('./jobs/queue.ts'),
    import('./modules/exercises/index.ts'),
  ]);
  const opening = (async () => {
    embedded = await starting;
    const [{ openDatabase }] = await databaseModules;
    database = await openDatabase({ url: embedded?.url ?? config.DATABASE_URL });
    return database;
  })();
  // Awaited below; a database that fails to open ends the start before they are.
  databaseModules.catch(() => {});
  appModules.catch(() => {});

  /** Closes what is open of the database, the embedded server last. */
  const closeDatabase = async () => {
    await opening.catch(() => {});
    await database?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
  };

  async function shutdown(reason: string, code = 0) {
    if (closing) return;
    closing = true;
    log.info({ signal: reason }, 'shutting down');
    // A job still running when the queue's 10 s of grace are over reports to a pool that is closed
    // by then, and pg-boss does not catch that: it must not turn the stop into a crash (the job
    // stays active in the queue and runs again after its expiry).
    process.on('unhandledRejection', (error) => log.warn({ err: error }, 'left behind by the shutdown'));
    try {
      await app?.close();
      await jobs?.stop();
      files?.close();
      await redis?.quit();
    } finally {
      // A signal while the database opens (the embedded one's first start takes a second or two)
      // closes it once it is open.
      await closeDatabase();
      log.info('stopped');
      process.exit(code);
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await opening;
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  const db = database as Database;
  try {
    const [, { isEmpty, seedDemo }, { openFileStore }] = await databaseModules;
    // One store for the app, its jobs and the seed; a store that refuses (a wrong secret, a bucket
    // that is not there) stops the start here, before the migrations, rather than failing the
    // first upload.
    const store = await openFileStore(config);
    files = store;
    await store.check();
    log.info(`files: ${store.location}`);
    await db.migrate();
    if (config.demo && (await isEmpty(db.db))) {
      const created = await seedDemo(db.db, store);
      log.info({ users: created }, 'seeded the demo school (password demo12345)');
    }
    const [{ Redis }, { buildApp }, { appJobs }, { startJobs }, { queuePendingRenders }] = await appModules;
    if (config.REDIS_URL) redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    // The queue starts (on the database) while the app is built (in this process); routes send it
    // work (slide images of an uploaded deck) only once the app listens, after both.
    const queue = startJobs(db, appJobs(config, store), log).then((started) => {
      jobs = started;
      return started;
    });
    // The options pass on: an upload's render (priority 1) goes before the decks queued at start.
    const sender: JobSender = {
      send: async (name, data, options) => (await queue).boss.send(name, data, options ?? {}),
    };
    [app] = await Promise.all([
      buildApp({ config, database: db, redis, logger: log, jobs: sender, files: store }),
      queue,
    ]);
    if (config.RENDER_WAITING_DECKS) {
      const queued = await queuePendingRenders(db.db, sender);
      if (queued > 0) log.info({ decks: queued }, 'queued the slide images of waiting decks');
    }
    await app.listen({ port: config.PORT, host: config.HOST });
    // With PORT=0 the system picks the port: tell the one actually taken.
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    log.info(
      `Logoschool is running at http://localhost:${port} (database: ${embedded ? 'embedded PostgreSQL' : db.kind})`,
    );
  } catch (error) {
    // A signal during the start: the shutdown under way ends the process.
    if (closing) return;
    log.fatal({ err: error }, 'could not start');
    await closeDatabase();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  // Configuration, lock and embedded database errors are the operator's to fix: one clear message,
  // no stack.
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof EmbeddedPostgresError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
