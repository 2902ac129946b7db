/** The school's CRM: its token, the calls it makes, CSV import and copying a student to a colleague. */
import type { AppModule } from '../module.ts';
import { crmRoutes } from './crm.routes.ts';

export const crmModule: AppModule = { name: 'crm', routes: [crmRoutes] };

export { crmAuthPlugin, crmOf } from './crm-auth.ts';
