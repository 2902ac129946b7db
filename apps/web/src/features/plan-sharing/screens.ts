import type { AreaScreens } from '../../lib/area-screens.ts';

/** The plan sharing screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/view-protocol-plan/:token': () => import('./parent-plan-page.tsx'),
};
