import { IconPhoto } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The assets screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/manage-assets': () => import('./manage-assets-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  manageAssets: IconPhoto,
};
