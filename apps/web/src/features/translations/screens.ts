import { IconLanguage } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The localization editor's screen by route path (the app mounts it: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/localization': () => import('./localization-page.tsx'),
};

/** The icon of its navigation item (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  localization: IconLanguage,
};
