import { INDEX_PATHS, ROUTES, routeOf, type RankedRole } from '@logoschool/contract';
import { loadAllTexts, loadTextParts } from '../i18n/i18n.ts';
import type { AreaScreens } from '../lib/area-screens.ts';
import { lazyScreen, type LazyScreen, type ScreenModule } from './lazy-screen.ts';

/**
 * A screen beyond the core (login, logout and the error screens): its chunk, the whole language
 * and all of Mantine's styles load together (decision 016).
 */
export const beyondCore = (load: () => Promise<ScreenModule>) =>
  lazyScreen(() =>
    Promise.all([load(), loadAllTexts(), import('./all-styles.ts')]).then(([screen]) => screen),
  );

/**
 * The texts every page shows around its screen: the shared sections and the app's notices (the
 * maintenance banner, `app.tsx`). A test keeps this in step with the areas `app.tsx` shows.
 */
export const FRAME_PARTS: readonly string[] = ['shared', 'notices'];

/**
 * A parents' public page (issue 32: within 100 KB of JS on a phone): its chunk, the shared texts and
 * its areas' texts (`parts`, areas' folder names) rather than the whole language, and all of
 * Mantine's styles. A test checks that the parts hold every text its code names.
 */
const parentsPage = (load: () => Promise<ScreenModule>, parts: readonly string[]) =>
  lazyScreen(() =>
    Promise.all([load(), loadTextParts([...FRAME_PARTS, ...parts]), import('./all-styles.ts')]).then(
      ([screen]) => screen,
    ),
  );

/**
 * The parents' public pages (every public route a parent, or the child beside them, opens) and the
 * areas whose texts each shows beside the shared ones.
 */
export const PARENTS_PAGES: Record<string, readonly string[]> = {
  '/parent-dashboard-demo/:token': [
    'parent-dashboard',
    'practice',
    'student-games',
    'call-back',
    'referrals',
    'merchandise',
  ],
  '/play-lesson/:token': ['practice'],
  '/game/:token': ['game-play'],
  '/appointment/:token': ['appointment', 'call-back'],
  '/appointment/manage/:token': ['appointment'],
  '/view-protocol-plan/:token': ['plan-sharing'],
  '/dc-preview/:token': ['parent-diagnosis'],
  '/progress-preview/:token': ['parent-diagnosis'],
  '/client-session/:token': ['player'],
};

/** The signed-in frame (header, navigation), a screen beyond the core itself. */
export const SHELL = beyondCore(() => import('./shell/shell.tsx'));

/**
 * Each area's public pages (`features/<area>/public-screens.ts`), found at build time; its
 * signed-in screens (`screens.ts`) are in `staff-screens.ts`, loaded with the first of them.
 */
const PUBLIC_SCREENS = import.meta.glob<AreaScreens>('../features/*/public-screens.ts', {
  eager: true,
  import: 'screens',
});

/** A signed-in screen: its loader comes with the other signed-in screens' (`staff-screens.ts`). */
const staffScreen = (path: string) =>
  beyondCore(() =>
    import('./staff-screens.ts').then(({ STAFF_SCREENS }) => {
      const load = STAFF_SCREENS[path];
      if (!load) throw new Error(`No screen for ${path} in staff-screens.ts`);
      return load();
    }),
  );

/**
 * The screen of every built route of the contract's route table, by path, each its own lazy
 * chunk: the core's, the public pages', and every signed-in route's through `staff-screens.ts`.
 * A test keeps this and the table's `built` flags in step.
 */
export const SCREENS: Record<string, LazyScreen> = {
  ...Object.fromEntries(
    ROUTES.filter((route) => route.built && route.access !== 'public').map((route) => [
      route.path,
      staffScreen(route.path),
    ]),
  ),
  '/login': lazyScreen(() => import('../features/auth/login-page.tsx')),
  '/logout': lazyScreen(() => import('../features/auth/logout-page.tsx')),
  '/not-found': lazyScreen(() => import('./screens/not-found-page.tsx')),
  '/parent-dashboard-demo/:token': parentsPage(
    () => import('./routes/parent-dashboard-screen.tsx'),
    PARENTS_PAGES['/parent-dashboard-demo/:token'] ?? [],
  ),
  '/appointment/:token': parentsPage(
    () => import('./routes/appointment-screen.tsx'),
    PARENTS_PAGES['/appointment/:token'] ?? [],
  ),
  ...Object.fromEntries(
    Object.values(PUBLIC_SCREENS).flatMap((screens) =>
      Object.entries(screens).map(([path, load]) => {
        const parts = PARENTS_PAGES[path];
        return [path, parts ? parentsPage(load, parts) : beyondCore(load)];
      }),
    ),
  ),
};

/** The screen of a built route's path (a route the table marks built has one: a test says so). */
export function screenOf(path: string): LazyScreen {
  const screen = SCREENS[path];
  if (!screen) throw new Error(`The route table marks ${path} built, but it has no screen`);
  return screen;
}

/**
 * Where `/` leads a role: its index screen (spec §2), or until that screen is built the profile
 * (open to every role), so that a signed-in user always lands on a real screen.
 */
export function indexPathOf(role: RankedRole): string {
  return [INDEX_PATHS[role], '/profile'].find((path) => routeOf(path)?.built) ?? '/not-found';
}
