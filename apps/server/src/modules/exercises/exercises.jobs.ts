import { z } from 'zod';
import type { JobDefinition } from '../../jobs/queue.ts';
import { RENDER_SLIDES, renderExerciseSlides, type SlideRenderOptions } from './exercise-files.service.ts';

const renderSlidesData = z.object({ exerciseId: z.number().int(), fileId: z.number().int() });

/** Renders the slide images of an uploaded deck (queued by each upload). */
export function renderSlidesJob(options: SlideRenderOptions): JobDefinition {
  return {
    name: RENDER_SLIDES,
    handler: async (database, data) =>
      renderExerciseSlides(database.db, options, renderSlidesData.parse(data)),
  };
}
