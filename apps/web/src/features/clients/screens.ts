import { IconMoodKid } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The clients screens by route path: none of its own (`app/routes/` composes its screen). */
export const screens: AreaScreens = {};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  students: IconMoodKid,
};
