/**
 * Exercises (micro-blocks): requests, drafts, moderation, the .pptx deck and its slide images,
 * pictures and sounds, themed versions, auto-moderation, and `/sharepoint-test`'s check that decks
 * can be shown here.
 */
import type { AppModule } from '../module.ts';
import { autoModerationRoutes } from './auto-moderation.routes.ts';
import { exerciseFilesRoutes } from './exercise-files.routes.ts';
import { exerciseMediaRoutes } from './exercise-media.routes.ts';
import { renderSlidesJob, sweepExerciseFilesJob } from './exercises.jobs.ts';
import { exercisesRoutes } from './exercises.routes.ts';
import { generationRoutes } from './generation.routes.ts';
import { sharepointTestRoutes } from './sharepoint-test.routes.ts';

export const exercisesModule: AppModule = {
  name: 'exercises',
  routes: [
    exercisesRoutes,
    exerciseFilesRoutes,
    exerciseMediaRoutes,
    generationRoutes,
    autoModerationRoutes,
    // `/sharepoint-test`: a deck rendered as the render job renders one, kept nowhere.
    sharepointTestRoutes,
  ],
  jobs: ({ config, files }) => [
    renderSlidesJob({ files, sofficePath: config.SOFFICE_PATH, pdftoppmPath: config.PDFTOPPM_PATH }),
    sweepExerciseFilesJob(files),
  ],
};

export { renderSlidesJob, sweepExerciseFilesJob };
export { SLIDE_SEPARATOR } from './exercise-files.service.ts';
export { slideFileUrl } from './exercise-view.ts';
export { EXERCISE_FILES } from './exercise-storage.ts';
export { SWEEP_GRACE_MS } from './file-sweep.service.ts';
export { checkGenerate, makeVariant } from './generation.service.ts';
export { sendFile } from './send-exercise-file.ts';
export { RENDER_SLIDES, queuePendingRenders } from './slide-render.service.ts';
