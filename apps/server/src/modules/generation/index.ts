/** The generated list and the generation jobs (issue 30 item 3): themed versions made in runs. */
import type { AppModule } from '../module.ts';
import { generationRunJob, resumeRunsJob } from './generation.jobs.ts';
import { generationListRoutes } from './generation.routes.ts';

export const generationModule: AppModule = {
  name: 'generation',
  routes: [generationListRoutes],
  jobs: ({ files }) => [generationRunJob(files), resumeRunsJob],
};

export { listGeneratedQueries } from './generated-list.service.ts';
export { requestByTheme, runGeneration } from './generation.service.ts';
