import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAllTexts } from '../i18n/i18n.ts';

type ScreenModule = { default: ComponentType };

/** A screen that needs more than the core texts: its chunk and the whole language load together. */
const withAllTexts = (load: () => Promise<ScreenModule>) =>
  lazy(() => Promise.all([load(), loadAllTexts()]).then(([screen]) => screen));

/**
 * The screen of every built route of the contract's route table, by path, each its own lazy
 * chunk. A test keeps this and the table's `built` flags in step.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/login': lazy(() => import('../features/auth/login-page.tsx')),
  '/logout': lazy(() => import('../features/auth/logout-page.tsx')),
  '/not-found': lazy(() => import('./screens/not-found-page.tsx')),
  '/accept-invite': withAllTexts(() => import('../features/invitations/accept-invite-page.tsx')),
  '/profile': withAllTexts(() => import('../features/users/profile-page.tsx')),
  '/dashboard': withAllTexts(() => import('../features/dashboard/dashboard-page.tsx')),
  '/projects': withAllTexts(() => import('../features/workspaces/workspaces-page.tsx')),
  '/outbox': withAllTexts(() => import('../features/mails/outbox-page.tsx')),
  '/exercises': withAllTexts(() => import('../features/exercises/exercises-page.tsx')),
  '/create-exercise-author': withAllTexts(() => import('../features/exercises/edit-exercise-page.tsx')),
  '/edit-exercise/:exerciseId?': withAllTexts(() => import('../features/exercises/edit-exercise-page.tsx')),
  '/moderate-exercise/:exerciseId?': withAllTexts(
    () => import('../features/exercises/edit-exercise-page.tsx'),
  ),
  '/create-exercise-moderator': withAllTexts(() => import('../features/exercises/create-request-page.tsx')),
  '/public-exercises': withAllTexts(() => import('../features/exercises/public-exercises-page.tsx')),
  '/shared-exercise/:exerciseId?': withAllTexts(
    () => import('../features/exercises/shared-exercise-page.tsx'),
  ),
  '/moderator-list': withAllTexts(() => import('../features/exercises/moderator-list-page.tsx')),
  '/auto-moderation': withAllTexts(() => import('../features/exercises/auto-moderation-page.tsx')),
  '/users': withAllTexts(() => import('./routes/users-screen.tsx')),
  '/categories': withAllTexts(() => import('../features/categories/categories-page.tsx')),
  '/clients': withAllTexts(() => import('../features/clients/clients-page.tsx')),
  '/edit-client/:clientId?': withAllTexts(() => import('../features/clients/edit-client-page.tsx')),
  '/view-categories': withAllTexts(() => import('../features/categories/view-categories-page.tsx')),
  '/themes': withAllTexts(() => import('./routes/themes-and-tags-screen.tsx')),
  '/theme-assets/:themeId?': withAllTexts(() => import('../features/themes/theme-assets-page.tsx')),
  '/preview-themes': withAllTexts(() => import('../features/themes/preview-themes-page.tsx')),
  '/theme-assets-preview/:themeId?': withAllTexts(
    () => import('../features/themes/theme-assets-preview-page.tsx'),
  ),
  '/manage-assets': withAllTexts(() => import('../features/assets/manage-assets-page.tsx')),
};
