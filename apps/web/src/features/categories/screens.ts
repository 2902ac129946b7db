import { IconCategory } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The categories screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/categories': () => import('./categories-page.tsx'),
  '/view-categories': () => import('./view-categories-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  categories: IconCategory,
};
