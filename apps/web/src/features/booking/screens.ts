import { IconCalendarCheck, IconCalendarTime, IconSettingsCog } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The booking screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/bookings': () => import('./bookings-page.tsx'),
  '/availability/:teacherId?': () => import('./availability-page.tsx'),
  '/booking-settings': () => import('./booking-settings-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  bookings: IconCalendarCheck,
  availability: IconCalendarTime,
  bookingSettings: IconSettingsCog,
};
