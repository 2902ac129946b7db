import { IconPhoneCall } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The call-back screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/call-requests': () => import('./call-requests-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  callRequests: IconPhoneCall,
};
