import type { Config } from '../config.ts';
import type { FileStore } from '../files/files.ts';
import { MODULES } from '../modules/index.ts';
import type { JobDefinition } from './queue.ts';

/** Every job the app runs: each module's own (decision 028). */
export function appJobs(config: Config, files: FileStore): readonly JobDefinition[] {
  return MODULES.flatMap((module) => module.jobs?.({ config, files }) ?? []);
}
