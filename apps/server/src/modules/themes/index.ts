/** Interests (themes) and their assets, shared between projects. */
import type { AppModule } from '../module.ts';
import { themesRoutes } from './themes.routes.ts';

export const themesModule: AppModule = { name: 'themes', routes: [themesRoutes] };

export { visibleIn, visibleTheme } from './themes.service.ts';
