import { Redis } from 'ioredis';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { isEmpty, seedDemo } from './db/seed.ts';
import { fileStoreIn } from './files/files.ts';
import { appJobs } from './jobs/definitions.ts';
import { startJobs, type Jobs } from './jobs/queue.ts';
import { queuePendingRenders } from './modules/exercises/slide-render.service.ts';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  let jobs: Jobs | undefined;
  let redis: Redis | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    try {
      await app?.close();
      await jobs?.stop();
      await redis?.quit();
    } finally {
      await closeDatabase(database);
      log.info('stopped');
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

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
    log.fatal({ err: error }, 'could not start');
    await closeDatabase(database);
    process.exit(1);
  }
}

async function closeDatabase(database: Database) {
  await database.close().catch(() => {});
}

main().catch((error: unknown) => {
  // Configuration and lock errors are the operator's to fix: one clear message, no stack.
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
