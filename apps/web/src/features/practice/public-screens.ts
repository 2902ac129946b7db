import type { AreaScreens } from '../../lib/area-screens.ts';

/**
 * Home practice's public page by route path, outside the login guard (the app mounts them with the
 * first screen: `app/screens.ts`; the area's signed-in screens, if any, are in `screens.ts`).
 */
export const screens: AreaScreens = {
  '/play-lesson/:token': () => import('./play-practice-page.tsx'),
};
