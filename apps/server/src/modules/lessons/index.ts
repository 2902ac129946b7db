/**
 * Lessons: filling them from the plan, themed versions, the player with trial marks, the child's
 * screen, statistics and the correction path.
 */
import type { AppModule } from '../module.ts';
import { lessonGenerationRoutes } from './lesson-generation.routes.ts';
import { lessonSessionRoutes } from './lesson-session.routes.ts';
import { lessonStatisticsRoutes } from './lesson-statistics.routes.ts';
import { lessonStoryPartsRoutes } from './lesson-story-parts.routes.ts';
import { generateBeforeLessonJob, prepareLessonsJob } from './lessons.jobs.ts';
import { lessonsRoutes } from './lessons.routes.ts';
import { lessonMarksRoutes } from './marks.routes.ts';
import { progressRoutes } from './progress.routes.ts';

export const lessonsModule: AppModule = {
  name: 'lessons',
  routes: [
    lessonsRoutes,
    lessonMarksRoutes,
    lessonStatisticsRoutes,
    lessonGenerationRoutes,
    lessonSessionRoutes,
    lessonStoryPartsRoutes,
    progressRoutes,
  ],
  jobs: ({ config, files }) => [
    generateBeforeLessonJob(files),
    ...(config.PREPARE_LESSONS ? [prepareLessonsJob] : []),
  ],
};

export { finishLesson, updateLesson, writePresentations } from './lesson-commands.ts';
export { fillLesson } from './lesson-fill-commands.ts';
export { addMark } from './marks.service.ts';
export { lessonLinks } from './lesson-link.ts';
export { folderExercises, ownLesson, planOutline } from './lesson-context.ts';
export { judgeLesson, problemText } from './lesson-rules.ts';
export { playOrder } from './lesson-session.service.ts';
export { progressOf } from './progress.service.ts';
