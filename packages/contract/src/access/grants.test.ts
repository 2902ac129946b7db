import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  grantableRoles,
  mayGrant,
  mayManageMember,
  ungrantableRoles,
  untouchableRoles,
  type GrantTarget,
} from './grants.ts';
import { ASSIGNABLE_ROLES, ROLE_BASE, ROLE_NAMES, ROLE_RANKING, type RoleName } from './roles.ts';

const Y = true;
const N = false;

/**
 * The grant table written out: granter (row) × role granted (column). Root is never granted
 * through a project; a manager grants only what is below manager; admin and root grant the rest.
 */
const TABLE: Record<RoleName, Record<RoleName, boolean>> = {
  //        root  manager moderator author teacher admin diagnostician
  root: { root: N, manager: Y, moderator: Y, author: Y, teacher: Y, admin: Y, diagnostician: Y },
  admin: { root: N, manager: Y, moderator: Y, author: Y, teacher: Y, admin: Y, diagnostician: Y },
  manager: { root: N, manager: N, moderator: Y, author: Y, teacher: Y, admin: N, diagnostician: Y },
  moderator: { root: N, manager: N, moderator: N, author: N, teacher: N, admin: N, diagnostician: N },
  author: { root: N, manager: N, moderator: N, author: N, teacher: N, admin: N, diagnostician: N },
  teacher: { root: N, manager: N, moderator: N, author: N, teacher: N, admin: N, diagnostician: N },
  diagnostician: { root: N, manager: N, moderator: N, author: N, teacher: N, admin: N, diagnostician: N },
};

const PAIRS = ROLE_NAMES.flatMap((granter) => ROLE_NAMES.map((role) => [granter, role] as const));

/** How high a role stands (0 = root): admin stands with manager, diagnostician with teacher. */
const standing = (role: RoleName) => (ROLE_RANKING as readonly RoleName[]).indexOf(ROLE_BASE[role] ?? role);

const someRoles = fc.uniqueArray(fc.constantFrom(...ROLE_NAMES), { minLength: 1 });

describe('grantableRoles / mayGrant: who may grant which role', () => {
  it.each(PAIRS)('%s granting %s', (granter, role) => {
    const expected = TABLE[granter][role];
    expect(mayGrant([granter], [role])).toBe(expected);
    expect(grantableRoles([granter]).includes(role)).toBe(expected);
  });

  it('lists the grantable roles in id order', () => {
    expect(grantableRoles(['manager'])).toEqual(['moderator', 'author', 'teacher', 'diagnostician']);
    expect(grantableRoles(['admin'])).toEqual([...ASSIGNABLE_ROLES]);
    expect(grantableRoles(['root'])).toEqual([...ASSIGNABLE_ROLES]);
    expect(grantableRoles([])).toEqual([]);
  });

  it('judges a holder of several roles by all of them (an admin also holds manager)', () => {
    expect(mayGrant(['manager', 'admin'], ['admin', 'teacher'])).toBe(true);
    expect(mayGrant(['manager', 'teacher'], ['manager'])).toBe(false);
  });

  it('names the refused roles, each once, in id order', () => {
    expect(ungrantableRoles(['manager'], ['teacher', 'admin', 'manager', 'admin'])).toEqual([
      'manager',
      'admin',
    ]);
    expect(ungrantableRoles(['admin'], ['root', 'teacher'])).toEqual(['root']);
    expect(ungrantableRoles(['manager'], ['teacher'])).toEqual([]);
  });

  it('never grants a role standing above the granter, nor root', () => {
    fc.assert(
      fc.property(someRoles, (granter) => {
        const own = Math.min(...granter.map(standing));
        for (const role of grantableRoles(granter)) {
          expect(standing(role)).toBeGreaterThanOrEqual(own);
          expect(role).not.toBe('root');
        }
      }),
    );
  });

  it('grants a set exactly when it grants each of its roles', () => {
    fc.assert(
      fc.property(someRoles, someRoles, (granter, roles) => {
        const grantable = grantableRoles(granter);
        expect(mayGrant(granter, roles)).toBe(roles.every((role) => grantable.includes(role)));
      }),
    );
  });

  it('grants no less for holding more roles', () => {
    fc.assert(
      fc.property(someRoles, someRoles, (some, more) => {
        const all = grantableRoles([...new Set([...some, ...more])]);
        for (const role of grantableRoles(some)) expect(all).toContain(role);
      }),
    );
  });
});

describe('mayManageMember: whose roles and status an actor may change', () => {
  const member = (roles: RoleName[], isRoot = false): GrantTarget => ({ isRoot, roles });

  it.each(PAIRS.filter(([, role]) => role !== 'root'))('%s changing a member who holds %s', (actor, role) => {
    expect(mayManageMember([actor], member([role]))).toBe(TABLE[actor][role]);
  });

  it('lets an admin manage another admin (as owners do on GitHub, super admins on Google Workspace)', () => {
    expect(mayManageMember(['admin', 'manager'], member(['admin']))).toBe(true);
  });

  it('keeps a manager away from managers and admins', () => {
    expect(untouchableRoles(['manager'], member(['manager', 'teacher']))).toEqual(['manager']);
    expect(untouchableRoles(['manager'], member(['admin']))).toEqual(['admin']);
  });

  it('lets nobody but root change a root user, whatever assignment they have', () => {
    for (const actor of ROLE_NAMES.filter((role) => role !== 'root')) {
      expect(untouchableRoles([actor], member(['teacher'], true))).toEqual(['root']);
      expect(mayManageMember([actor], member(['teacher'], true))).toBe(false);
    }
    expect(mayManageMember(['root'], member(['teacher'], true))).toBe(true);
  });

  it('lets root manage anyone', () => {
    fc.assert(
      fc.property(someRoles, fc.boolean(), (roles, isRoot) => {
        expect(mayManageMember(['root'], member(roles, isRoot))).toBe(true);
      }),
    );
  });

  it('never lets an actor manage a member holding a role it may not grant', () => {
    fc.assert(
      fc.property(someRoles, someRoles, (actor, roles) => {
        const target = member(roles.filter((role) => role !== 'root'));
        expect(mayManageMember(actor, target)).toBe(actor.includes('root') || mayGrant(actor, target.roles));
      }),
    );
  });
});
