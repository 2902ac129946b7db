import { rolesMay, type Action } from './permissions.ts';
import { rolesInWorkspace, type RoleSubject } from './roles.ts';

/**
 * Whether the user may do `action` in a project: the grant every "share with projects" feature
 * needs in each project a share names (STYLE "Grants and shares"). Root holds root everywhere, so
 * the caller still checks that the project exists: an unknown id and a foreign one are the same 404.
 */
export function mayInProject(user: RoleSubject, workspaceId: number, action: Action): boolean {
  return rolesMay(rolesInWorkspace(user, workspaceId), action);
}

/**
 * The new set of shares when an actor asks for `requested`: the owner is implicit and dropped;
 * every project added or removed must be one the actor may share in (`refused` lists those that
 * are not); shares in projects beyond the actor's reach stay as they are, unseen by it.
 */
export function nextShares(
  user: RoleSubject,
  action: Action,
  owner: number,
  current: readonly number[],
  requested: readonly number[],
): { shares: number[]; refused: number[] } {
  const may = (id: number) => mayInProject(user, id, action);
  const wanted = new Set(requested.filter((id) => id !== owner));
  const changed = [...wanted].filter((id) => !current.includes(id));
  const refused = changed.filter((id) => !may(id));
  const kept = current.filter((id) => !may(id));
  const shares = [...new Set([...kept, ...wanted])].sort((a, b) => a - b);
  return { shares, refused };
}

/** The shares a viewer is shown: only projects it belongs to (their ids name nothing else to it). */
export function visibleShares(user: RoleSubject, shares: readonly number[]): number[] {
  return shares.filter((id) => rolesInWorkspace(user, id).length > 0);
}
