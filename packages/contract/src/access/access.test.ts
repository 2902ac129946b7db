import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIONS, PERMISSIONS, roleMay, rolesMay, type Action } from './permissions.ts';
import {
  ROLE,
  ROLE_IDS,
  ROLE_NAMES,
  ROLE_RANKING,
  availableWorkspaceIds,
  isRankedRole,
  effectiveRoles,
  isRoleId,
  roleName,
  rolesInWorkspace,
  selectedRole,
  type AssignmentRoles,
  type RoleName,
  type RoleSubject,
} from './roles.ts';

const SCHOOL = 10;
const OTHER = 20;

function assignment(
  roles: RoleName[],
  options: Partial<Omit<AssignmentRoles, 'roles'>> = {},
): AssignmentRoles {
  return { workspaceId: SCHOOL, roles, isActive: true, archived: false, ...options };
}

function subject(assignments: AssignmentRoles[], options: Partial<Omit<RoleSubject, 'assignments'>> = {}) {
  return { is_root: false, is_active: true, assignments, ...options } satisfies RoleSubject;
}

describe('role ids', () => {
  it('are the numbers of the API (DESIGN §4)', () => {
    expect(ROLE).toEqual({
      root: 1,
      manager: 2,
      moderator: 3,
      author: 4,
      teacher: 5,
      admin: 6,
      diagnostician: 7,
    });
  });

  it('map to names and back, and nothing else is a role id', () => {
    for (const name of ROLE_NAMES) expect(roleName(ROLE[name])).toBe(name);
    for (const id of [0, -1, 8, 1.5, Number.NaN]) {
      expect(isRoleId(id)).toBe(false);
      expect(roleName(id)).toBeUndefined();
    }
    expect(ROLE_IDS.every(isRoleId)).toBe(true);
  });

  it('rank root, manager, moderator, author, teacher', () => {
    expect(ROLE_RANKING).toEqual(['root', 'manager', 'moderator', 'author', 'teacher']);
  });
});

describe('effectiveRoles', () => {
  it('adds manager to admin and teacher to diagnostician', () => {
    expect(effectiveRoles(['admin'])).toEqual(['manager', 'admin']);
    expect(effectiveRoles(['diagnostician'])).toEqual(['teacher', 'diagnostician']);
  });

  it('keeps each role once, in id order', () => {
    expect(effectiveRoles(['diagnostician', 'teacher', 'admin', 'manager', 'author'])).toEqual([
      'manager',
      'author',
      'teacher',
      'admin',
      'diagnostician',
    ]);
    expect(effectiveRoles([])).toEqual([]);
  });

  it('implies nothing else', () => {
    for (const role of ['manager', 'moderator', 'author', 'teacher'] as const) {
      expect(effectiveRoles([role])).toEqual([role]);
    }
  });
});

