/** A project's tags. */
import type { AppModule } from '../module.ts';
import { tagsRoutes } from './tags.routes.ts';

export const tagsModule: AppModule = { name: 'tags', routes: [tagsRoutes] };
