import type { AreaScreens } from '../../lib/area-screens.ts';

/** The parent diagnosis screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/dc-preview/:token': () => import('./parent-diagnosis-page.tsx'),
  '/progress-preview/:token': () => import('./progress-page.tsx'),
};
