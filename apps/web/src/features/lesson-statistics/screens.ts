import { IconChartBar } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The lesson statistics screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/lessons-stats': () => import('./lessons-stats-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  lessonsStatistic: IconChartBar,
};
