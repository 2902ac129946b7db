import { IconUserSearch } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The diagnostician clients screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/diagnostician-clients': () => import('./diagnostician-clients-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  diagnosticianClients: IconUserSearch,
};
