import type { AreaScreens } from '../../lib/area-screens.ts';

/** The diagnostician clients screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/diagnostician-clients': () => import('./diagnostician-clients-page.tsx'),
};
