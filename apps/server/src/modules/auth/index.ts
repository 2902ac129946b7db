/** Signing in and out, sessions and the login-as of root. */
import type { AppModule } from '../module.ts';
import { purgeSessionsJob } from './auth.jobs.ts';
import { authRoutes } from './auth.routes.ts';

export const authModule: AppModule = { name: 'auth', routes: [authRoutes], jobs: () => [purgeSessionsJob] };

export { purgeSessionsJob };
