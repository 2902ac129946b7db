/**
 * Roles are per project (workspace) and come from assignments (spec §6, DESIGN §4).
 * The numeric ids are part of the API: clients send them as `role_id`.
 */
export const ROLE = {
  root: 1,
  manager: 2,
  moderator: 3,
  author: 4,
  teacher: 5,
  admin: 6,
  diagnostician: 7,
} as const;

export type RoleName = keyof typeof ROLE;
export type RoleId = (typeof ROLE)[RoleName];

export const ROLE_NAMES = Object.keys(ROLE) as RoleName[];

/** The roles an administrator can give in a project: any but root (a root user holds only root). */
export const ASSIGNABLE_ROLES: readonly RoleName[] = ROLE_NAMES.filter((role) => role !== 'root');
export const ROLE_IDS = Object.values(ROLE) as RoleId[];

const NAME_BY_ID = new Map<number, RoleName>(ROLE_NAMES.map((name) => [ROLE[name], name]));

/** The role's name for an id, or undefined for an id that is not a role. */
export function roleName(id: number): RoleName | undefined {
  return NAME_BY_ID.get(id);
}

/** Whether a role name is one that can be selected. */
export function isRankedRole(role: string): role is RankedRole {
  return (ROLE_RANKING as readonly string[]).includes(role);
}

/** Whether a number is one of the role ids. */
export function isRoleId(id: number): id is RoleId {
  return NAME_BY_ID.has(id);
}

/**
 * The roles a user can act as, from the highest. Each has its own screens (spec §2); the selected
 * role is the highest of these that the user holds in the chosen project.
 */
export const ROLE_RANKING = ['root', 'manager', 'moderator', 'author', 'teacher'] as const;

/** A role that can be the selected one, with screens of its own. */
export type RankedRole = (typeof ROLE_RANKING)[number];

/**
 * Admin is a manager with user and project administration rights, diagnostician a teacher with the
 * diagnostician screens (DESIGN §4): holding one of them also grants the base role.
 */
export const ROLE_BASE: Partial<Record<RoleName, RoleName>> = {
  admin: 'manager',
  diagnostician: 'teacher',
};

/** The held roles plus the base roles they imply, without duplicates, in id order. */
export function effectiveRoles(roles: readonly RoleName[]): RoleName[] {
  const all = new Set<RoleName>();
  for (const role of roles) {
    all.add(role);
    const base = ROLE_BASE[role];
    if (base) all.add(base);
  }
  return ROLE_NAMES.filter((name) => all.has(name));
}

/** The smallest view of an assignment that the role rules need. */
export interface AssignmentRoles {
  workspaceId: number;
  roles: readonly RoleName[];
  isActive: boolean;
  archived: boolean;
}

/** The smallest view of a user that the role rules need. */
export interface RoleSubject {
  is_root: boolean;
  is_active: boolean;
  assignments: readonly AssignmentRoles[];
}

/**
 * The roles a user holds in a project, base roles included (spec §6): root holds only root in every
 * project; an inactive user holds none; only active, non-archived assignments count.
 */
export function rolesInWorkspace(user: RoleSubject, workspaceId: number): RoleName[] {
  if (!user.is_active) return [];
  if (user.is_root) return ['root'];
  const assignment = user.assignments.find((a) => a.workspaceId === workspaceId);
  if (!assignment || !assignment.isActive || assignment.archived) return [];
  return effectiveRoles(assignment.roles.filter((role) => role !== 'root'));
}

/** The selected role in a project: the highest-ranking one held there, or null when none is. */
export function selectedRole(user: RoleSubject, workspaceId: number): RankedRole | null {
  const held = rolesInWorkspace(user, workspaceId);
  return ROLE_RANKING.find((role) => held.includes(role)) ?? null;
}

/** The projects where the user holds at least one role: what the project switcher offers. */
export function availableWorkspaceIds(user: RoleSubject): number[] {
  return user.assignments
    .filter((a) => rolesInWorkspace(user, a.workspaceId).length > 0)
    .map((a) => a.workspaceId);
}
