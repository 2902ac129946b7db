import type { AreaScreens } from '../../lib/area-screens.ts';

/** The plan sharing screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/view-protocol-plan/:protocolId': () => import('./parent-plan-page.tsx'),
};
