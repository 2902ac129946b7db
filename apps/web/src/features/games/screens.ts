import { IconPuzzle } from '@tabler/icons-react';
import type { AreaNavIcons, AreaScreens } from '../../lib/area-screens.ts';

/** The games screens by route path (the app mounts them: `app/screens.ts`). */
export const screens: AreaScreens = {
  '/games': () => import('./games-page.tsx'),
  '/create-game': () => import('./edit-game-page.tsx'),
  '/edit-game/:gameId?': () => import('./edit-game-page.tsx'),
  '/game-themes': () => import('./game-themes-page.tsx'),
};

/** The icons of the area's navigation items (`app/shell/navigation.tsx`). */
export const navIcons: AreaNavIcons = {
  games: IconPuzzle,
};
