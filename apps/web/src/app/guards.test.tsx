import { routeOf, type RoleName } from '@logoschool/contract';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexRedirect, RequireRoute } from './guards.tsx';
import { renderInApp } from '../testing/render.tsx';

/** Where the router ended up. */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The app's `/` and one staff screen behind its guard, opened at `path` as `roles` in project 1. */
async function open(path: string, roles: RoleName[] | 'root', guarded = '/clients') {
  const route = routeOf(guarded);
  if (!route) throw new Error(`no route ${guarded}`);
  await renderInApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<IndexRedirect />} />
        <Route
          path={guarded}
          element={
            <RequireRoute route={route}>
              <h1>The guarded screen</h1>
            </RequireRoute>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { as: { roles }, router: false },
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('`/` (IndexRedirect)', () => {
  // Formerly one browser test per role in e2e/shell.spec.ts (“… signs in as … and lands on …”).
  it.each([
    ['root', 'root', '/dashboard'],
    ['a manager', ['manager'], '/users'],
    ['an admin', ['admin'], '/users'],
    ['a moderator', ['moderator'], '/categories'],
    ['an author', ['author'], '/exercises'],
    ['a teacher', ['teacher'], '/clients'],
    ['a diagnostician', ['diagnostician'], '/clients'],
  ] as const)('leads %s to %s', async (_who, roles, path) => {
    // Behind the guard a screen none of them lands on: `/` alone leads them.
    await open('/', roles === 'root' ? 'root' : [...roles], '/themes');
    expect((await screen.findByTestId('where')).textContent).toBe(path);
  });
});

describe('a staff route (RequireRoute)', () => {
  it('opens to a role it is for', async () => {
    await open('/clients', ['teacher']);
    expect(await screen.findByRole('heading', { name: 'The guarded screen' })).toBeTruthy();
  });

  // Formerly e2e/shell.spec.ts: “a moderator is sent away from a teacher path” and the other way.
  it("sends a moderator away from a teacher's path, to their own index screen", async () => {
    await open('/clients', ['moderator']);
    expect((await screen.findByTestId('where')).textContent).toBe('/categories');
    expect(screen.queryByRole('heading', { name: 'The guarded screen' })).toBeNull();
  });

  it("sends a teacher away from a moderator's path, to their own index screen", async () => {
    await open('/categories', ['teacher'], '/categories');
    expect((await screen.findByTestId('where')).textContent).toBe('/clients');
    expect(screen.queryByRole('heading', { name: 'The guarded screen' })).toBeNull();
  });

  // Formerly e2e/public-exercises.spec.ts, e2e/lesson-stats.spec.ts and e2e/dashboard.spec.ts: one
  // browser test each for a role sent away from a screen of another.
  it.each([
    ['a teacher', ['teacher'], '/public-exercises', '/clients'],
    ['a teacher', ['teacher'], '/lessons-stats', '/clients'],
    ['a manager', ['manager'], '/dashboard', '/users'],
  ] as const)('sends %s away from %s, to %s', async (_who, roles, path, home) => {
    await open(path, [...roles], path);
    expect((await screen.findByTestId('where')).textContent).toBe(home);
    expect(screen.queryByRole('heading', { name: 'The guarded screen' })).toBeNull();
  });

  it('opens /themes to root, as its permission allows', async () => {
    await open('/themes', 'root', '/themes');
    expect(await screen.findByRole('heading', { name: 'The guarded screen' })).toBeTruthy();
  });
});
