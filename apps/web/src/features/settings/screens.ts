import { IconSettings } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The settings screen by route path (the app mounts it: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/settings': () => import('./settings-page.tsx'),
};

/** The icon of its navigation item (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  settings: IconSettings,
};
