import type { RoleName } from './roles.ts';

/** Roles whose holders get the project switcher (spec §2). */
const SWITCHER_ROLES: readonly RoleName[] = ['moderator', 'author', 'root', 'manager'];

/**
 * Whether the header shows the project switcher (spec §2): only to a non-root user with more than
 * one project, at least one of them granting moderator, author, root or manager. `projects` are the
 * assignments the user may switch between.
 */
export function showsWorkspaceSwitcher(
  user: { is_root: boolean },
  projects: readonly { roles: readonly RoleName[] }[],
): boolean {
  if (user.is_root || projects.length < 2) return false;
  return projects.some((project) => project.roles.some((role) => SWITCHER_ROLES.includes(role)));
}

/** What the rules below read of a user's project assignment. */
interface AssignmentFacts {
  env_id: number;
  isActive: boolean;
  archived: boolean;
}

/**
 * Whether a user may name an environment (X-Env-Id): their own, one of a project where they are an
 * active member, or any for root.
 */
export function mayUseEnvironment(
  user: { is_root: boolean; env_id: number; assignments: readonly AssignmentFacts[] },
  envId: number,
): boolean {
  if (user.is_root || user.env_id === envId) return true;
  return user.assignments.some((a) => a.env_id === envId && a.isActive && !a.archived);
}

/**
 * Whether a user may not sign in (spec §4, §6): only a deactivated account. Deactivation in a
 * project is an assignment's, and an inactive assignment only gives no role there
 * (`rolesInWorkspace`): a member deactivated in every project still signs in, sees the no-projects
 * notice, and is refused (403) in those projects, like a user without projects.
 */
export function refusesSignIn(user: { is_active: boolean }): boolean {
  return !user.is_active;
}

/** A member's assignment before and after a change: active, and the roles held. */
export interface AssignmentState {
  isActive: boolean;
  roles: readonly RoleName[];
}

/**
 * What an administrator may not do to their own assignment, so that a project cannot lose its last
 * administrator by accident (spec §6): deactivate themselves, or drop their own admin role. Null
 * when the change is allowed (anyone else's assignment is judged by the grant rules instead).
 */
export function selfChangeRefused(
  self: boolean,
  current: AssignmentState,
  next: AssignmentState,
): 'cannotDeactivateSelf' | 'cannotRemoveOwnAdmin' | null {
  if (!self) return null;
  if (current.isActive && !next.isActive) return 'cannotDeactivateSelf';
  if (current.roles.includes('admin') && !next.roles.includes('admin')) return 'cannotRemoveOwnAdmin';
  return null;
}
