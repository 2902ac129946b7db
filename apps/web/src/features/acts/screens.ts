import { IconFileCertificate } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The contractors' reports by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/reports': () => import('./reports-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  contractorReports: IconFileCertificate,
};
