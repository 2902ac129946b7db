import { IconHeart, IconTags } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The themes screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/theme-assets/:themeId?': () => import('./theme-assets-page.tsx'),
  '/preview-themes': () => import('./preview-themes-page.tsx'),
  '/theme-assets-preview/:themeId?': () => import('./theme-assets-preview-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  interests: IconHeart,
  themesAndTags: IconTags,
};
