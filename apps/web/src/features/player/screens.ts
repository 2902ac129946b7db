import type { AreaScreens } from '../../lib/area-screens.ts';

/** The player screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/client-session/:token': () => import('./client-session-page.tsx'),
};
