import { purgeSessionsJob } from '../modules/auth/auth.jobs.ts';
import type { JobDefinition } from './queue.ts';

/** Every job the app runs; each module defines its own. */
export const JOBS: readonly JobDefinition[] = [purgeSessionsJob];
