import type { AreaScreens } from '../../lib/area-screens.ts';

/** The invitations screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/accept-invite': () => import('./accept-invite-page.tsx'),
  '/accept-new-role': () => import('./accept-new-role-page.tsx'),
};
