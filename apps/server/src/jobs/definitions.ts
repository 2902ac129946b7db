import type { Config } from '../config.ts';
import type { FileStore } from '../files/files.ts';
import { purgeSessionsJob } from '../modules/auth/auth.jobs.ts';
import { renderSlidesJob, sweepExerciseFilesJob } from '../modules/exercises/exercises.jobs.ts';
import { generateBeforeLessonJob, prepareLessonsJob } from '../modules/lessons/lessons.jobs.ts';
import type { JobDefinition } from './queue.ts';

/** Every job the app runs; each module defines its own. */
export function appJobs(config: Config, files: FileStore): readonly JobDefinition[] {
  return [
    purgeSessionsJob,
    renderSlidesJob({ files, sofficePath: config.SOFFICE_PATH, pdftoppmPath: config.PDFTOPPM_PATH }),
    sweepExerciseFilesJob(files),
    generateBeforeLessonJob(files),
    ...(config.PREPARE_LESSONS ? [prepareLessonsJob] : []),
  ];
}
