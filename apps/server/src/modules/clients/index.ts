/** Students (spec "clients"): the teacher's own, with their parents and interests. */
import type { AppModule } from '../module.ts';
import { clientsRoutes } from './clients.routes.ts';

export const clientsModule: AppModule = { name: 'clients', routes: [clientsRoutes] };

export {
  createClient,
  getClient,
  ownClientRow,
  toClientViews,
  updateClient,
  type ClientOwner,
} from './clients.service.ts';
