/** Problem reports (issue 33 item 1): anyone signed in reports a problem; moderators work the reports. */
import type { AppModule } from '../module.ts';
import { ticketsRoutes } from './tickets.routes.ts';

export const ticketsModule: AppModule = { name: 'tickets', routes: [ticketsRoutes] };

export { ticketEvents, ticketFiles, tickets } from './tickets.schema.ts';
export { listTicketsQueries } from './tickets.service.ts';
