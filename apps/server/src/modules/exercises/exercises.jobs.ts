import { z } from 'zod';
import type { JobDefinition } from '../../jobs/queue.ts';
import type { FileStore } from '../../files/files.ts';
import { sweepExerciseFiles } from './file-sweep.service.ts';
import { RENDER_SLIDES, renderExerciseSlides, type SlideRenderOptions } from './slide-render.service.ts';

const renderSlidesData = z.object({ exerciseId: z.number().int(), fileId: z.number().int() });

/** Renders the slide images of an uploaded deck (queued by each upload). */
export function renderSlidesJob(options: SlideRenderOptions): JobDefinition {
  return {
    name: RENDER_SLIDES,
    handler: async (database, data) =>
      renderExerciseSlides(database.db, options, renderSlidesData.parse(data)),
  };
}

/** Removes, every night, exercise files no row names any more (`sweepExerciseFiles`). */
export function sweepExerciseFilesJob(files: FileStore): JobDefinition {
  return {
    name: 'sweep-exercise-files',
    cron: '43 3 * * *',
    handler: async (database) => ({ removed: await sweepExerciseFiles(database.db, files) }),
  };
}
