/** A project's people: the list, roles, deactivation, the profile. */
import type { AppModule } from '../module.ts';
import { usersRoutes } from './users.routes.ts';

export const usersModule: AppModule = { name: 'users', routes: [usersRoutes] };

export { assertMayGrant } from './grants.ts';
export { roleIds } from './users-admin.service.ts';
export { roleNames, toUserView } from './users.service.ts';
