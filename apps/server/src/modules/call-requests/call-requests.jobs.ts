import type { JobDefinition } from '../../jobs/queue.ts';
import { attemptDueCalls } from './call-requests.service.ts';

export const CALL_ATTEMPTS_JOB = 'call-requests-attempts';

/**
 * Every minute: the call-back requests whose next attempt is due ask the phone agent again (the
 * back-off is kept on each request, decision 040: 1, 2, 4, 8 minutes); each attempt is claimed in
 * the database first, so two workers never make one twice.
 */
export const callRequestJobs = (): readonly JobDefinition[] => [
  {
    name: CALL_ATTEMPTS_JOB,
    cron: '* * * * *',
    handler: async (database) => attemptDueCalls(database.db),
  },
];
