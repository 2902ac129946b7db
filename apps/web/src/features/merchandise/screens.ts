import { IconShirt } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The merchandise screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/merchandise': () => import('./merchandise-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  merchandise: IconShirt,
};
