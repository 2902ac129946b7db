import { INDEX_PATHS, routeOf, type RankedRole } from '@logoschool/contract';
import { loadAllTexts } from '../i18n/i18n.ts';
import { lazyScreen, type LazyScreen, type ScreenModule } from './lazy-screen.ts';

/**
 * A screen beyond the core (login, logout and the error screens): its chunk, the whole language
 * and all of Mantine's styles load together (decision 016).
 */
export const beyondCore = (load: () => Promise<ScreenModule>) =>
  lazyScreen(() =>
    Promise.all([load(), loadAllTexts(), import('./all-styles.ts')]).then(([screen]) => screen),
  );

/** The signed-in frame (header, navigation), a screen beyond the core itself. */
export const SHELL = beyondCore(() => import('./shell/shell.tsx'));

/**
 * The screen of every built route of the contract's route table, by path, each its own lazy
 * chunk. A test keeps this and the table's `built` flags in step.
 */
export const SCREENS: Record<string, LazyScreen> = {
  '/login': lazyScreen(() => import('../features/auth/login-page.tsx')),
  '/logout': lazyScreen(() => import('../features/auth/logout-page.tsx')),
  '/not-found': lazyScreen(() => import('./screens/not-found-page.tsx')),
  '/accept-invite': beyondCore(() => import('../features/invitations/accept-invite-page.tsx')),
  '/profile': beyondCore(() => import('../features/users/profile-page.tsx')),
  '/dashboard': beyondCore(() => import('../features/dashboard/dashboard-page.tsx')),
  '/projects': beyondCore(() => import('./routes/projects-screen.tsx')),
  '/outbox': beyondCore(() => import('../features/mails/outbox-page.tsx')),
  '/exercises': beyondCore(() => import('../features/exercises/exercises-page.tsx')),
  '/create-exercise-author': beyondCore(() => import('../features/exercises/edit-exercise-page.tsx')),
  '/edit-exercise/:exerciseId?': beyondCore(() => import('../features/exercises/edit-exercise-page.tsx')),
  '/moderate-exercise/:exerciseId?': beyondCore(() => import('../features/exercises/edit-exercise-page.tsx')),
  '/create-exercise-moderator': beyondCore(() => import('../features/exercises/create-request-page.tsx')),
  '/public-exercises': beyondCore(() => import('../features/exercises/public-exercises-page.tsx')),
  '/shared-exercise/:exerciseId?': beyondCore(() => import('../features/exercises/shared-exercise-page.tsx')),
  '/moderator-list': beyondCore(() => import('../features/exercises/moderator-list-page.tsx')),
  '/auto-moderation': beyondCore(() => import('../features/exercises/auto-moderation-page.tsx')),
  '/users': beyondCore(() => import('./routes/users-screen.tsx')),
  '/lessons-stats': beyondCore(() => import('../features/lesson-statistics/lessons-stats-page.tsx')),
  '/categories': beyondCore(() => import('../features/categories/categories-page.tsx')),
  '/clients': beyondCore(() => import('./routes/clients-screen.tsx')),
  '/edit-client/:clientId?': beyondCore(() => import('./routes/edit-client-screen.tsx')),
  '/lessons-list': beyondCore(() => import('../features/lessons/lessons-list-page.tsx')),
  '/edit-lesson/:lessonId?': beyondCore(() => import('../features/lessons/edit-lesson-page.tsx')),
  '/play-lesson/:lessonId': beyondCore(() => import('./routes/play-lesson-screen.tsx')),
  '/create-protocol': beyondCore(() => import('../features/plans/create-plan-page.tsx')),
  '/edit-protocol/:protocolId?': beyondCore(() => import('./routes/edit-protocol-screen.tsx')),
  '/correction-path/:clientId?': beyondCore(() => import('./routes/correction-path-screen.tsx')),
  '/client-session/:token': beyondCore(() => import('../features/player/client-session-page.tsx')),
  '/view-protocol-plan/:token': beyondCore(() => import('../features/plan-sharing/parent-plan-page.tsx')),
  '/dc-preview/:token': beyondCore(() => import('../features/parent-diagnosis/parent-diagnosis-page.tsx')),
  '/progress-preview/:token': beyondCore(() => import('../features/parent-diagnosis/progress-page.tsx')),
  '/view-categories': beyondCore(() => import('../features/categories/view-categories-page.tsx')),
  '/themes': beyondCore(() => import('./routes/themes-and-tags-screen.tsx')),
  '/theme-assets/:themeId?': beyondCore(() => import('../features/themes/theme-assets-page.tsx')),
  '/preview-themes': beyondCore(() => import('../features/themes/preview-themes-page.tsx')),
  '/theme-assets-preview/:themeId?': beyondCore(
    () => import('../features/themes/theme-assets-preview-page.tsx'),
  ),
  '/manage-assets': beyondCore(() => import('../features/assets/manage-assets-page.tsx')),
  '/protocols-templates': beyondCore(() => import('../features/protocol-templates/templates-page.tsx')),
  '/create-template': beyondCore(() => import('../features/protocol-templates/edit-template-page.tsx')),
  '/edit-template/:templateId?': beyondCore(
    () => import('../features/protocol-templates/edit-template-page.tsx'),
  ),
  '/protocols-templates-teacher': beyondCore(
    () => import('../features/protocol-templates/teacher-templates-page.tsx'),
  ),
  '/view-template/:templateId?': beyondCore(
    () => import('../features/protocol-templates/view-template-page.tsx'),
  ),
  '/diagnostic-cards': beyondCore(() => import('./routes/diagnostic-cards-screen.tsx')),
  '/create-diagnostic-card': beyondCore(() => import('../features/diagnostic-cards/edit-card-page.tsx')),
  '/edit-diagnostic-card/:cardId?': beyondCore(
    () => import('../features/diagnostic-cards/edit-card-page.tsx'),
  ),
  '/preview-diagnostic-card/:cardId?': beyondCore(
    () => import('../features/diagnostic-cards/preview-card-page.tsx'),
  ),
  '/diagnostician-clients': beyondCore(
    () => import('../features/diagnostician-clients/diagnostician-clients-page.tsx'),
  ),
  '/manage-diagnostician-clients/:clientId?': beyondCore(
    () => import('../features/diagnoses/diagnostician-client-page.tsx'),
  ),
  '/manage-client-dc/:cardId?': beyondCore(() => import('./routes/manage-client-dc-screen.tsx')),
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
