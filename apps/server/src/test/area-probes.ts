/**
 * What each area adds to the API probes' project (the authorization matrix and the fuzz tests,
 * `openapi.ts`): a module keeps it in `modules/<area>/<area>.probe.ts`, found here by name, so that
 * a new area's objects and the names that point at them live in its own folder (decision 031).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from './probe-project.ts';

/** What an area's builders get: the project so far, and a call as one of its members. */
export interface ProbeBuild {
  /** Part of every name in the project, so that an answer showing any of it can be caught. */
  marker: string;
  workspaceId: number;
  /** The ids of the objects built so far (the shared kinds, then the areas' before this one). */
  built: Readonly<Record<string, number>>;
  /**
   * A call as the project's member of `role`, acting in the project; `headers` for a body that is no
   * JSON (a multipart form's content type).
   */
  call(
    role: StaffRole,
    method: InjectOptions['method'],
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export interface AreaProbe {
  /** The kinds of object the area makes in every probe project, each made through the API. */
  objects: Record<string, (build: ProbeBuild) => Promise<number>>;
  /** Path parameters (`widgetId`) → the kind of object they name. */
  pathParams?: Record<string, string>;
  /** Body fields and query parameters (`widget_id`) → the kind of object they name. */
  bodyFields?: Record<string, string>;
  /** The area's operations anyone may call (`GET /api/…/:token`), each with why: its public links' reads. */
  publicOperations?: Record<string, string>;
  /**
   * The URL prefixes of the area's own routes (`/api/game`): when given, its `pathParams` and
   * `bodyFields` name objects on those routes only, before any shared meaning of the same name
   * (another area's `:fileId`, the project's `theme_id`), and nowhere else. There a name may also
   * be `'global'`: it names something of no project (a library asset).
   */
  routes?: readonly string[];
}

const MODULES = path.resolve(import.meta.dirname, '../modules');

/** Every module's probe, in the modules' folder order. */
async function loadProbes(): Promise<AreaProbe[]> {
  const files = fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(MODULES, entry.name, `${entry.name}.probe.ts`))
    .filter((file) => fs.existsSync(file))
    .sort();
  const modules = await Promise.all(files.map((file) => import(file) as Promise<{ probe: AreaProbe }>));
  return modules.map((module) => module.probe);
}

export const AREA_PROBES: readonly AreaProbe[] = await loadProbes();

/** Every area's public operations, each with why anyone may call it. */
export const AREA_PUBLIC_OPERATIONS: Readonly<Record<string, string>> = Object.assign(
  {},
  ...AREA_PROBES.map((probe) => probe.publicOperations ?? {}),
);

/**
 * The kind an area's path parameter or body field names on the route at `url`, if an area declares
 * it: `own` when the area keeps the name for its own routes (it wins over a shared meaning).
 */
export function areaKind(
  names: 'pathParams' | 'bodyFields',
  name: string,
  url: string,
): { kind: string; own: boolean } | undefined {
  for (const probe of AREA_PROBES) {
    const kind = probe[names]?.[name];
    if (kind !== undefined && probe.routes?.some((prefix) => url.startsWith(prefix)))
      return { kind, own: true };
  }
  const kind = AREA_PROBES.filter((probe) => !probe.routes)
    .map((probe) => probe[names]?.[name])
    .find((found) => found !== undefined);
  return kind === undefined ? undefined : { kind, own: false };
}

/** Builds every area's objects into one record by kind. */
export async function buildAreaObjects(
  build: Omit<ProbeBuild, 'built'>,
  shared: Readonly<Record<string, number>>,
): Promise<Record<string, number>> {
  const objects: Record<string, number> = {};
  for (const probe of AREA_PROBES) {
    for (const [kind, make] of Object.entries(probe.objects)) {
      objects[kind] = await make({ ...build, built: { ...shared, ...objects } });
    }
  }
  return objects;
}
