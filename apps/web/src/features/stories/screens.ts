import { IconBook2 } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The stories screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/histories': () => import('./stories-page.tsx'),
  '/create-history': () => import('./edit-story-page.tsx'),
  '/edit-history/:historyId?': () => import('./edit-story-page.tsx'),
  '/histories-preview': () => import('./preview-stories-page.tsx'),
  '/preview-history/:historyId?': () => import('./read-story-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  histories: IconBook2,
};
