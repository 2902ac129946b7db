import type { AreaScreens } from '../../lib/area-screens.ts';

/** The mails screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/outbox': () => import('./outbox-page.tsx'),
};
