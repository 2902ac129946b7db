import { IconStethoscope } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The diagnostic cards screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/create-diagnostic-card': () => import('./edit-card-page.tsx'),
  '/edit-diagnostic-card/:cardId?': () => import('./edit-card-page.tsx'),
  '/preview-diagnostic-card/:cardId?': () => import('./preview-card-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  diagnosticCards: IconStethoscope,
};
