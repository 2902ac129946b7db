import { ROUTES } from '@logoschool/contract';
import { Suspense, lazy, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { IndexRedirect, RequireAuth, RequireRoute } from './guards.tsx';
import { loadAllTexts } from '../i18n/i18n.ts';
import { FullLoader } from './screens/loader.tsx';
import { RouteError } from './screens/route-error.tsx';
import { SCREENS } from './screens.ts';

/** The signed-in frame is its own chunk with the whole language: the login page loads neither. */
const Shell = lazy(() => Promise.all([import('./shell/shell.tsx'), loadAllTexts()]).then(([shell]) => shell));

function screen(path: string): ComponentType {
  const Screen = SCREENS[path];
  if (!Screen) throw new Error(`The route table marks ${path} built, but it has no screen`);
  return Screen;
}

/**
 * The router, built from the contract's route table (DESIGN §5): built public routes stand alone,
 * built staff routes live in the shell behind the login guard; anything else goes to /not-found.
 */
export function buildRoutes(): RouteObject[] {
  const built = ROUTES.filter((route) => route.built);
  const publicRoutes: RouteObject[] = built
    .filter((route) => route.access === 'public')
    .map((route) => {
      const Screen = screen(route.path);
      return {
        path: route.path,
        errorElement: <RouteError />,
        element: (
          <Suspense fallback={<FullLoader />}>
            <Screen />
          </Suspense>
        ),
      };
    });
  const staffRoutes: RouteObject[] = built
    .filter((route) => route.access !== 'public')
    .map((route) => {
      const Screen = screen(route.path);
      return {
        path: route.path,
        errorElement: <RouteError />,
        element: (
          <RequireRoute route={route}>
            <Screen />
          </RequireRoute>
        ),
      };
    });
  return [
    ...publicRoutes,
    {
      path: '/',
      errorElement: <RouteError />,
      element: (
        <RequireAuth>
          <Suspense fallback={<FullLoader />}>
            <Shell />
          </Suspense>
        </RequireAuth>
      ),
      children: [{ index: true, element: <IndexRedirect />, errorElement: <RouteError /> }, ...staffRoutes],
    },
    { path: '*', element: <Navigate to="/not-found" replace /> },
  ];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
