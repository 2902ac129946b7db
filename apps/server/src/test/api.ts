import type { RoleName } from '@logoschool/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import { bearer, type Member } from './factories.ts';
import { multipartForm, type FormPart } from './multipart.ts';

/**
 * How a call acts: in which project, as which role, with which token, in which language. Each is the
 * member's own unless said (with no member, none of them), so that a test spells out only what it
 * changes: another project, another role, no token.
 */
export interface Acting {
  /** The project acted in: `:workspaceId` in the path, else `workspace_id` in the query. `null`: none. */
  workspace?: { id: number } | null;
  /** The role acted as (`role_id` in the query). `null`: none. */
  roleId?: number | null;
  /** The bearer token. `null`: none, for "401 without a token". */
  token?: string | null;
  /** Accept-Language; `en` unless said. `null`: none, for the server's default language. */
  lang?: string | null;
}

/** One call's own query and headers, and how it acts when not as the API's defaults say. */
export interface CallOptions extends Acting {
  /** More query parameters, encoded (`page=2&term=x`), after the acting ones. */
  query?: string;
  headers?: Record<string, string>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Response = LightMyRequestResponse;

/** Calls of the API as one member (see `apiAs`). */
export interface Api {
  /** The id of the project the calls act in, unless a call says otherwise (for a body that names it). */
  workspaceId: number | undefined;
  request(
    method: Method,
    url: string,
    payload?: InjectOptions['payload'],
    options?: CallOptions,
  ): Promise<Response>;
  get(url: string, options?: CallOptions): Promise<Response>;
  post(url: string, payload?: InjectOptions['payload'], options?: CallOptions): Promise<Response>;
  put(url: string, payload?: InjectOptions['payload'], options?: CallOptions): Promise<Response>;
  delete(url: string, options?: CallOptions): Promise<Response>;
  /** POST of a multipart form of these parts. */
  upload(url: string, parts: readonly FormPart[], options?: CallOptions): Promise<Response>;
}

/**
 * The URL of a call acting as `acting` says (DESIGN §4: a call in a project names the project and
 * the role): a route that names its project in the path (`/api/workspaces/:workspaceId/…`) gets the
 * id there and only `role_id` in the query, like the server reads it; any other gets `workspace_id`
 * and `role_id` in the query.
 */
export function actingUrl(url: string, acting: Acting & { query?: string }): string {
  let path = url;
  const query: string[] = [];
  if (url.includes(':workspaceId')) {
    if (!acting.workspace) throw new Error(`${url}: no project to put in the path`);
    path = url.replace(':workspaceId', String(acting.workspace.id));
  } else if (acting.workspace) {
    query.push(`workspace_id=${acting.workspace.id}`);
  }
  if (acting.roleId != null) query.push(`role_id=${acting.roleId}`);
  if (acting.query) query.push(acting.query.replace(/^[?&]/, ''));
  if (query.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query.join('&')}`;
}

/**
 * The one way an API test calls the API: as `who` (its token, its project and role in the query,
 * `Accept-Language: en`), with `defaults` changing any of these for every call and each call's
 * options for that call. `who` null: a call of nobody, acting only as the options say.
 *
 *     const api = apiAs(t.app, moderator);
 *     await api.get('/api/workspaces/:workspaceId/tags', { query: 'term=rh' });
 *     await api.post('/api/themes', body, { lang: 'uk' });
 *     await apiAs(t.app, moderator, { token: null }).get('/api/themes'); // 401
 */
export function apiAs(app: App, who: Member | null, defaults: Acting = {}): Api {
  const own: Acting = { workspace: who?.workspace, roleId: who?.roleId, token: who?.token, lang: 'en' };
  const pick = <K extends keyof Acting>(key: K, options: CallOptions): Acting[K] => {
    if (options[key] !== undefined) return options[key];
    return defaults[key] !== undefined ? defaults[key] : own[key];
  };
  const request: Api['request'] = (method, url, payload, options = {}) => {
    const token = pick('token', options);
    const lang = pick('lang', options);
    return app.inject({
      method,
      url: actingUrl(url, {
        workspace: pick('workspace', options),
        roleId: pick('roleId', options),
        query: options.query,
      }),
      headers: {
        ...(lang ? { 'accept-language': lang } : {}),
        ...(token ? bearer(token) : {}),
        ...options.headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
  };
  return {
    workspaceId: (defaults.workspace !== undefined ? defaults.workspace : own.workspace)?.id,
    request,
    get: (url, options) => request('GET', url, undefined, options),
    post: (url, payload, options) => request('POST', url, payload, options),
    put: (url, payload, options) => request('PUT', url, payload, options),
    delete: (url, options) => request('DELETE', url, undefined, options),
    upload: (url, parts, options = {}) => {
      const form = multipartForm(parts);
      return request('POST', url, form.payload, {
        ...options,
        headers: { ...form.headers, ...options.headers },
      });
    },
  };
}

/**
 * Calls with only a bearer token (`null`: none) and no Accept-Language (the server's default
 * language) unless a call says: for routes outside a project (sign-in, profile, storage, the log).
 */
export const apiWithToken = (app: App, token: string | null) => apiAs(app, null, { token, lang: null });

/** Every role a member may act as: the rows of a route's "as the permission table says" test. */
export const EVERY_ROLE = [
  'root',
  'moderator',
  'manager',
  'admin',
  'author',
  'teacher',
  'diagnostician',
] as const satisfies readonly RoleName[];

/** A call let through (below 300) when `allowed`, else refused: 403 `forbidden`. */
export function expectAllowed(response: Response, allowed: boolean) {
  if (allowed) {
    expect(response.statusCode, response.body).toBeLessThan(300);
  } else {
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  }
}
