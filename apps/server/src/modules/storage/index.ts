/** A user's own key-value storage (spec §7 `/storage`). */
import type { AppModule } from '../module.ts';
import { storageRoutes } from './storage.routes.ts';

export const storageModule: AppModule = { name: 'storage', routes: [storageRoutes] };
