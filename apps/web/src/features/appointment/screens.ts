import type { AreaScreens } from '../../lib/area-screens.ts';

/** The parents' booking screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/appointment/:token': () => import('./booking-page.tsx'),
  '/appointment/manage/:token': () => import('./manage-page.tsx'),
};
