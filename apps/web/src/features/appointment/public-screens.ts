import type { AreaScreens } from '../../lib/area-screens.ts';

/**
 * The parents' booking pages by route path, outside the login guard (the app mounts them with the
 * first screen: `app/screens.ts`); the booking page itself is composed with the call back in
 * `app/routes/appointment-screen.tsx`.
 */
export const screens: AreaScreens = {
  '/appointment/manage/:token': () => import('./manage-page.tsx'),
};
