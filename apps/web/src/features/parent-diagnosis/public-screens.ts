import type { AreaScreens } from '../../lib/area-screens.ts';

/**
 * The parents' diagnosis pages by route path, outside the login guard (the app mounts them with
 * the first screen: `app/screens.ts`; the area's signed-in screens, if any, are in `screens.ts`).
 */
export const screens: AreaScreens = {
  '/dc-preview/:token': () => import('./parent-diagnosis-page.tsx'),
  '/progress-preview/:token': () => import('./progress-page.tsx'),
};
