/** The health check (`GET /api/health`). */
import type { AppModule } from '../module.ts';
import { healthRoutes } from './health.routes.ts';

export const healthModule: AppModule = { name: 'health', routes: [healthRoutes] };
