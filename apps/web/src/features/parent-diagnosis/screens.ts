import type { AreaScreens } from '../../lib/area-screens.ts';

/** The parent diagnosis screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/dc-preview/:dcID': () => import('./parent-diagnosis-page.tsx'),
  '/progress-preview/:dcID': () => import('./progress-page.tsx'),
};
