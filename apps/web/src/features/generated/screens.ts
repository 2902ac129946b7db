import type { AreaScreens } from '../../lib/area-screens.ts';

/** The generated list's screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/generated-list/:themeId?': () => import('./generated-list-page.tsx'),
};
