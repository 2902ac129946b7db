import { IconClipboardCheck, IconPencil } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The exercises screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/exercises': () => import('./exercises-page.tsx'),
  '/create-exercise-author': () => import('./edit-exercise-page.tsx'),
  '/edit-exercise/:exerciseId?': () => import('./edit-exercise-page.tsx'),
  '/moderate-exercise/:exerciseId?': () => import('./edit-exercise-page.tsx'),
  '/create-exercise-moderator': () => import('./create-request-page.tsx'),
  '/public-exercises': () => import('./public-exercises-page.tsx'),
  '/shared-exercise/:exerciseId?': () => import('./shared-exercise-page.tsx'),
  '/moderator-list': () => import('./moderator-list-page.tsx'),
  '/auto-moderation': () => import('./auto-moderation-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  contentCreating: IconPencil,
  moderationList: IconClipboardCheck,
};
