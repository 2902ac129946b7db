import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RoleName } from './roles.ts';
import { mayInProject, nextShares, visibleShares } from './shares.ts';

const member = (assignments: Record<number, readonly RoleName[]>, isRoot = false) => ({
  is_root: isRoot,
  is_active: true,
  assignments: Object.entries(assignments).map(([id, roles]) => ({
    workspaceId: Number(id),
    roles,
    isActive: true,
    archived: false,
  })),
});

describe('mayInProject', () => {
  it.each([
    [{ 1: ['moderator'] }, 1, true],
    [{ 1: ['moderator'] }, 2, false],
    [{ 1: ['teacher'] }, 1, false],
    [{ 1: ['author', 'moderator'] }, 1, true],
  ] as const)('%j in project %i: %s', (assignments, project, expected) => {
    expect(mayInProject(member(assignments), project, 'themes.manage')).toBe(expected);
  });

  it('lets root act in any project, and nobody inactive', () => {
    expect(mayInProject(member({}, true), 99, 'themes.manage')).toBe(true);
    expect(mayInProject({ ...member({ 1: ['moderator'] }), is_active: false }, 1, 'themes.manage')).toBe(
      false,
    );
  });
});

describe('nextShares', () => {
  const moderatorOf12 = member({ 1: ['moderator'], 2: ['moderator'], 3: ['teacher'] });

  it('drops the owner and takes projects the actor moderates', () => {
    expect(nextShares(moderatorOf12, 'themes.manage', 1, [], [1, 2])).toEqual({ shares: [2], refused: [] });
  });

  it('refuses a project where the actor holds no sharing role, or none at all', () => {
    expect(nextShares(moderatorOf12, 'themes.manage', 1, [], [2, 3, 4]).refused).toEqual([3, 4]);
  });

  it('keeps shares beyond the actor’s reach, whatever it asks', () => {
    expect(nextShares(moderatorOf12, 'themes.manage', 1, [2, 4], [])).toEqual({ shares: [4], refused: [] });
  });

  it('never adds a project the actor may not share in, nor removes one (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 2, max: 8 })),
        fc.array(fc.integer({ min: 1, max: 8 })),
        fc.dictionary(
          fc.integer({ min: 1, max: 8 }).map(String),
          fc.subarray(['moderator', 'teacher', 'author'] as RoleName[]),
        ),
        (current, requested, roles) => {
          const actor = member(roles as Record<number, RoleName[]>);
          const { shares, refused } = nextShares(actor, 'themes.manage', 1, current, requested);
          const may = (id: number) => mayInProject(actor, id, 'themes.manage');
          for (const id of shares)
            if (!current.includes(id)) expect(may(id) || refused.length > 0).toBe(true);
          for (const id of current) if (!may(id)) expect(shares).toContain(id);
          expect(shares).not.toContain(1);
          for (const id of refused) expect(may(id)).toBe(false);
        },
      ),
    );
  });
});

describe('visibleShares', () => {
  it('shows only projects the viewer belongs to; root sees all', () => {
    expect(visibleShares(member({ 2: ['teacher'] }), [2, 3])).toEqual([2]);
    expect(visibleShares(member({}, true), [2, 3])).toEqual([2, 3]);
  });
});
