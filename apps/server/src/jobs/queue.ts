import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/**
 * A job kind: its queue name, its handler (given the job's data, and the queue to send more work
 * to), and an optional cron schedule (UTC).
 */
export interface JobDefinition {
  name: string;
  cron?: string;
  handler: (database: Database, data: unknown, jobs: JobSender) => Promise<unknown>;
}

/**
 * What a route needs of the queue: to send a job by its queue name; a job of a higher `priority`
 * (0 by default) is taken before the older ones of a lower one.
 */
export interface JobSender {
  send(name: string, data: object, options?: { priority?: number }): Promise<string | null>;
}

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the app's own database (DESIGN §2), through the app's own pool; every app
 * instance on one PostgreSQL takes a share of the work.
 */
export async function startJobs(
  database: Database,
  definitions: readonly JobDefinition[],
  log: FastifyBaseLogger,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<Jobs> {
  const boss = new PgBoss({ db: { executeSql: database.executeSql }, schema: 'pgboss' });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of definitions) {
    await boss.createQueue(job.name);
    await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async ([work]) => {
        const result = await job.handler(database, work?.data, boss);
        log.info({ job: job.name, result }, 'job done');
        return result;
      },
    );
    if (job.cron) await boss.schedule(job.name, job.cron);
  }
  return {
    boss,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
