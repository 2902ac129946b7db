import type { AreaScreens } from '../../lib/area-screens.ts';

/** The lessons screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/lessons-list': () => import('./lessons-list-page.tsx'),
  '/edit-lesson/:lessonId?': () => import('./edit-lesson-page.tsx'),
};
