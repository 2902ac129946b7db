import type { AreaScreens } from '../../lib/area-screens.ts';

/** The lesson statistics screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/lessons-stats': () => import('./lessons-stats-page.tsx'),
};
