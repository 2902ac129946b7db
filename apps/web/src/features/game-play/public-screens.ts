import type { AreaScreens } from '../../lib/area-screens.ts';

/**
 * The child's game's public page by route path, outside the login guard (the app mounts them with
 * the first screen: `app/screens.ts`; the area's signed-in screens, if any, are in `screens.ts`).
 */
export const screens: AreaScreens = {
  '/game/:token': () => import('./game-play-page.tsx'),
};
