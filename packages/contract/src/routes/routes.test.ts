import { describe, expect, it } from 'vitest';
import { ROLE_RANKING } from '../access/roles.ts';
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
      const items = ROUTES.filter((entry) => entry.nav && mayOpen(entry, role, [role])).map(
        (entry) => entry.nav,
      );
      expect(new Set(items).size, role).toBe(items.length);
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

  it('lets moderator and teacher both edit templates', () => {
    expect(mayOpen(route('/edit-template/:templateId?'), 'teacher', ['teacher'])).toBe(true);
    expect(mayOpen(route('/edit-template/:templateId?'), 'moderator', ['moderator'])).toBe(true);
    expect(mayOpen(route('/edit-template/:templateId?'), 'author', ['author'])).toBe(false);
  });

  it('opens the diagnostician screens to a teacher who is a diagnostician, not to a plain teacher', () => {
    const screen = route('/diagnostician-clients');
    expect(mayOpen(screen, 'teacher', ['teacher', 'diagnostician'])).toBe(true);
    expect(mayOpen(screen, 'teacher', ['teacher'])).toBe(false);
    // The capability counts only with its base role selected.
    expect(mayOpen(screen, 'moderator', ['moderator', 'diagnostician'])).toBe(false);
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
