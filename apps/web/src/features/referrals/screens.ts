import { IconHeartHandshake } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The referrals screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/referrals': () => import('./referrals-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = { referrals: IconHeartHandshake };
