import { IconUsers } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The users screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/profile': () => import('./profile-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  users: IconUsers,
};
