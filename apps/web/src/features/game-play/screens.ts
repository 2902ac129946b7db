import type { AreaScreens } from '../../lib/area-screens.ts';

/** The child's game's screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/game/:token': () => import('./game-play-page.tsx'),
};
