import type { AreaScreens } from '../../lib/area-screens.ts';

/** The presentation check's screen by route path (the app mounts it: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/sharepoint-test': () => import('./sharepoint-test-page.tsx'),
};
