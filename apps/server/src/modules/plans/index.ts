/**
 * Protocol templates and the students' plans made from them (spec "protocols"), and the plan's link
 * for the parents.
 */
import type { AppModule } from '../module.ts';
import { planSharingRoutes } from './plan-sharing.routes.ts';
import { plansRoutes } from './plans.routes.ts';
import { templatesRoutes } from './templates.routes.ts';

export const plansModule: AppModule = {
  name: 'plans',
  routes: [templatesRoutes, plansRoutes, planSharingRoutes],
};

export { planLinks } from './plan-link.ts';
export { parentPlanContent } from './plan-sharing.service.ts';
export { contentOf, createPlan, updatePlan, type PlanCaller } from './plans.service.ts';
export {
  changeTemplateStatus,
  createTemplate,
  versionContent,
  versionContents,
} from './templates.service.ts';
export { latestTemplateVersion, planTemplateVersion } from './template-version-joins.ts';
export { weeklyDates } from './plan-schedule.ts';
