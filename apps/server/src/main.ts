import { Redis } from 'ioredis';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { EmbeddedPostgresError } from './db/embedded.ts';
import { DataDirLockedError } from './db/lock.ts';
import { isEmpty, seedDemo } from './db/seed.ts';
import { fileStoreIn } from './files/files.ts';
import { appJobs } from './jobs/definitions.ts';
import { startJobs, type Jobs } from './jobs/queue.ts';
import { queuePendingRenders } from './modules/exercises/slide-render.service.ts';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });

  let jobs: Jobs | undefined;
  let redis: Redis | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  let closing = false;
  const shutdown = async (reason: string, code = 0) => {
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
      await redis?.quit();
    } finally {
      // A signal while the database opens (the embedded one's first start takes a second or two)
      // closes it once it is open.
      await opening.then(closeDatabase, () => {});
      log.info('stopped');
      process.exit(code);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  const opening = openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
    // Without its database the app can only fail: it stops, and its next start recovers the
    // database. (A Ctrl-C stops the embedded server too, as it runs in the app's process group:
    // that is the shutdown already under way.)
    onUnexpectedExit: (message) => {
      if (closing) return;
      log.fatal(message);
      void shutdown('the embedded PostgreSQL stopped', 1);
    },
  });
  const database = await opening;

  try {
    await database.migrate();
    if (config.demo && (await isEmpty(database.db))) {
      const created = await seedDemo(database.db, fileStoreIn(config.dataDir));
      log.info({ users: created }, 'seeded the demo school (password demo12345)');
    }
    if (config.REDIS_URL) redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    // The queue first: routes send it work (slide images of an uploaded deck).
    jobs = await startJobs(database, appJobs(config, fileStoreIn(config.dataDir)), log);
    const queued = await queuePendingRenders(database.db, jobs.boss);
    if (queued > 0) log.info({ decks: queued }, 'queued the slide images of waiting decks');
    app = await buildApp({ config, database, redis, logger: log, jobs: jobs.boss });
    await app.listen({ port: config.PORT, host: config.HOST });
    // With PORT=0 the system picks the port: tell the one actually taken.
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    log.info(`Logoschool is running at http://localhost:${port} (database: ${database.kind})`);
  } catch (error) {
    // A signal during the start: the shutdown under way ends the process.
    if (closing) return;
    log.fatal({ err: error }, 'could not start');
    await closeDatabase(database);
    process.exit(1);
  }
}

async function closeDatabase(database: Database) {
  await database.close().catch(() => {});
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
