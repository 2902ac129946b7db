/** The shared asset library: pictures and sounds for themes and games. */
import type { AppModule } from '../module.ts';
import { assetsRoutes } from './assets.routes.ts';

export const assetsModule: AppModule = { name: 'assets', routes: [assetsRoutes] };

export { ASSET_FILES, assetFileUrl, assetsByIds } from './assets.service.ts';
