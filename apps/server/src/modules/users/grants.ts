import {
  ungrantableRoles,
  untouchableRoles,
  type GrantTarget,
  type Language,
  type RoleName,
} from '@logoschool/contract';
import { AppError } from '../../errors/app-error.ts';
import { roleList } from '../../i18n/index.ts';

/** Who gives or changes roles: every role they hold in the project, and the request's language. */
export interface Granter {
  heldRoles: readonly RoleName[];
  lang: Language;
}

const notGrantable = (lang: Language, roles: readonly RoleName[]) =>
  new AppError('role_not_grantable', { roles: roleList(lang, roles) });

/**
 * 403 role_not_grantable, naming the roles the granter may not grant (contract `GRANTS`). Called
 * before anything is read about the person, so that the answer tells nothing about them.
 */
export function assertMayGrant(granter: Granter, roles: readonly RoleName[]): void {
  const refused = ungrantableRoles(granter.heldRoles, roles);
  if (refused.length > 0) throw notGrantable(granter.lang, refused);
}

/**
 * 403 role_not_grantable unless the granter may change this member's assignment: never a root
 * user's (but by root), never one holding a role the granter could not grant.
 */
export function assertMayManage(granter: Granter, target: GrantTarget): void {
  const refused = untouchableRoles(granter.heldRoles, target);
  if (refused.length > 0) throw notGrantable(granter.lang, refused);
}
