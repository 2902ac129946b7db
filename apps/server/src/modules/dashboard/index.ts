/** Root's and the manager's dashboard. */
import type { AppModule } from '../module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

export const dashboardModule: AppModule = { name: 'dashboard', routes: [dashboardRoutes] };

export { readDashboard } from './dashboard.service.ts';
