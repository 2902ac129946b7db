/**
 * A user's own key-value storage and the environment's settings (spec §7 `/storage`), and what
 * pages outside sign-in learn of them (`/app-status`: maintenance, issue 33 item 5).
 */
import type { AppModule } from '../module.ts';
import { storageRoutes } from './storage.routes.ts';

export const storageModule: AppModule = { name: 'storage', routes: [storageRoutes] };
