import type { AreaScreens } from '../../lib/area-screens.ts';

/**
 * The invitations' pages by route path, outside the login guard (the app mounts them with the
 * first screen: `app/screens.ts`; the area's signed-in screens, if any, are in `screens.ts`).
 */
export const screens: AreaScreens = {
  '/accept-invite': () => import('./accept-invite-page.tsx'),
  '/accept-new-role': () => import('./accept-new-role-page.tsx'),
};
