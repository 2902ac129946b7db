/**
 * Merchandise (issue 29 item 5, decision 040): the project's offers kept by its admins and root,
 * shown on the families' dashboards; the families' order requests mailed to the school; the
 * orders' states kept by the managers.
 */
import type { AppModule } from '../module.ts';
import { merchRoutes } from './merch.routes.ts';

export const merchModule: AppModule = { name: 'merch', routes: [merchRoutes] };