describe('rolesInWorkspace and selectedRole', () => {
  it('select the highest-ranked role of the chosen project', () => {
    const user = subject([assignment(['teacher', 'author', 'moderator'])]);
    expect(rolesInWorkspace(user, SCHOOL)).toEqual(['moderator', 'author', 'teacher']);
    expect(selectedRole(user, SCHOOL)).toBe('moderator');
    expect(selectedRole(subject([assignment(['teacher', 'author'])]), SCHOOL)).toBe('author');
    expect(selectedRole(subject([assignment(['teacher'])]), SCHOOL)).toBe('teacher');
  });

  it('select the base role for admin and diagnostician, which are not ranked themselves', () => {
    expect(rolesInWorkspace(subject([assignment(['admin'])]), SCHOOL)).toEqual(['manager', 'admin']);
    expect(selectedRole(subject([assignment(['admin'])]), SCHOOL)).toBe('manager');
    expect(selectedRole(subject([assignment(['diagnostician'])]), SCHOOL)).toBe('teacher');
    expect(selectedRole(subject([assignment(['diagnostician', 'author'])]), SCHOOL)).toBe('author');
  });

  it('count only the chosen project', () => {
    const user = subject([assignment(['teacher']), assignment(['manager'], { workspaceId: OTHER })]);
    expect(rolesInWorkspace(user, SCHOOL)).toEqual(['teacher']);
    expect(selectedRole(user, SCHOOL)).toBe('teacher');
    expect(selectedRole(user, OTHER)).toBe('manager');
    expect(rolesInWorkspace(user, 30)).toEqual([]);
    expect(selectedRole(user, 30)).toBeNull();
  });

  it('ignore an inactive or archived assignment', () => {
    const inactive = subject([assignment(['manager'], { isActive: false })]);
    const archived = subject([assignment(['manager'], { archived: true })]);
    for (const user of [inactive, archived]) {
      expect(rolesInWorkspace(user, SCHOOL)).toEqual([]);
      expect(selectedRole(user, SCHOOL)).toBeNull();
      expect(availableWorkspaceIds(user)).toEqual([]);
    }
  });

  it('give root only root, in every project, whatever the assignments say', () => {
    const root = subject([assignment(['teacher', 'admin'])], { is_root: true });
    expect(rolesInWorkspace(root, SCHOOL)).toEqual(['root']);
    expect(rolesInWorkspace(root, 999)).toEqual(['root']);
    expect(selectedRole(root, SCHOOL)).toBe('root');
    expect(selectedRole(subject([], { is_root: true }), 999)).toBe('root');
  });

  it('give an inactive user nothing, root included', () => {
    const user = subject([assignment(['manager'])], { is_active: false });
    const root = subject([assignment(['manager'])], { is_active: false, is_root: true });
    for (const inactive of [user, root]) {
      expect(rolesInWorkspace(inactive, SCHOOL)).toEqual([]);
      expect(selectedRole(inactive, SCHOOL)).toBeNull();
      expect(availableWorkspaceIds(inactive)).toEqual([]);
    }
  });

  it('do not let an assignment grant root', () => {
    const user = subject([assignment(['root'])]);
    expect(rolesInWorkspace(user, SCHOOL)).toEqual([]);
    expect(selectedRole(user, SCHOOL)).toBeNull();
    expect(selectedRole(subject([assignment(['root', 'author'])]), SCHOOL)).toBe('author');
  });

  it('offer the projects where the user holds a role', () => {
    const user = subject([
      assignment(['teacher']),
      assignment(['author'], { workspaceId: OTHER, isActive: false }),
      assignment([], { workspaceId: 30 }),
      assignment(['diagnostician'], { workspaceId: 40 }),
    ]);
    expect(availableWorkspaceIds(user)).toEqual([SCHOOL, 40]);
  });
});

describe('role rules for any user (property)', () => {
  const workspaceIds = fc.constantFrom(1, 2, 3);
  const arbitraryAssignment = fc.record({
    workspaceId: workspaceIds,
    roles: fc.subarray(ROLE_NAMES),
    isActive: fc.boolean(),
    archived: fc.boolean(),
  });
  const arbitraryUser: fc.Arbitrary<RoleSubject> = fc.record({
    is_root: fc.boolean(),
    is_active: fc.boolean(),
    // One assignment per project, as in the database (unique user × workspace).
    assignments: fc.uniqueArray(arbitraryAssignment, { selector: (a) => a.workspaceId, maxLength: 3 }),
  });

  it('selects one of the held roles, the highest-ranked, and null only when none is ranked', () => {
    fc.assert(
      fc.property(arbitraryUser, workspaceIds, (user, workspaceId) => {
        const held = rolesInWorkspace(user, workspaceId);
        const selected = selectedRole(user, workspaceId);
        const ranked = held.filter(isRankedRole);
        if (ranked.length === 0) {
          expect(selected).toBeNull();
          return;
        }
        expect(selected).not.toBeNull();
        expect(held).toContain(selected);
        const rank = ROLE_RANKING.indexOf(selected!);
        for (const role of ranked) expect(ROLE_RANKING.indexOf(role)).toBeGreaterThanOrEqual(rank);
      }),
    );
  });

  it('gives an active root exactly root, and an inactive user nothing', () => {
    fc.assert(
      fc.property(arbitraryUser, workspaceIds, (user, workspaceId) => {
        if (!user.is_active) {
          expect(rolesInWorkspace(user, workspaceId)).toEqual([]);
          expect(selectedRole(user, workspaceId)).toBeNull();
        } else if (user.is_root) {
          expect(rolesInWorkspace(user, workspaceId)).toEqual(['root']);
          expect(selectedRole(user, workspaceId)).toBe('root');
        }
      }),
    );
  });

  it('gives a non-root user exactly the effective roles of a live assignment there', () => {
    fc.assert(
      fc.property(arbitraryUser, workspaceIds, (user, workspaceId) => {
        fc.pre(user.is_active && !user.is_root);
        const live = user.assignments.find((a) => a.workspaceId === workspaceId && a.isActive && !a.archived);
        const held = rolesInWorkspace(user, workspaceId);
        expect(held).not.toContain('root');
        expect(held).toEqual(live ? effectiveRoles(live.roles.filter((role) => role !== 'root')) : []);
        if (held.includes('admin')) expect(held).toContain('manager');
        if (held.includes('diagnostician')) expect(held).toContain('teacher');
      }),
    );
  });
});

