import {
  PERMISSIONS,
  roleMay,
  rolesMay,
  isRoleId,
  roleName,
  rolesInWorkspace,
  selectedRole,
  type Action,
  type RoleName,
  type User,
} from '@logoschool/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { requireAuth } from '../auth/authenticate.ts';
import { workspaces } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { fieldMessage } from '../errors/validation.ts';

/** A preValidation hook that authorizes one action; it names the action for `routeActions`. */
export type AuthorizeHook = ((request: FastifyRequest) => Promise<void>) & { action: Action };

/** The project and role a request acts in, once authorized. */
export interface Acting {
  workspaceId: number;
  role: RoleName;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authorize` for project actions. */
    acting: Acting | null;
  }
  interface FastifyInstance {
    /**
     * preValidation hook, after `authenticate`: the caller may do `action` (403 otherwise); see
     * DESIGN §4. It runs before the body is validated or a form is read (decision 008).
     */
    authorize(action: Action): AuthorizeHook;
    /** The action each route authorizes, by `METHOD /path` (the matrix test reads it). */
    routeActions: Map<string, Action>;
  }
}

/** The roles a user holds in any project: what global actions are judged by. */
export function globalRoles(user: User): RoleName[] {
  const roles = new Set<RoleName>();
  for (const assignment of user.assignments) {
    for (const role of rolesInWorkspace(user, assignment.workspaceId)) roles.add(role);
  }
  if (user.is_root && user.is_active) roles.add('root');
  return [...roles];
}

/** Throws 403 unless the user's roles anywhere allow a global action. */
export function assertMayGlobally(user: User, action: Action): void {
  if (!rolesMay(globalRoles(user), action)) throw new AppError('forbidden');
}

function numberField(source: unknown, name: string): number | undefined {
  if (source === null || typeof source !== 'object') return undefined;
  const value = (source as Record<string, unknown>)[name];
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * The project a request names: the `:workspaceId` path parameter, else `workspace_id` in the query,
 * else in the body. `fromPath` tells which, because a path names an object (404 when unseen) and a
 * query names the caller's choice (403 when not held).
 */
function namedWorkspace(request: FastifyRequest) {
  const fromPath = numberField(request.params, 'workspaceId');
  if (fromPath !== undefined) return { workspaceId: fromPath, fromPath: true };
  const named = numberField(request.query, 'workspace_id') ?? numberField(request.body, 'workspace_id');
  return named === undefined ? null : { workspaceId: named, fromPath: false };
}

function namedRole(request: FastifyRequest): number | undefined {
  return numberField(request.query, 'role_id') ?? numberField(request.body, 'role_id');
}

function isAuthorizeHook(hook: unknown): hook is AuthorizeHook {
  return typeof hook === 'function' && typeof (hook as Partial<AuthorizeHook>).action === 'string';
}

export const authorizePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('acting', null);
  app.decorate('routeActions', new Map<string, Action>());
  app.addHook('onRoute', (route) => {
    const hooks = [route.preValidation, route.preHandler].flat();
    const hook = hooks.find(isAuthorizeHook);
    if (!hook) return;
    for (const method of [route.method].flat()) app.routeActions.set(`${method} ${route.url}`, hook.action);
  });

  async function workspaceExists(id: number) {
    const [row] = await app.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, id));
    return row !== undefined;
  }

  app.decorate('authorize', (action: Action) => {
    const permission = PERMISSIONS[action];
    const hook = async (request: FastifyRequest) => {
      const { user } = requireAuth(request);
      if (permission.scope === 'global') return assertMayGlobally(user, action);
      const named = namedWorkspace(request);
      if (!named) {
        throw new AppError(
          'validation_failed',
          {},
          { workspace_id: [fieldMessage(request.lang, 'required')] },
        );
      }
      const held = rolesInWorkspace(user, named.workspaceId);
      // Root holds root in every project that exists; others only where assigned.
      const visible = held.length > 0 && (!user.is_root || (await workspaceExists(named.workspaceId)));
      if (!visible) throw new AppError(named.fromPath ? 'not_found' : 'role_not_held');
      const roleId = namedRole(request);
      if (roleId !== undefined && !isRoleId(roleId)) {
        throw new AppError('validation_failed', {}, { role_id: [fieldMessage(request.lang, 'invalid')] });
      }
      const role = roleId === undefined ? selectedRole(user, named.workspaceId) : roleName(roleId);
      if (!role || !held.includes(role)) throw new AppError('role_not_held');
      if (!roleMay(role, action)) throw new AppError('forbidden');
      request.acting = { workspaceId: named.workspaceId, role };
    };
    return Object.assign(hook, { action });
  });
});
