import { IconMessageReport } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The problem reports' screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/reports-tickets': () => import('./tickets-page.tsx'),
  '/manage-report/:ticketId?': () => import('./manage-ticket-page.tsx'),
  '/my-reports/:ticketId?': () => import('./my-reports-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  reportsTickets: IconMessageReport,
};
