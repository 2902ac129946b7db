import type { AreaScreens } from '../../lib/area-screens.ts';

/**
 * The child's screen in a lesson by route path, outside the login guard (the app mounts them with
 * the first screen: `app/screens.ts`; the area's signed-in screens, if any, are in `screens.ts`).
 */
export const screens: AreaScreens = {
  '/client-session/:token': () => import('./client-session-page.tsx'),
};
