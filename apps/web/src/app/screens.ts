import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The screen of every built route of the contract's route table, by path, each its own lazy
 * chunk. A test keeps this and the table's `built` flags in step.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/login': lazy(() => import('../features/auth/login-page.tsx')),
  '/logout': lazy(() => import('../features/auth/logout-page.tsx')),
  '/not-found': lazy(() => import('./screens/not-found-page.tsx')),
  '/accept-invite': lazy(() => import('../features/invitations/accept-invite-page.tsx')),
  '/profile': lazy(() => import('../features/users/profile-page.tsx')),
  '/dashboard': lazy(() => import('../features/dashboard/dashboard-page.tsx')),
  '/projects': lazy(() => import('../features/workspaces/projects-page.tsx')),
  '/outbox': lazy(() => import('../features/mails/outbox-page.tsx')),
  '/users': lazy(() => import('../features/users/users-page.tsx')),
  '/categories': lazy(() => import('../features/categories/categories-page.tsx')),
  '/clients': lazy(() => import('../features/clients/clients-page.tsx')),
  '/edit-client/:clientId?': lazy(() => import('../features/clients/edit-client-page.tsx')),
  '/view-categories': lazy(() => import('../features/categories/view-categories-page.tsx')),
};
