import { roleMay } from './permissions.ts';
import type { RoleName } from './roles.ts';

/**
 * The record rules of copying a student (spec §7 /replicate-client), read from the permission
 * table, never from a role's name.
 */

/**
 * Which students of a project a role may copy: `any` (those who manage the project's CRM access:
 * root and admins), `own` (a teacher her own students), or null when the role may copy none.
 */
export function replicateScope(role: RoleName): 'any' | 'own' | null {
  if (!roleMay(role, 'clients.replicate')) return null;
  return roleMay(role, 'crm.manage') ? 'any' : 'own';
}

/**
 * Whose students the held roles may assign to diagnosticians (issue 16): `any` student of the
 * project when one of them manages the project's CRM access (root, admins), else a teacher her
 * `own`; null when none may assign.
 */
export function diagnosticianAssignScope(roles: readonly RoleName[]): 'any' | 'own' | null {
  if (!roles.some((role) => roleMay(role, 'diagnosticians.assign'))) return null;
  return roles.some((role) => roleMay(role, 'crm.manage')) ? 'any' : 'own';
}

/**
 * Whether a caller holding `roles` in another project may copy a student into it: only where one
 * of them may copy students as well.
 */
export function mayReplicateInto(roles: readonly RoleName[]): boolean {
  return roles.some((role) => roleMay(role, 'clients.replicate'));
}
