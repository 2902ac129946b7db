/** Invitations to a project: sent, accepted by registering or by signing in. */
import type { AppModule } from '../module.ts';
import { invitationsRoutes } from './invitations.routes.ts';

export const invitationsModule: AppModule = { name: 'invitations', routes: [invitationsRoutes] };
