/** The audit log: every area writes to it, root reads it. */
import type { AppModule } from '../module.ts';
import { auditRoutes } from './audit.routes.ts';

export const auditModule: AppModule = { name: 'audit', routes: [auditRoutes] };

export { writeAudit } from './audit.service.ts';
