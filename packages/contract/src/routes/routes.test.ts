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

  it('uses each navigation item once, and only known ones', () => {
    const items = ROUTES.flatMap((entry) => (entry.nav ? [entry.nav] : []));
    expect(new Set(items).size).toBe(items.length);
    expect([...items].sort()).toEqual([...NAV_ITEMS].sort());
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
