/*
 * What the black-box probes of the API (the OpenAPI fuzz and the authorization matrix) share: the
 * operations read from the OpenAPI document (here), a project with one object of every kind a path
 * or a body can name (`probe-project.ts`), what each path parameter and body field names and a
 * sampler that builds a valid value from a schema (`probe-values.ts`). One copy, so that a new
 * route, parameter or field is taught to both probes at once, and neither can drift into sending
 * requests the other would not.
 */
import { PERMISSIONS, type Action } from '@logoschool/contract';
import type { App } from '../app.ts';

/** The part of JSON Schema that the OpenAPI document uses for parameters and bodies. */
export interface Schema {
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  nullable?: boolean;
}

/** A path, query or header parameter of an operation. */
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}

/** One operation of the API: a method on a path, with what it takes. */
export interface Operation {
  /** `METHOD /api/path/:param`, as `app.routeActions` keys it. */
  key: string;
  method: string;
  /** The path with Fastify's `:param` placeholders (the document writes `{param}`). */
  url: string;
  /** The action the route authorizes; none for public, signed-in-only and CRM operations. */
  action: Action | undefined;
  /** Whether the school's CRM calls it with its project's token (`config: { crm: true }`). */
  crm: boolean;
  pathParams: string[];
  query: Parameter[];
  headers: Parameter[];
  /** The JSON body schema, if the operation takes JSON. */
  json: Schema | null;
  /** The form schema, if the operation takes multipart/form-data. */
  form: Schema | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

/** The operations of the API and the resolver of the `$ref`s their schemas hold. */
export interface Inventory {
  operations: Operation[];
  /** The schema a `$ref` points at (recursive schemas such as JsonValue are named, so refs stay lazy). */
  resolve: (schema: Schema) => Schema;
}

/**
 * Every operation under /api that the OpenAPI document lists, read from the document rather than
 * from a hand-kept list, so that a new route is probed the day it is added. The docs' own routes
 * and the HEAD twins Fastify adds to every GET are left out.
 */
export function readInventory(app: App): Inventory {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [oasPath, methods] of Object.entries(doc.paths)) {
    const url = oasPath.replace(/\{(\w+)\}/g, ':$1');
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) continue;
    for (const [lower, spec] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      if (method === 'HEAD') continue;
      const key = `${method} ${url}`;
      const parameters = spec.parameters ?? [];
      const content = spec.requestBody?.content ?? {};
      operations.push({
        key,
        method,
        url,
        action: app.routeActions.get(key),
        crm: app.crmRoutes.has(key),
        pathParams: [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''),
        query: parameters.filter((parameter) => parameter.in === 'query'),
        headers: parameters.filter((parameter) => parameter.in === 'header'),
        json: content['application/json']?.schema ?? null,
        form: content['multipart/form-data']?.schema ?? null,
      });
    }
  }
  const resolve = (schema: Schema): Schema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(doc.components?.schemas?.[name] ?? {});
  };
  return { operations, resolve };
}

/** The action of an operation when it acts in a project (and so names one in its query or path). */
export const projectAction = (op: Operation): Action | null =>
  op.action !== undefined && PERMISSIONS[op.action].scope === 'workspace' ? op.action : null;
