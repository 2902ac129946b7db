import { ROUTES } from '@logoschool/contract';
import { isValidElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from './router.tsx';
import { RouteErrorBoundary } from './screens/route-error.tsx';
import { SCREENS } from './screens.ts';
import { STAFF_SCREENS } from './staff-screens.ts';
import { NAV_ICONS } from './shell/navigation.tsx';

describe('the screens and the route table', () => {
  it('has a screen for exactly the built routes', () => {
    const built = ROUTES.filter((route) => route.built).map((route) => route.path);
    expect(Object.keys(SCREENS).sort()).toEqual([...built].sort());
  });

  it('loads every signed-in screen through staff-screens.ts, and no public page', () => {
    const staff = ROUTES.filter((route) => route.built && route.access !== 'public').map(
      (route) => route.path,
    );
    expect(Object.keys(STAFF_SCREENS).sort()).toEqual([...staff].sort());
  });

  it('mounts every built route and nothing that is not built', () => {
    const paths = buildRoutes().flatMap((route) => [
      route.path,
      ...(route.children ?? []).map((child) => child.path),
    ]);
    for (const route of ROUTES) {
      expect(paths.includes(route.path), route.path).toBe(route.built);
    }
  });

  it('gives every mounted route an error screen', () => {
    const guarded = (element: ReactNode) => isValidElement(element) && element.type === RouteErrorBoundary;
    for (const route of buildRoutes()) {
      if (route.path === '*') continue;
      expect(guarded(route.element), route.path).toBe(true);
      for (const child of route.children ?? []) expect(guarded(child.element), child.path).toBe(true);
    }
  });

  it("gives every built route's navigation item an icon, from its area's screens.ts", () => {
    const items = ROUTES.filter((route) => route.built && route.nav).map((route) => route.nav!);
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) expect(NAV_ICONS[item], item).toBeTypeOf('object');
  });
});
