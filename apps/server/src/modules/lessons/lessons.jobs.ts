import { z } from 'zod';
import type { FileStore } from '../../files/files.ts';
import type { JobDefinition } from '../../jobs/queue.ts';
import { GENERATE_BEFORE_LESSON, prepareLessons, runLessonGeneration } from './lesson-generation.service.ts';

const generationData = z.object({ generationId: z.number().int() });

/** Makes the themed versions of a lesson's decks (queued by generate-before-lesson and by the schedule). */
export function generateBeforeLessonJob(files: FileStore): JobDefinition {
  return {
    name: GENERATE_BEFORE_LESSON,
    handler: async (database, data) => runLessonGeneration(database.db, files, generationData.parse(data)),
  };
}

/**
 * Every 15 minutes: queues the themed versions of the lessons that start within a day
 * (`prepareLessons`), and fails the runs whose job died.
 */
export const prepareLessonsJob: JobDefinition = {
  name: 'prepare-lessons',
  cron: '*/15 * * * *',
  handler: async (database, _data, jobs) => prepareLessons(database.db, jobs),
};
