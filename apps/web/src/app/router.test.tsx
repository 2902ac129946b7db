import type { RoleName } from '@logoschool/contract';
import { screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from './router.tsx';
import { Navigation } from './shell/navigation.tsx';
import { fakeApi, json, renderInApp, type SentCall } from '../testing/render.tsx';

/** Where the router ended up. */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The app's routes, the shell's frame left out (its screen stays, behind its guard). */
const ROUTES: RouteObject[] = buildRoutes().map((route) =>
  route.path === '/'
    ? {
        ...route,
        element: (
          <Suspense>
            <Outlet />
          </Suspense>
        ),
      }
    : route,
);

function AppRoutes() {
  return useRoutes(ROUTES);
}

/**
 * The app's own routes (the guards and the screens) opened at `path` as `roles` in project
 * 1; the API answers every list empty. Gives the calls made.
 */
async function open(path: string, roles: RoleName[]): Promise<SentCall[]> {
  const calls = fakeApi({});
  const answered = vi.mocked(fetch).getMockImplementation();
  if (!answered) throw new Error('fakeApi stubs fetch');
  // Anything a screen or the shell lists is an empty page; anything else is not found.
  vi.mocked(fetch).mockImplementation(async (url, init) => {
    const answer = await answered(url, init);
    if (answer.status !== 404 || (init?.method ?? 'GET') !== 'GET') return answer;
    return json({ data: [], meta: { total: 0, per_page: 20, current_page: 1, last_page: 1 } });
  });
  await renderInApp(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Where />
    </MemoryRouter>,
    { as: { roles }, router: false },
  );
  return calls;
}

/** The path the router is at once it has settled on `expected`. */
const settlesOn = (expected: string) =>
  vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe(expected), { timeout: 15_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

// Formerly e2e/dead-ends.spec.ts: “an address without its id opens its list, not "not found"”.
describe('an address without its id', () => {
  it.each([
    ['a moderator', ['moderator'], '/preview-diagnostic-card', '/diagnostic-cards'],
    ['a teacher', ['teacher'], '/manage-client-dc', '/clients'],
  ] as const)('opens its list for %s: %s → %s', async (_who, roles, path, list) => {
    await open(path, [...roles]);
    await settlesOn(list);
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it("opens the teacher's students under their heading", async () => {
    await open('/manage-client-dc', ['teacher']);
    await settlesOn('/clients');
    expect(await screen.findByRole('heading', { name: 'Students' }, { timeout: 15_000 })).toBeTruthy();
  });
});

// Formerly e2e/exercise-editor.spec.ts: “an address with an id that is none shows the not-found
// screen and asks the API nothing”, and the wrong id of e2e/exercise-lists.spec.ts' shared exercise.
describe('an address with an id that is none', () => {
  it.each([
    ['author', ['/edit-exercise/abc', '/edit-exercise/NaN', '/edit-exercise/0']],
    ['moderator', ['/moderate-exercise/abc', '/theme-assets/abc']],
    ['teacher', ['/edit-client/abc', '/theme-assets-preview/abc', '/shared-exercise/abc']],
  ] as const)(
    'shows the not-found screen to the %s and asks the API nothing about it',
    async (role, paths) => {
      for (const path of paths) {
        const calls = await open(path, [role]);
        await settlesOn('/not-found');
        expect(
          await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 15_000 }),
        ).toBeTruthy();
        const about = calls.map((call) => call.path).filter((asked) => /NaN|abc|\/0(\/|$)/i.test(asked));
        expect(about, path).toEqual([]);
        vi.unstubAllGlobals();
        document.body.innerHTML = '';
      }
    },
  );
});

// The first steps of e2e/categories.spec.ts' and e2e/themes.spec.ts' teacher tests, which the
// moderator's tests now end with: the navigation leads a teacher to the read-only screens.
describe("a teacher's navigation", () => {
  it.each([
    ['Categories', '/view-categories'],
    ['Interests', '/preview-themes'],
  ])('leads from %s to %s', async (item, path) => {
    await renderInApp(<Navigation onNavigate={() => {}} collapsed={false} />, { as: { roles: ['teacher'] } });
    const navigation = screen.getByRole('navigation');
    expect(within(navigation).getByRole('link', { name: item }).getAttribute('href')).toBe(path);
  });
});
