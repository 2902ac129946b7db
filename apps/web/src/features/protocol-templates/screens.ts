import { IconFileText } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The protocol templates screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/protocols-templates': () => import('./templates-page.tsx'),
  '/create-template': () => import('./edit-template-page.tsx'),
  '/edit-template/:templateId?': () => import('./edit-template-page.tsx'),
  '/protocols-templates-teacher': () => import('./teacher-templates-page.tsx'),
  '/view-template/:templateId?': () => import('./view-template-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  protocolsTemplates: IconFileText,
};
