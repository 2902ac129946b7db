import type { AreaScreens } from '../../lib/area-screens.ts';

/** The dashboard screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/dashboard': () => import('./dashboard-page.tsx'),
};
