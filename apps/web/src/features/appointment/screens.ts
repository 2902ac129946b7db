import type { AreaScreens } from '../../lib/area-screens.ts';

/**
 * The parents' booking screens by route path (the app mounts them: `app/screens.ts`); the booking
 * page itself is composed with the call back in `app/routes/appointment-screen.tsx`.
 */
export const screens: AreaScreens = {
  '/appointment/manage/:token': () => import('./manage-page.tsx'),
};
