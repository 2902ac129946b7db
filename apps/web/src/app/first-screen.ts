import { ROUTES, type User } from '@logoschool/contract';
import { matchPath } from 'react-router';
import { SHELL, indexPathOf, screenOf } from './screens.ts';
import { startingRoleOf } from '../session/session.tsx';

/**
 * Starts loading the screen a visit opens on, beside the app's own code and the language's core
 * texts, so that it renders at once instead of after a loader: a public route's screen; for a staff
 * route (or `/`) the shell and the screen when a token is saved, else the login page the guard leads
 * to; /not-found for any other path. Resolves when they are loaded.
 */
export function preloadFirstScreen(pathname: string, signedIn: boolean): Promise<unknown> {
  const route = ROUTES.find((entry) => entry.built && matchPath(entry.path, pathname));
  if (route?.access === 'public') return screenOf(route.path).preload();
  if (!route && pathname !== '/') return screenOf('/not-found').preload();
  if (!signedIn) return screenOf('/login').preload();
  return Promise.all([SHELL.preload(), route && screenOf(route.path).preload()]);
}

/**
 * On `/`, loads the screen the user's role lands on as soon as the token check says who it is,
 * while the shell loads and renders.
 */
export function preloadIndexScreen(pathname: string, tokenCheck: Promise<User> | null): void {
  if (pathname !== '/' || !tokenCheck) return;
  void tokenCheck.then(
    (user) => {
      const role = startingRoleOf(user);
      // A screen that fails to load shows its error when it renders.
      if (role)
        screenOf(indexPathOf(role))
          .preload()
          .catch(() => undefined);
    },
    () => undefined,
  );
}
