import { ASSIGNABLE_ROLES, ROLE_NAMES, type RoleName } from './roles.ts';

/** The roles below manager: what a manager may hand out. */
const BELOW_MANAGER: readonly RoleName[] = ['moderator', 'author', 'teacher', 'diagnostician'];

/**
 * Who may grant which roles in a project (STYLE: grants go through the access module). Root and
 * admin grant every assignable role, admin included; a manager only the roles below manager; the
 * other roles grant nothing. Nobody grants root through a project: it is a flag of the user.
 *
 * The same table says whose assignment an actor may change (`mayManageMember`): only someone whose
 * every role the actor could have granted. So an admin manages other admins, as organisation
 * owners do on GitHub and super admins on Google Workspace (the audit log keeps who did it, and an
 * admin cannot drop their own admin role, so a project keeps one); a manager never touches a
 * manager or an admin.
 */
export const GRANTS: Readonly<Record<RoleName, readonly RoleName[]>> = {
  root: ASSIGNABLE_ROLES,
  admin: ASSIGNABLE_ROLES,
  manager: BELOW_MANAGER,
  moderator: [],
  author: [],
  teacher: [],
  diagnostician: [],
};

/**
 * The roles someone holding `granterRoles` in a project may grant there, in id order. Pass every
 * role held in the project (as `rolesInWorkspace` gives them), not only the one acted as: an admin
 * acting as manager is still an admin.
 */
export function grantableRoles(granterRoles: readonly RoleName[]): RoleName[] {
  const grantable = new Set(granterRoles.flatMap((role) => GRANTS[role]));
  return ROLE_NAMES.filter((role) => grantable.has(role));
}

/** The roles of `roles` that `granterRoles` may not grant, each once, in id order. */
export function ungrantableRoles(granterRoles: readonly RoleName[], roles: readonly RoleName[]): RoleName[] {
  const grantable = grantableRoles(granterRoles);
  return ROLE_NAMES.filter((role) => roles.includes(role) && !grantable.includes(role));
}

/** Whether `granterRoles` may grant every one of `roles`. */
export function mayGrant(granterRoles: readonly RoleName[], roles: readonly RoleName[]): boolean {
  return ungrantableRoles(granterRoles, roles).length === 0;
}

/** The member whose assignment would change: whether they are root, and the roles they hold. */
export interface GrantTarget {
  isRoot: boolean;
  roles: readonly RoleName[];
}

/**
 * What keeps an actor from changing (roles, activation) a member's assignment: `['root']` for a
 * root user, else the member's roles the actor may not grant. Empty when the actor may; root may
 * change anyone.
 */
export function untouchableRoles(actorRoles: readonly RoleName[], target: GrantTarget): RoleName[] {
  if (actorRoles.includes('root')) return [];
  if (target.isRoot) return ['root'];
  return ungrantableRoles(actorRoles, target.roles);
}

/** Whether an actor may change a member's roles or (de)activate them (see `untouchableRoles`). */
export function mayManageMember(actorRoles: readonly RoleName[], target: GrantTarget): boolean {
  return untouchableRoles(actorRoles, target).length === 0;
}
