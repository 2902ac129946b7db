import type { AreaScreens } from '../lib/area-screens.ts';
import type { ScreenModule } from './lazy-screen.ts';

/** Each area's signed-in screens (`features/<area>/screens.ts`), found at build time. */
const AREA_SCREENS = import.meta.glob<AreaScreens>('../features/*/screens.ts', {
  eager: true,
  import: 'screens',
});

/**
 * The chunk loader of every signed-in screen, by route path: the screens composed from two
 * features here, and each area's. Its own chunk, which the first signed-in screen loads (with its
 * loaders' lists of what each screen's chunk needs), so that the login page and the parents' pages
 * do not carry them (issue 32). A test keeps it in step with the route table.
 */
export const STAFF_SCREENS: Record<string, () => Promise<ScreenModule>> = {
  '/projects': () => import('./routes/projects-screen.tsx'),
  '/users': () => import('./routes/users-screen.tsx'),
  '/clients': () => import('./routes/clients-screen.tsx'),
  '/edit-client/:clientId?': () => import('./routes/edit-client-screen.tsx'),
  '/conduct-lesson/:lessonId': () => import('./routes/conduct-lesson-screen.tsx'),
  '/edit-lesson/:lessonId?': () => import('./routes/edit-lesson-screen.tsx'),
  '/edit-protocol/:protocolId?': () => import('./routes/edit-protocol-screen.tsx'),
  '/correction-path/:clientId?': () => import('./routes/correction-path-screen.tsx'),
  '/themes': () => import('./routes/themes-and-tags-screen.tsx'),
  '/diagnostic-cards': () => import('./routes/diagnostic-cards-screen.tsx'),
  '/manage-client-dc/:cardId?': () => import('./routes/manage-client-dc-screen.tsx'),
  ...Object.assign({}, ...Object.values(AREA_SCREENS)),
};
