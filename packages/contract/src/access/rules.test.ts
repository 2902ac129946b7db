import { describe, expect, it } from 'vitest';
import { mayUseEnvironment, refusesSignIn, selfChangeRefused, showsWorkspaceSwitcher } from './rules.ts';
import type { RoleName } from './roles.ts';

const projects = (...roles: RoleName[][]) => roles.map((held) => ({ roles: held }));
const assignment = (envId: number, isActive = true, archived = false) => ({
  workspaceId: envId,
  workspaceTitle: 'School',
  env_id: envId,
  roles: ['teacher' as const],
  isActive,
  archived,
});

describe('showsWorkspaceSwitcher (spec §2)', () => {
  it.each([
    ['two projects, one as author', false, projects(['teacher'], ['author']), true],
    ['two projects as teacher only', false, projects(['teacher'], ['diagnostician']), false],
    ['one project as moderator', false, projects(['moderator']), false],
    ['two projects as manager', false, projects(['manager'], ['manager']), true],
    ['root, whatever the projects', true, projects(['moderator'], ['author']), false],
  ] as const)('%s → %s', (_name, isRoot, held, expected) => {
    expect(showsWorkspaceSwitcher({ is_root: isRoot }, held)).toBe(expected);
  });
});

describe('mayUseEnvironment', () => {
  const user = {
    is_root: false,
    env_id: 1,
    assignments: [assignment(2), assignment(3, false), assignment(4, true, true)],
  };
  it.each([
    [1, true, 'their own'],
    [2, true, 'an active project’s'],
    [3, false, 'a project that deactivated them'],
    [4, false, 'an archived project’s'],
    [5, false, 'a stranger’s'],
  ])('environment %i → %s (%s)', (envId, expected) => {
    expect(mayUseEnvironment(user, envId)).toBe(expected);
  });
  it('lets root name any', () => {
    expect(mayUseEnvironment({ ...user, is_root: true }, 99)).toBe(true);
  });
});

describe('refusesSignIn (spec §4, §6)', () => {
  // Only the account's own switch refuses sign-in. A member deactivated in every project signs in
  // and sees the no-projects notice: their assignments give no role (rolesInWorkspace), so nothing
  // there opens to them.
  it.each([
    ['a deactivated account', { is_active: false, is_root: false, assignments: [assignment(1)] }, true],
    ['a deactivated root account', { is_active: false, is_root: true, assignments: [] }, true],
    [
      'deactivated in every project',
      { is_active: true, is_root: false, assignments: [assignment(1, false), assignment(2, false)] },
      false,
    ],
    [
      'active in one of two',
      { is_active: true, is_root: false, assignments: [assignment(1, false), assignment(2)] },
      false,
    ],
    ['no projects at all', { is_active: true, is_root: false, assignments: [] }, false],
    ['root', { is_active: true, is_root: true, assignments: [assignment(1, false)] }, false],
  ])('%s → %s', (_name, user, expected) => {
    expect(refusesSignIn(user)).toBe(expected);
  });
});

describe('selfChangeRefused (spec §6)', () => {
  const admin = { isActive: true, roles: ['admin', 'teacher'] as RoleName[] };
  it.each([
    ['deactivating oneself', true, { ...admin, isActive: false }, 'cannotDeactivateSelf'],
    [
      'dropping one’s own admin role',
      true,
      { ...admin, roles: ['teacher'] as RoleName[] },
      'cannotRemoveOwnAdmin',
    ],
    ['changing one’s other roles', true, { ...admin, roles: ['admin'] as RoleName[] }, null],
    ['doing either to someone else', false, { isActive: false, roles: [] as RoleName[] }, null],
  ] as const)('%s → %s', (_name, self, next, expected) => {
    expect(selfChangeRefused(self, admin, next)).toBe(expected);
  });
});
