/**
 * Contractors' reports and acts (issue 33 item 2): what each contractor had accepted in a range,
 * the rates, the contractors' details, and the acts with their two-language PDFs.
 */
import type { AppModule } from '../module.ts';
import { actsRoutes } from './acts.routes.ts';

export const actsModule: AppModule = { name: 'acts', routes: [actsRoutes] };
