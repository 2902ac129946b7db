import type { AreaScreens } from '../../lib/area-screens.ts';

/** The assets screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/manage-assets': () => import('./manage-assets-page.tsx'),
};
