import { purgeExpiredSessions } from '../../auth/sessions.ts';
import type { JobDefinition } from '../../jobs/queue.ts';

/** Deletes expired and long-revoked sessions, every hour. */
export const purgeSessionsJob: JobDefinition = {
  name: 'purge-expired-sessions',
  cron: '17 * * * *',
  handler: async (database) => ({ deleted: await purgeExpiredSessions(database.db) }),
};