/**
 * The permission table written out by hand: changing who may do what, or adding an action, must
 * change this test too.
 */
const EXPECTED: Record<Action, Record<RoleName, boolean>> = {
  'workspaces.read': {
    root: true,
    manager: true,
    moderator: true,
    author: true,
    teacher: true,
    admin: true,
    diagnostician: true,
  },
  'auth.loginAsUser': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'settings.write': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'auditLog.read': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'workspaces.manage': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'workspaces.archive': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'users.list': {
    root: true,
    manager: true,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'users.manage': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'users.changeEnvironment': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'users.invite': {
    root: true,
    manager: true,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'mails.read': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'dashboard.read': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'clients.manage': {
    root: false,
    manager: false,
    moderator: false,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'categories.read': {
    root: true,
    manager: false,
    moderator: true,
    author: true,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'categories.manage': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'exercises.read': {
    root: false,
    manager: false,
    moderator: true,
    author: true,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'exercises.author': {
    root: false,
    manager: false,
    moderator: false,
    author: true,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'exercises.moderate': {
    root: false,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'exercises.generate': {
    root: false,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'exercises.autoModeration': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'exercises.vote': {
    root: false,
    manager: false,
    moderator: true,
    author: true,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'tags.read': {
    root: true,
    manager: false,
    moderator: true,
    author: true,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'tags.manage': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'themes.read': {
    root: true,
    manager: false,
    moderator: true,
    author: true,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'themes.manage': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'protocolTemplates.read': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'protocolTemplates.write': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'protocolTemplates.submit': {
    root: false,
    manager: false,
    moderator: false,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'plans.manage': {
    root: false,
    manager: false,
    moderator: false,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'lessons.manage': {
    root: false,
    manager: false,
    moderator: false,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'diagnosticCards.read': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'diagnosticCards.manage': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'courseTemplates.read': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'courseTemplates.manage': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'courses.manage': {
    root: false,
    manager: false,
    moderator: false,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'stories.read': {
    root: true,
    manager: false,
    moderator: true,
    author: true,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'stories.write': {
    root: true,
    manager: false,
    moderator: true,
    author: true,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'stories.submit': {
    root: false,
    manager: false,
    moderator: false,
    author: true,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'stories.moderate': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'games.read': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'games.manage': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'games.assign': {
    root: false,
    manager: false,
    moderator: false,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'diagnoses.manage': {
    root: false,
    manager: false,
    moderator: false,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'diagnoses.assigned': {
    root: false,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: true,
  },
  'diagnosticians.assign': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: true,
    admin: true,
    diagnostician: true,
  },
  'programs.read': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'programs.manage': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'lessonStatistics.read': {
    root: true,
    manager: true,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'protocolTemplates.moderate': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'assets.read': {
    root: true,
    manager: false,
    moderator: true,
    author: true,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'assets.manage': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'clients.replicate': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: true,
    admin: true,
    diagnostician: true,
  },
  'crm.manage': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'booking.settings': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'families.contacts': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'booking.read': {
    root: true,
    manager: true,
    moderator: false,
    author: false,
    teacher: true,
    admin: true,
    diagnostician: true,
  },
  'booking.manage': {
    root: true,
    manager: true,
    moderator: false,
    author: false,
    teacher: true,
    admin: true,
    diagnostician: true,
  },
  'booking.convert': {
    root: false,
    manager: false,
    moderator: false,
    author: false,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'referrals.manage': {
    root: true,
    manager: true,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'callRequests.manage': {
    root: true,
    manager: true,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'callRequests.agent': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'merch.offers': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'merch.orders': {
    root: true,
    manager: true,
    moderator: false,
    author: false,
    teacher: false,
    admin: true,
    diagnostician: false,
  },
  'tickets.report': {
    root: true,
    manager: true,
    moderator: true,
    author: true,
    teacher: true,
    admin: true,
    diagnostician: true,
  },
  'tickets.manage': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'sharepointTest.run': {
    root: true,
    manager: false,
    moderator: true,
    author: true,
    teacher: true,
    admin: false,
    diagnostician: true,
  },
  'acts.manage': {
    root: true,
    manager: false,
    moderator: true,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'acts.personalData': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'translations.manage': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
  'settings.read': {
    root: true,
    manager: false,
    moderator: false,
    author: false,
    teacher: false,
    admin: false,
    diagnostician: false,
  },
};

describe('the permission table', () => {
  it('lists exactly the actions of this test', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACTIONS].sort());
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ACTIONS].sort());
  });

  it('covers every role of every action', () => {
    for (const action of ACTIONS)
      expect(Object.keys(EXPECTED[action]).sort()).toEqual([...ROLE_NAMES].sort());
  });

  it.each(ACTIONS)('allows %s to exactly the expected roles', (action) => {
    const actual = Object.fromEntries(ROLE_NAMES.map((role) => [role, roleMay(role, action)]));
    expect(actual).toEqual(EXPECTED[action]);
  });

  it('gives each action its scope', () => {
    expect(Object.fromEntries(ACTIONS.map((action) => [action, PERMISSIONS[action].scope]))).toEqual({
      'workspaces.read': 'workspace',
      'auth.loginAsUser': 'global',
      'settings.write': 'global',
      'auditLog.read': 'global',
      'workspaces.manage': 'global',
      'workspaces.archive': 'workspace',
      'users.list': 'workspace',
      'users.manage': 'workspace',
      'users.changeEnvironment': 'global',
      'users.invite': 'workspace',
      'mails.read': 'global',
      'dashboard.read': 'global',
      'clients.manage': 'workspace',
      'categories.read': 'workspace',
      'categories.manage': 'workspace',
      'exercises.read': 'workspace',
      'exercises.author': 'workspace',
      'exercises.moderate': 'workspace',
      'exercises.generate': 'workspace',
      'exercises.autoModeration': 'workspace',
      'exercises.vote': 'workspace',
      'tags.read': 'workspace',
      'tags.manage': 'workspace',
      'themes.read': 'workspace',
      'themes.manage': 'workspace',
      'protocolTemplates.read': 'workspace',
      'protocolTemplates.write': 'workspace',
      'protocolTemplates.submit': 'workspace',
      'plans.manage': 'workspace',
      'lessons.manage': 'workspace',
      'lessonStatistics.read': 'workspace',
      'diagnosticCards.read': 'workspace',
      'diagnosticCards.manage': 'workspace',
      'courseTemplates.read': 'workspace',
      'courseTemplates.manage': 'workspace',
      'courses.manage': 'workspace',
      'stories.read': 'workspace',
      'stories.write': 'workspace',
      'stories.submit': 'workspace',
      'stories.moderate': 'workspace',
      'games.read': 'workspace',
      'games.manage': 'workspace',
      'games.assign': 'workspace',
      'diagnoses.manage': 'workspace',
      'diagnoses.assigned': 'workspace',
      'diagnosticians.assign': 'workspace',
      'programs.read': 'workspace',
      'programs.manage': 'workspace',
      'protocolTemplates.moderate': 'workspace',
      'assets.read': 'global',
      'assets.manage': 'global',
      'clients.replicate': 'workspace',
      'crm.manage': 'workspace',
      'booking.settings': 'workspace',
      'booking.read': 'workspace',
      'booking.manage': 'workspace',
      'booking.convert': 'workspace',
      'referrals.manage': 'workspace',
      'families.contacts': 'workspace',
      'callRequests.manage': 'workspace',
      'callRequests.agent': 'workspace',
      'merch.offers': 'workspace',
      'merch.orders': 'workspace',
      'tickets.report': 'workspace',
      'tickets.manage': 'workspace',
      'sharepointTest.run': 'global',
      'acts.manage': 'workspace',
      'acts.personalData': 'workspace',
      'translations.manage': 'global',
      'settings.read': 'global',
    });
  });

  it('allows a set of roles when one of them may', () => {
    expect(rolesMay([], 'workspaces.read')).toBe(false);
    expect(rolesMay(['admin'], 'workspaces.read')).toBe(true);
    expect(rolesMay(['admin', 'manager'], 'workspaces.read')).toBe(true);
    expect(rolesMay(['manager', 'admin', 'teacher'], 'settings.write')).toBe(false);
    expect(rolesMay(['teacher', 'root'], 'settings.write')).toBe(true);
  });

  it('allows a set of roles exactly when one role may (property)', () => {
    fc.assert(
      fc.property(fc.subarray(ROLE_NAMES), fc.constantFrom(...ACTIONS), (roles, action) => {
        expect(rolesMay(roles, action)).toBe(roles.some((role) => EXPECTED[action][role]));
      }),
    );
  });
});
