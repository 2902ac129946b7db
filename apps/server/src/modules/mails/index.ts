/** The outbox: every mail the app sent or kept, for root. */
import type { AppModule } from '../module.ts';
import { mailsRoutes } from './mails.routes.ts';

export const mailsModule: AppModule = { name: 'mails', routes: [mailsRoutes] };
