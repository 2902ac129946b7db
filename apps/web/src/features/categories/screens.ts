import type { AreaScreens } from '../../lib/area-screens.ts';

/** The categories screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/categories': () => import('./categories-page.tsx'),
  '/view-categories': () => import('./view-categories-page.tsx'),
};
