import { IconBooks } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The course templates' and courses' screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/course-templates': () => import('./course-templates-page.tsx'),
  '/create-course-template': () => import('./edit-course-template-page.tsx'),
  '/edit-course-template/:templateId?': () => import('./edit-course-template-page.tsx'),
  '/plan-course/:protocolId': () => import('./plan-course-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  courseTemplates: IconBooks,
};
