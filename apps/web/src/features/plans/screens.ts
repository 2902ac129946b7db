import type { AreaScreens } from '../../lib/area-screens.ts';

/** The plans screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/create-protocol': () => import('./create-plan-page.tsx'),
};
