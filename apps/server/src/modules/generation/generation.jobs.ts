import { z } from 'zod';
import type { FileStore } from '../../files/files.ts';
import type { JobDefinition } from '../../jobs/queue.ts';
import { GENERATION_RESUME, GENERATION_RUN, resumeRuns, runGeneration } from './generation.service.ts';

const runData = z.object({ runId: z.number().int() });

/** Settles a generation run's pending items (queued by each request, and again by `resumeRunsJob`). */
export function generationRunJob(files: FileStore): JobDefinition {
  return {
    name: GENERATION_RUN,
    handler: async (database, data) => runGeneration(database.db, files, runData.parse(data)),
  };
}

/** Every minute: sends the runs that stopped midway (a restart) to the job again. */
export const resumeRunsJob: JobDefinition = {
  name: GENERATION_RESUME,
  cron: '* * * * *',
  handler: async (database, _data, jobs) => resumeRuns(database.db, jobs),
};
