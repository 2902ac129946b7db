import { ROUTES } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from './router.tsx';
import { SCREENS } from './screens.ts';

describe('the screens and the route table', () => {
  it('has a screen for exactly the built routes', () => {
    const built = ROUTES.filter((route) => route.built).map((route) => route.path);
    expect(Object.keys(SCREENS).sort()).toEqual([...built].sort());
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
    for (const route of buildRoutes()) {
      if (route.path === '*') continue;
      expect(route.errorElement, route.path).toBeTruthy();
      for (const child of route.children ?? []) expect(child.errorElement, child.path).toBeTruthy();
    }
  });
});
