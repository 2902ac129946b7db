import type { AreaScreens } from '../../lib/area-screens.ts';

/** The contractors' reports by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/reports': () => import('./reports-page.tsx'),
};
