import type { AreaScreens } from '../../lib/area-screens.ts';

/** The users screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/profile': () => import('./profile-page.tsx'),
};
