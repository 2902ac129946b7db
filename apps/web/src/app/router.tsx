import { ROUTES } from '@logoschool/contract';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Navigate, unstable_HistoryRouter as HistoryRouter, useRoutes, type RouteObject } from 'react-router';
import { createGuardedHistory } from './guarded-history.ts';
import { IndexRedirect, RequireAuth, RequireRoute } from './guards.tsx';
import { FullLoader } from '../components/full-loader.tsx';
import { WideScreenOnly } from '../features/notices/mobile-unavailable.tsx';
import { RouteErrorBoundary } from './screens/route-error.tsx';
import { SHELL as Shell, screenOf } from './screens.ts';

/**
 * The notices of a page under a public link (maintenance in its environment, a deploy, an update):
 * loaded beside the page, never before it.
 */
const PublicNotices = lazy(() =>
  import('../features/notices/public-notices.tsx').then((module) => ({ default: module.PublicNotices })),
);

/** A public page under a link (`:token`): its link names the environment whose maintenance counts. */
const isLinkPage = (path: string) => path.includes('/:token');

/** A route's element inside its error boundary (spec §8). */
const guarded = (element: ReactNode) => <RouteErrorBoundary>{element}</RouteErrorBoundary>;

/**
 * The routes, from the contract's route table (DESIGN §5): built public routes stand alone (those
 * under a link with the app's notices floating over them), built staff routes live in the shell
 * behind the login guard (a full-screen one, the player, outside it); anything else goes to /not-found. Each
 * route has its error boundary. (Declarative routes: the app uses no loaders or actions, and a data
 * router would double React Router's share of the first page's JS, decisions 016 and 033.)
 */
export function buildRoutes(): RouteObject[] {
  const built = ROUTES.filter((route) => route.built);
  const publicRoutes: RouteObject[] = built
    .filter((route) => route.access === 'public')
    .map((route) => {
      const Screen = screenOf(route.path);
      return {
        path: route.path,
        element: guarded(
          <>
            <Suspense fallback={<FullLoader />}>
              <Screen />
            </Suspense>
            {isLinkPage(route.path) && (
              <Suspense fallback={null}>
                <PublicNotices />
              </Suspense>
            )}
          </>,
        ),
      };
    });
  const fullScreenRoutes: RouteObject[] = built
    .filter((route) => route.access !== 'public' && route.fullScreen)
    .map((route) => {
      const Screen = screenOf(route.path);
      return {
        path: route.path,
        element: guarded(
          <RequireAuth>
            <RequireRoute route={route}>
              {/* Below `sm` a staff screen is not offered, in the shell or not (spec §2). */}
              <WideScreenOnly>
                <Suspense fallback={<FullLoader />}>
                  <Screen />
                </Suspense>
              </WideScreenOnly>
            </RequireRoute>
          </RequireAuth>,
        ),
      };
    });
  const staffRoutes: RouteObject[] = built
    .filter((route) => route.access !== 'public' && !route.fullScreen)
    .map((route) => {
      const Screen = screenOf(route.path);
      return {
        path: route.path,
        element: guarded(
          <RequireRoute route={route}>
            <Screen />
          </RequireRoute>,
        ),
      };
    });
  return [
    ...publicRoutes,
    ...fullScreenRoutes,
    {
      path: '/',
      element: guarded(
        <RequireAuth>
          <Suspense fallback={<FullLoader />}>
            <Shell />
          </Suspense>
        </RequireAuth>,
      ),
      children: [{ index: true, element: guarded(<IndexRedirect />) }, ...staffRoutes],
    },
    { path: '*', element: <Navigate to="/not-found" replace /> },
  ];
}

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The app's routes in the browser's address bar, through a history that asks before unsaved changes
 * are left for another page (decision 033).
 */
export function AppRouter() {
  const [routes] = useState(buildRoutes);
  const [history] = useState(() => createGuardedHistory());
  return (
    <HistoryRouter history={history}>
      <AppRoutes routes={routes} />
    </HistoryRouter>
  );
}
