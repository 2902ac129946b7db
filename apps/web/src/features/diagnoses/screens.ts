import type { AreaScreens } from '../../lib/area-screens.ts';

/** The diagnoses screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/manage-diagnostician-clients/:clientId?': () => import('./diagnostician-client-page.tsx'),
};
