/**
 * Diagnostics: diagnostic cards and their versions, diagnoses, the diagnosticians' work, recommended
 * programs, and the diagnosis's link for the parents.
 */
import type { AppModule } from '../module.ts';
import { diagnosticCardsRoutes } from './cards.routes.ts';
import { diagnosesRoutes } from './diagnoses.routes.ts';
import { diagnosisSharingRoutes } from './diagnosis-sharing.routes.ts';
import { diagnosticiansRoutes } from './diagnosticians.routes.ts';
import { programsRoutes } from './programs.routes.ts';

export const diagnosticsModule: AppModule = {
  name: 'diagnostics',
  routes: [
    diagnosisSharingRoutes,
    programsRoutes,
    diagnosticCardsRoutes,
    diagnosesRoutes,
    diagnosticiansRoutes,
  ],
};

export { diagnosisLinks } from './diagnosis-link.ts';
export { computedValues } from './diagnosis-scores.ts';
export { programOf } from './programs.service.ts';
