/**
 * The parents' side (issue 29): a family's dashboard under its link, home practice, referrals, a
 * call back and merchandise. Other areas open a family by its dashboard token through `openFamily`.
 */
import type { AppModule } from '../module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

export const familiesModule: AppModule = { name: 'families', routes: [dashboardRoutes] };

export { familyLinks, openFamily, type Family } from './family-link.ts';
