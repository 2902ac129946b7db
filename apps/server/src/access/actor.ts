import { rolesInWorkspace, type Language, type RoleName, type User } from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/authenticate.ts';
import { AppError } from '../errors/app-error.ts';

/** Who calls: the signed-in user, where from and in which language. */
export interface SignedIn {
  user: User;
  userId: number;
  name: string;
  ip: string;
  lang: Language;
}

/**
 * Who acts in a project: the signed-in user, the project and the role the route's permission let
 * the request act in (DESIGN §4), and every role held there (what grants are judged by). The one
 * shape every project service takes.
 */
export interface Actor extends SignedIn {
  workspaceId: number;
  role: RoleName;
  heldRoles: RoleName[];
}

/** The signed-in caller of a route whose permission is `signed-in` or an action. */
export function signedInOf(request: FastifyRequest): SignedIn {
  const { user } = requireAuth(request);
  return { user, userId: user.id, name: user.name, ip: request.ip, lang: request.lang };
}

/**
 * The actor of a route whose permission is a project action: 403 when the route let the request act
 * in no project (a route that names no project action has no actor).
 */
export function actingOf(request: FastifyRequest): Actor {
  const signedIn = signedInOf(request);
  if (!request.acting) throw new AppError('forbidden');
  const { workspaceId, role } = request.acting;
  return { ...signedIn, workspaceId, role, heldRoles: rolesInWorkspace(signedIn.user, workspaceId) };
}

/**
 * What most project services read of the actor. A route passes its whole `Actor`; an internal
 * caller (a seed, a job) makes one of these.
 */
export type ProjectActor = Pick<Actor, 'userId' | 'workspaceId' | 'role' | 'lang'>;
