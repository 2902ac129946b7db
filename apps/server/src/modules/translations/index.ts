/**
 * The localization editor (issue 33 item 3): root finds, changes and publishes the interface's
 * texts, exports and imports a language's file, and reads the history; everyone reads the
 * published changes, which the app merges over the texts it ships.
 */
import type { AppModule } from '../module.ts';
import { translationsRoutes } from './translations.routes.ts';

export const translationsModule: AppModule = { name: 'translations', routes: [translationsRoutes] };
