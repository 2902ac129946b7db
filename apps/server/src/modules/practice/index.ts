/**
 * Home practice (issue 29 item 2, decision 038): a teacher's lesson assigned to its student's
 * family, played by the parent under its own link, with the family's tries kept apart from the
 * therapist's marks.
 */
import type { AppModule } from '../module.ts';
import { practiceRoutes } from './practice.routes.ts';

export const practiceModule: AppModule = { name: 'practice', routes: [practiceRoutes] };

export { practiceLinks } from './practice-link.ts';
export { assignPractice } from './practice.service.ts';
