import {
  PERMISSIONS,
  errorBody,
  idParam,
  roleMay,
  rolesMay,
  isRoleId,
  roleName,
  rolesInWorkspace,
  selectedRole,
  type Action,
  type Language,
  type RoleName,
  type User,
} from '@logoschool/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { requireAuth } from '../auth/authenticate.ts';
import { workspaces } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { fieldMessage } from '../errors/validation.ts';

/** The project and role a request acts in, once authorized. */
export interface Acting {
  workspaceId: number;
  role: RoleName;
}

/** What a route needs of its caller: an action of the permission table, or only a sign-in. */
export type RoutePermission = Action | 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's permission; the one thing a route says about access. An `onRoute` hook puts
     * `app.authenticate` (and `app.authorize(action)`) first in its preValidation, and adds the
     * OpenAPI security entry and the common error answers (decision 008).
     */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    /** Set by `app.authorize` for project actions. */
    acting: Acting | null;
  }
  interface FastifyInstance {
    /**
     * preValidation hook, after `authenticate`: the caller may do `action` (403 otherwise); see
     * DESIGN §4. It runs before the body is validated or a form is read (decision 008).
     */
    authorize(action: Action): (request: FastifyRequest) => Promise<void>;
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

/** A field that is absent, one that names no id (422 or 404 by where it is), or an id. */
type Named = { kind: 'absent' } | { kind: 'invalid' } | { kind: 'id'; id: number };

/**
 * An id field of the raw, not yet validated input (authorization runs before validation, decision
 * 008): a positive integer the database can hold, given as a number or as text.
 */
function idField(source: unknown, name: string): Named {
  if (source === null || typeof source !== 'object') return { kind: 'absent' };
  const value = (source as Record<string, unknown>)[name];
  if (value === undefined) return { kind: 'absent' };
  if (typeof value !== 'number' && typeof value !== 'string') return { kind: 'invalid' };
  const parsed = idParam.safeParse(value);
  return parsed.success ? { kind: 'id', id: parsed.data } : { kind: 'invalid' };
}

/** The first of the fields that is present. */
const firstPresent = (...fields: Named[]): Named =>
  fields.find((field) => field.kind !== 'absent') ?? { kind: 'absent' };

/**
 * The project a request names: the `:workspaceId` path parameter, else `workspace_id` in the query,
 * else in the body. `fromPath` tells which, because a path names an object (404 when unseen or not
 * an id) and a query names the caller's choice (403 when not held, 422 when not an id).
 */
function namedWorkspace(request: FastifyRequest, lang: Language): { workspaceId: number; fromPath: boolean } {
  const path = idField(request.params, 'workspaceId');
  if (path.kind === 'id') return { workspaceId: path.id, fromPath: true };
  if (path.kind === 'invalid') throw notFound();
  const named = firstPresent(idField(request.query, 'workspace_id'), idField(request.body, 'workspace_id'));
  if (named.kind === 'id') return { workspaceId: named.id, fromPath: false };
  const problem = named.kind === 'absent' ? 'required' : 'invalid';
  throw new AppError('validation_failed', {}, { workspace_id: [fieldMessage(lang, problem)] });
}

/** The role a request names to act as, if any (422 when it names none of the roles). */
function namedRole(request: FastifyRequest, lang: Language): number | undefined {
  const named = firstPresent(idField(request.query, 'role_id'), idField(request.body, 'role_id'));
  if (named.kind === 'absent') return undefined;
  if (named.kind === 'id' && isRoleId(named.id)) return named.id;
  throw new AppError('validation_failed', {}, { role_id: [fieldMessage(lang, 'invalid')] });
}

export const authorizePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('acting', null);
  app.decorate('routeActions', new Map<string, Action>());
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) return;
    const own = route.preValidation === undefined ? [] : [route.preValidation].flat();
    const guards =
      permission === 'signed-in' ? [app.authenticate] : [app.authenticate, app.authorize(permission)];
    route.preValidation = [...guards, ...own];
    const schema = (route.schema ??= {});
    schema.security = [{ bearer: [] }];
    // Any signed-in route may answer these; a route lists its own others (404, 409, 413…).
    schema.response = {
      400: errorBody,
      401: errorBody,
      403: errorBody,
      422: errorBody,
      429: errorBody,
      ...(schema.response ?? {}),
    };
    if (permission === 'signed-in') return;
    for (const method of [route.method].flat()) app.routeActions.set(`${method} ${route.url}`, permission);
  });

  async function workspaceExists(id: number) {
    const [row] = await app.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, id));
    return row !== undefined;
  }

  app.decorate('authorize', (action: Action) => {
    const permission = PERMISSIONS[action];
    return async (request: FastifyRequest) => {
      const { user } = requireAuth(request);
      if (permission.scope === 'global') return assertMayGlobally(user, action);
      const named = namedWorkspace(request, request.lang);
      const held = rolesInWorkspace(user, named.workspaceId);
      // Root holds root in every project that exists; others only where assigned.
      const visible = held.length > 0 && (!user.is_root || (await workspaceExists(named.workspaceId)));
      if (!visible) throw new AppError(named.fromPath ? 'not_found' : 'role_not_held');
      const roleId = namedRole(request, request.lang);
      const role = roleId === undefined ? selectedRole(user, named.workspaceId) : roleName(roleId);
      if (!role || !held.includes(role)) throw new AppError('role_not_held');
      if (!roleMay(role, action)) throw new AppError('forbidden');
      request.acting = { workspaceId: named.workspaceId, role };
    };
  });
});
