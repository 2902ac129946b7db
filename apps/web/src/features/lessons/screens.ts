import { IconPresentation } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The lessons screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/lessons-list': () => import('./lessons-list-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  prepareExercises: IconPresentation,
};
