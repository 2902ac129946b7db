import type { AreaScreens } from '../../lib/area-screens.ts';

/** Home practice's screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/play-lesson/:token': () => import('./play-practice-page.tsx'),
};
