/** Projects (workspaces): root creates, edits, archives and restores them. */
import type { AppModule } from '../module.ts';
import { workspacesRoutes } from './workspaces.routes.ts';

export const workspacesModule: AppModule = { name: 'workspaces', routes: [workspacesRoutes] };

export { getWorkspace } from './workspaces.service.ts';
