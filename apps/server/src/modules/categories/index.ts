/** A project's category tree (folders of exercises). */
import type { AppModule } from '../module.ts';
import { categoriesRoutes } from './categories.routes.ts';

export const categoriesModule: AppModule = { name: 'categories', routes: [categoriesRoutes] };

export { categoriesUnder } from './category-subtree.ts';
