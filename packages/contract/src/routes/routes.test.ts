import { describe, expect, it } from 'vitest';
import { ACTIONS, roleMay } from '../access/permissions.ts';
import { ROLE_BASE, ROLE_NAMES, ROLE_RANKING, type RankedRole, type RoleName } from '../access/roles.ts';
import { INDEX_PATHS, NAV_ITEMS, ROUTES, mayOpen, navigationFor, routeOf } from './routes.ts';

const route = (path: string) => {
  const found = routeOf(path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

describe('the route table', () => {
  it('lists each path once', () => {
    const paths = ROUTES.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('uses every navigation item, and only known ones', () => {
    const items = new Set(ROUTES.flatMap((entry) => (entry.nav ? [entry.nav] : [])));
    expect([...items].sort()).toEqual([...NAV_ITEMS].sort());
  });

  it("shows each navigation item at most once in a role's navigation", () => {
    // One item may lead different roles to their own screen (categories: moderator and teacher).
    for (const role of ROLE_RANKING) {
      const items = ROUTES.filter((entry) => entry.nav && entry.listed.includes(role)).map(
        (entry) => entry.nav,
      );
      expect(new Set(items).size, role).toBe(items.length);
    }
  });

  it('names a permission for every built staff screen, and none for a screen still to build', () => {
    for (const entry of ROUTES) {
      if (entry.access === 'public' || entry.access === 'signed-in') continue;
      expect(entry.access === 'planned', entry.path).toBe(!entry.built);
      if (entry.built) expect(ACTIONS, entry.path).toContain(entry.access);
    }
  });

  it('lists public pages under no role, and every staff route under one at least', () => {
    for (const entry of ROUTES) expect(entry.listed.length > 0, entry.path).toBe(entry.access !== 'public');
  });
});

/** Every way a signed-in user can act: a selected role alone, or with a capability role on top. */
const ACTING: { selected: RankedRole; held: RoleName[] }[] = [
  ...ROLE_RANKING.map((selected) => ({ selected, held: [selected] as RoleName[] })),
  ...ROLE_NAMES.flatMap((capability) => {
    const base = ROLE_BASE[capability];
    return base ? [{ selected: base as RankedRole, held: [base, capability] }] : [];
  }),
];

describe("a route's roles are its permission's roles", () => {
  const screens = ROUTES.filter((entry) => entry.built && entry.access !== 'public');

  it('opens each built screen to exactly the roles its permission allows', () => {
    for (const entry of screens) {
      for (const { selected, held } of ACTING) {
        const allowed =
          entry.access === 'signed-in' ||
          held.some((role) => roleMay(role, entry.access as (typeof ACTIONS)[number]));
        expect(mayOpen(entry, selected, held), `${entry.path} as ${held.join('+')}`).toBe(allowed);
      }
    }
  });

  it('lets root open /themes, as themes.manage allows', () => {
    expect(mayOpen(route('/themes'), 'root', ['root'])).toBe(true);
    expect(mayOpen(route('/themes'), 'author', ['author'])).toBe(false);
  });

  it("never leads a role's navigation to a screen it may not open", () => {
    for (const entry of screens) {
      for (const { selected, held } of ACTING) {
        if (!held.some((role) => entry.listed.includes(role))) continue;
        expect(mayOpen(entry, selected, held), `${entry.path} listed for ${held.join('+')}`).toBe(true);
      }
    }
  });

  it('opens nothing still to build', () => {
    for (const entry of ROUTES.filter((item) => item.access === 'planned')) {
      for (const { selected, held } of ACTING) expect(mayOpen(entry, selected, held)).toBe(false);
    }
  });

  it('gives every role an index screen that the role may open (spec §2)', () => {
    expect(Object.keys(INDEX_PATHS).sort()).toEqual([...ROLE_RANKING].sort());
    for (const role of ROLE_RANKING) expect(mayOpen(route(INDEX_PATHS[role]), role, [role])).toBe(true);
    expect(INDEX_PATHS).toEqual({
      root: '/dashboard',
      author: '/exercises',
      manager: '/users',
      moderator: '/categories',
      teacher: '/clients',
    });
  });

  it('opens the profile to all five roles', () => {
    for (const role of ROLE_RANKING) expect(mayOpen(route('/profile'), role, [role])).toBe(true);
  });
});

describe('mayOpen', () => {
  it('sends a teacher away from moderator paths', () => {
    expect(mayOpen(route('/moderator-list'), 'teacher', ['teacher'])).toBe(false);
    expect(mayOpen(route('/categories'), 'teacher', ['teacher'])).toBe(false);
    expect(mayOpen(route('/moderator-list'), 'moderator', ['moderator'])).toBe(true);
  });

  it("opens the users list to an admin through the manager's permission", () => {
    expect(mayOpen(route('/users'), 'manager', ['manager', 'admin'])).toBe(true);
    expect(mayOpen(route('/users'), 'teacher', ['teacher', 'diagnostician'])).toBe(false);
  });

  it('counts a capability role only with its base role selected', () => {
    // An admin who is also a moderator there, acting as moderator, does not get the users list.
    expect(mayOpen(route('/users'), 'moderator', ['moderator', 'admin'])).toBe(false);
  });

  it('acts by the selected role, not by every role held', () => {
    expect(mayOpen(route('/moderator-list'), 'teacher', ['teacher', 'moderator'])).toBe(false);
  });

  it('opens public pages to anyone', () => {
    expect(mayOpen(route('/login'), 'teacher', [])).toBe(true);
  });
});

describe('navigationFor', () => {
  it('leads a moderator to the category editor and a teacher to the read-only tree', () => {
    const categories = (role: 'moderator' | 'teacher') =>
      navigationFor(role, [role]).find((entry) => entry.nav === 'categories')?.path;
    expect(categories('moderator')).toBe('/categories');
    expect(categories('teacher')).toBe('/view-categories');
  });

  // Formerly e2e/shell.spec.ts: root opens /themes (guards.test.tsx) keeping its own navigation.
  it("keeps root's navigation its own: the dashboard, not the themes it may still open", () => {
    const paths = navigationFor('root', ['root']).map((entry) => entry.path);
    expect(paths).toContain('/dashboard');
    expect(paths).not.toContain('/themes');
  });

  it('shows only built items the selected role may open', () => {
    for (const role of ROLE_RANKING) {
      for (const item of navigationFor(role, [role])) {
        expect(item.built).toBe(true);
        expect(item.nav).toBeDefined();
        expect(mayOpen(item, role, [role])).toBe(true);
      }
    }
  });
});
