import { randomBytes } from 'node:crypto';
import {
  ASSIGNABLE_ROLES,
  ROLE,
  ROLE_NAMES,
  roleMay,
  type Action,
  type RoleName,
} from '@logoschool/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { AREA_PUBLIC_OPERATIONS, areaKind } from '../test/area-probes.ts';
import {
  bearer,
  buildMember,
  buildSignedInMember,
  buildWorkspace,
  tokenFor,
  type Member,
} from '../test/factories.ts';
import { multipartForm } from '../test/multipart.ts';
import { projectAction, readInventory, type Inventory, type Operation } from '../test/openapi.ts';
import {
  buildProject,
  crmTokenOf,
  memberOf,
  readAsset,
  type LibraryAsset,
  type Project,
  type ProjectObjects,
  type StaffRole,
} from '../test/probe-project.ts';
import {
  actingQuery,
  answerProblem,
  bodyKind,
  formParts,
  pathKind,
  pathValue,
  sample,
  type SampleContext,
} from '../test/probe-values.ts';

/**
 * The authorization matrix (DESIGN §4, STYLE "tested as a table"), generated from the OpenAPI
 * document, `app.routeActions` and the permission table: every operation × every role (and no one)
 * × the own project, the other project's objects and the other project itself. Project B holds one
 * object of every kind a path or a body can name, each carrying B's marker; no answer to a caller
 * of project A may ever contain it.
 */

const t = useTestApp();

// ---------------------------------------------------------------------------------------------
// Operations that name no action, each with why.

/** Anyone may call these: they take no token. */
const PUBLIC_OPERATIONS: Record<string, string> = {
  'GET /api/health': 'liveness probe for the load balancer',
  'GET /api/app-config': 'the web app reads its run-time settings before anyone signs in',
  'POST /api/login': 'signing in is how a token is obtained',
  'GET /api/invitations/invite/accept': 'the invitation link: its random token is the key',
  'POST /api/invitations/invite/accept': 'registering through an invitation link: its token is the key',
  'POST /api/invitations/invite/accept/sign-in':
    "accepting an invitation as an existing account: the link's token and the account's password are the key",
  'GET /api/files/avatars/:name': 'avatars load in <img> tags without a token; names are random',
  // The areas' public links' reads, as each area's probe lists them (`test/area-probes.ts`).
  ...AREA_PUBLIC_OPERATIONS,
};

/** Any signed-in user may call these, about themselves only: no project, no role. */
const SIGNED_IN_OPERATIONS: Record<string, string> = {
  'GET /api/check-token': "the caller's own user, projects and roles",
  'POST /api/logout': "ends the caller's own session",
  'POST /api/users/profile': "changes the caller's own profile",
  'GET /api/storage/:key': "the caller's own per-user values (or the environment's, checked inside)",
  'POST /api/storage/:key': 'writes own values; environment keys check settings.write inside',
  'DELETE /api/storage/:key': 'deletes own values; environment keys check settings.write inside',
  'GET /api/storage/:key/:subkey': 'one own value (see GET /api/storage/:key)',
  'POST /api/storage/:key/:subkey': 'one own value (see POST /api/storage/:key)',
  'DELETE /api/storage/:key/:subkey': 'one own value (see DELETE /api/storage/:key)',
  'POST /api/invitations/invite/accept/new-role':
    "accepts an invitation of the caller's own address (checked inside): the link's token and the session are the key",
};

/**
 * The school's CRM calls these with its project's token (`config: { crm: true }`), never with a
 * user's session: the project is the token's.
 */
const CRM_OPERATIONS: Record<string, string> = {
  'GET /api/clients/get-remote-clients': "the CRM reads the token's project's students with a remote id",
  'GET /api/get-client-by-remote-id': 'the CRM reads one student of the project by remote id',
  'PUT /api/get-client-by-remote-id': 'the CRM creates or updates one student of the project by remote id',
  'GET /api/get-plans': "the CRM reads one student's plans by remote id",
  'GET /api/get-remote-diagnostician': 'the CRM reads who diagnoses one student, by remote id (spec §7)',
  'GET /api/lessons/get-remote-range-lessons':
    "the CRM reads the token's project's lessons in a range of days",
};

/**
 * Where an allowed caller of A naming B's object may get 422 instead of 403/404: the input is
 * refused by a check of the request alone, before anything is looked up, so nothing of B is read.
 * Keyed `METHOD url variant`.
 */
const REFUSED_BEFORE_LOOKUP: Record<string, string> = Object.fromEntries(
  [
    'POST /api/invitations/invite',
    'POST /api/invitations/invite/existing-user',
    'POST /api/workspaces/:workspaceId/categories',
    'PUT /api/workspaces/:workspaceId/categories',
    'PUT /api/workspaces/:workspaceId/categories/:id',
    'POST /api/exercises',
    'PUT /api/exercises/:exerciseId',
    'POST /api/exercises/latest',
    'POST /api/exercises/files/actualize-file',
    'POST /api/exercises/:exerciseId/check-generate',
  ].map((key) => [
    `${key} body.workspace_id`,
    // `workspace_id` in the body is compared with the project of the address (assertSameProject,
    // assertActingProject): 422 workspaceMismatch, nothing looked up.
    'the body names another project than the address',
  ]),
);

// ---------------------------------------------------------------------------------------------
// Two projects with one object of every kind.

let api: Inventory;
let operations: Operation[];
/** Root holds every project, so it is a member of neither A nor B: its own project is elsewhere. */
let root: Member;
/** Library assets belong to no project: one asset and its file, for the asset routes. */
let asset: LibraryAsset;
let A: Project;
let B: Project;
/** Ids that name nothing anywhere: what an answer about B's objects must look like. */
const NOWHERE_ID = 2_147_483_647;
let NOWHERE: Project;

// ---------------------------------------------------------------------------------------------
// What query parameters name.

/** Query parameters that filter a list by an object: naming B's must find nothing of B. */
const QUERY_FILTERS: Record<string, Exclude<keyof ProjectObjects, 'areas'>> = {
  category_id: 'category',
  tag_id: 'tag',
  author_id: 'user',
  teacher_id: 'user',
  client_id: 'client',
  protocol_id: 'protocol',
  lesson_id: 'lesson',
  exercise_id: 'exercise',
  /** The generated list's and runs' theme (issue 30). */
  theme_id: 'theme',
  /** The student being edited, left out of the possible duplicates (404 unless the caller's). */
  except_id: 'client',
};

/** Query parameters with an id-like name that name no object of a project. */
const QUERY_NOT_OBJECTS: Record<string, string> = {
  workspace_id: 'the project acted in (the matrix sets it)',
  role_id: 'the role acted as (the matrix sets it)',
  status_id: 'a status of the status machine',
  remote_id: "the student's id in the school's CRM, looked up in the token's project only",
  env_id: "an environment, whose settings only root reads (issue 33's /settings)",
};

/**
 * What a query parameter filters by: an area's kind on its own routes (`area:<kind>`, from its
 * probe's `bodyFields`), else a shared one of QUERY_FILTERS.
 */
function queryKind(op: Operation, name: string): string | undefined {
  const ofArea = areaKind('bodyFields', name, op.url);
  if (ofArea?.own) return ofArea.kind === 'global' ? undefined : `area:${ofArea.kind}`;
  return QUERY_FILTERS[name];
}

// ---------------------------------------------------------------------------------------------
// Requests.

interface Scenario {
  token: string | null;
  role: RoleName | null;
  /** The project the caller names with `workspace_id` (or `:workspaceId`). */
  acting: Project;
  /** Whose objects the path names, per parameter (default: `acting`'s). */
  pathFrom?: (param: string) => Project;
  /** Whose objects the body names, per field (default: `acting`'s). */
  bodyFrom?: (field: string) => Project;
  /** Query overrides. */
  query?: Record<string, string>;
}

const bodySchema = (op: Operation) => op.json ?? op.form;

/** A valid request for an operation, but for the objects of B (or of nowhere) the scenario names. */
function build(op: Operation, scenario: Scenario): InjectOptions {
  const context: SampleContext = {
    api,
    op,
    role: scenario.role,
    acting: scenario.acting.objects,
    from: (field) => scenario.bodyFrom?.(field).objects,
    asset,
    prefix: 'Probe',
    namedOptional: true,
  };
  let url = op.url;
  for (const param of op.pathParams) {
    // `:workspaceId` is the project acted in: crossing into B that way is the "acts in B" test.
    const from =
      pathKind(op, param) === 'workspace' ? scenario.acting : (scenario.pathFrom?.(param) ?? scenario.acting);
    url = url.replace(`:${param}`, pathValue(op, param, from.objects, asset));
  }
  const query = new URLSearchParams(
    actingQuery(op, scenario.acting.workspace.id, scenario.role, (parameter) =>
      sample(parameter.schema ?? {}, parameter.name, context),
    ),
  );
  for (const [name, value] of Object.entries(scenario.query ?? {})) query.set(name, value);
  const search = query.toString();
  const options: InjectOptions = {
    method: op.method as InjectOptions['method'],
    url: search ? `${url}?${search}` : url,
    headers: { 'accept-language': 'en', ...(scenario.token ? bearer(scenario.token) : {}) },
  };
  const schema = bodySchema(op);
  if (!schema) return options;
  const body = sample(schema, 'body', context) as Record<string, unknown>;
  if (op.key === 'POST /api/invitations/invite/accept' || op.key === 'POST /api/login') {
    body.email = `${A.marker.toLowerCase()}-nobody@example.test`;
  }
  if (op.json) return { ...options, payload: body };
  const form = multipartForm(formParts(op, body));
  return { ...options, payload: form.payload, headers: { ...options.headers, ...form.headers } };
}

// ---------------------------------------------------------------------------------------------
// Checking answers.

let requests = 0;
let leaks = 0;
let serverErrors = 0;
const failures: string[] = [];

interface Expectation {
  statuses: readonly number[];
  /** Where 422 is acceptable for this request (see REFUSED_BEFORE_LOOKUP). */
  variant?: string;
  /** The same request naming ids that exist nowhere, to compare an unexpected answer with. */
  unknown?: Scenario;
}

async function probe(op: Operation, scenario: Scenario, label: string, expectation: Expectation | null) {
  const options = build(op, scenario);
  const response = await t.app.inject(options);
  requests += 1;
  const body = response.body;
  const where = `${op.key} [${label}] ${options.method} ${options.url}`;
  const answer = `${response.statusCode} ${body.slice(0, 300)}`;
  if (response.statusCode >= 500) serverErrors += 1;
  const problem = answerProblem(response);
  if (problem) failures.push(`${problem}: ${where} → ${answer}`);
  if (body.toLowerCase().includes(B.marker.toLowerCase())) {
    leaks += 1;
    failures.push(`LEAK of B's marker: ${where} → ${answer}`);
  }
  if (!expectation) return response;
  const allowed: number[] = [...expectation.statuses];
  if (expectation.variant && REFUSED_BEFORE_LOOKUP[`${op.key} ${expectation.variant}`]) allowed.push(422);
  if (!allowed.includes(response.statusCode)) {
    // Whether the answer tells B's object from one that exists nowhere (an existence oracle).
    let same = '';
    if (expectation.unknown) {
      const unknown = await t.app.inject(build(op, expectation.unknown));
      requests += 1;
      const identical = unknown.statusCode === response.statusCode && unknown.body === body;
      // A reference in the body to B's object may be a field error (the form shows it under its
      // field), provided it is word for word the answer for an id that exists nowhere: no oracle
      // (decision 008).
      if (identical && response.statusCode === 422) return response;
      same = identical
        ? ' (the same answer as for an id that exists nowhere)'
        : ` (an id that exists nowhere gets ${unknown.statusCode} ${unknown.body.slice(0, 200)})`;
    }
    failures.push(`expected ${allowed.join('/')}: ${where} → ${answer}${same}`);
  }
  return response;
}

const isPublic = (op: Operation) => op.key in PUBLIC_OPERATIONS;
const allowedRoles = (action: Action) => ROLE_NAMES.filter((role) => roleMay(role, action));
const refusedRoles = (action: Action) => ROLE_NAMES.filter((role) => !roleMay(role, action));

/** The top-level fields of an operation's body (JSON or form). */
function bodyFields(op: Operation): string[] {
  const schema = bodySchema(op);
  return Object.keys(schema ? (api.resolve(schema).properties ?? {}) : {});
}

/** The body fields of an operation that name an object of a project. */
function namingFields(op: Operation): string[] {
  return bodyFields(op).filter((field) => {
    const kind = bodyKind(op, field);
    return kind !== null && kind !== 'global';
  });
}

/** The path parameters of an operation that name an object of a project (not the project itself). */
function namingParams(op: Operation): string[] {
  return op.pathParams.filter(
    (param) => !['workspace', 'global', 'slidePosition'].includes(pathKind(op, param)),
  );
}

const takeFailures = () => failures.splice(0, failures.length);

beforeAll(async () => {
  api = readInventory(t.app);
  operations = api.operations;
  root = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'root', { name: 'Root' });
  A = await buildProject(t, `PLAIN-${randomBytes(4).toString('hex')}`);
  B = await buildProject(t, `LEAKMARK-${randomBytes(4).toString('hex')}`);
  // Any library asset will do: the asset routes act on no project, so A's theme's is as good as any.
  asset = await readAsset(t, root.token, A.themeAssetIds[0]!);
  const nowhere = { ...B.objects, areas: { ...B.objects.areas } };
  for (const kind of Object.keys(nowhere) as (keyof ProjectObjects)[]) {
    if (kind !== 'areas') nowhere[kind] = NOWHERE_ID;
  }
  for (const kind of Object.keys(nowhere.areas)) nowhere.areas[kind] = NOWHERE_ID;
  NOWHERE = { ...B, marker: 'NOWHERE', objects: nowhere };
}, 60_000);

afterAll(() => {
  // eslint-disable-next-line no-console -- the one-line summary is this test's report
  console.log(
    `matrix: ${operations?.length ?? 0} operations, ${requests} requests, leaks=${leaks}, 5xx=${serverErrors}`,
  );
});

describe('the authorization matrix', () => {
  it('covers every API operation: each names an action or is listed as public or signed-in only', () => {
    const unlisted = t.app.apiRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter(
        (key) =>
          !t.app.routeActions.has(key) &&
          !(key in PUBLIC_OPERATIONS) &&
          !(key in SIGNED_IN_OPERATIONS) &&
          !(key in CRM_OPERATIONS),
      );
    expect(
      unlisted,
      'add each to the matrix (an action, or a public / signed-in list with the reason)',
    ).toEqual([]);
    const keys = new Set(t.app.apiRoutes.map((route) => `${route.method} ${route.url}`));
    const stale = [...Object.keys(PUBLIC_OPERATIONS), ...Object.keys(SIGNED_IN_OPERATIONS)].filter(
      (key) => !keys.has(key) || t.app.routeActions.has(key),
    );
    expect(stale, 'listed but gone, or now naming an action').toEqual([]);
    expect([...t.app.crmRoutes].sort(), 'the CRM operations are the `crm` routes').toEqual(
      Object.keys(CRM_OPERATIONS).sort(),
    );
    expect(operations.map((op) => op.key).sort()).toEqual([...keys].sort());
  });

  it('knows what every path parameter, body field and query parameter with an id names', () => {
    const unknown: string[] = [];
    for (const op of operations) {
      const attempt = (check: () => unknown) => {
        try {
          check();
        } catch (error) {
          unknown.push((error as Error).message);
        }
      };
      for (const param of op.pathParams) attempt(() => pathKind(op, param));
      for (const field of bodyFields(op)) attempt(() => bodyKind(op, field));
      for (const { name } of op.query) {
        if (/_ids?$/.test(name) && !queryKind(op, name) && !(name in QUERY_NOT_OBJECTS)) {
          unknown.push(`${op.key}: what does the query parameter ${name} name? Add it to QUERY_FILTERS.`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('answers 401 to no token and to a bad token, for every operation that is not public', async () => {
    for (const op of operations) {
      if (isPublic(op)) {
        // A public operation answers anyone, but never with B's objects.
        await probe(op, { token: null, role: null, acting: B }, 'anonymous, public', null);
        continue;
      }
      for (const [label, token] of [
        ['anonymous', null],
        ['bad token', 'not-a-token'],
      ] as const) {
        await probe(op, { token, role: null, acting: B }, label, { statuses: [401] });
      }
    }
    expect(takeFailures()).toEqual([]);
  }, 120_000);

  it('answers 403 to a member of the project in a role the action does not allow', async () => {
    for (const op of operations) {
      if (!op.action) continue;
      for (const role of refusedRoles(op.action)) {
        const member = memberOf(A, role, root);
        await probe(op, { token: member.token, role, acting: A }, `as ${role}`, { statuses: [403] });
      }
    }
    expect(takeFailures()).toEqual([]);
  }, 120_000);

  it("answers 403/404 to an allowed member of A who names B's objects, and never shows them", async () => {
    for (const op of operations) {
      const action = projectAction(op);
      // Global actions (the asset library, projects, root's tools) act on no project: nothing to cross.
      if (!action) continue;
      for (const role of allowedRoles(action)) {
        const member = memberOf(A, role, root);
        const base = { token: member.token, role, acting: A };
        const params = namingParams(op);
        // Every object in the path is B's; then each one alone, the others A's.
        if (params.length > 0) {
          await probe(op, { ...base, pathFrom: () => B, bodyFrom: () => A }, `${role}, B's path`, {
            statuses: [403, 404],
            variant: 'path',
          });
        }
        if (params.length > 1) {
          for (const param of params) {
            const pathFrom = (name: string) => (name === param ? B : A);
            await probe(op, { ...base, pathFrom, bodyFrom: () => A }, `${role}, B's :${param}`, {
              statuses: [403, 404],
              variant: `path.${param}`,
            });
          }
        }
        for (const field of namingFields(op)) {
          // Root holds root in B too (DESIGN §4): sharing with B is root's right, not a crossing.
          if (role === 'root' && field === 'shared_workspace_ids') continue;
          const bodyFrom = (name: string) => (name === field ? B : A);
          const unknownFrom = (name: string) => (name === field ? NOWHERE : A);
          await probe(op, { ...base, pathFrom: () => A, bodyFrom }, `${role}, B's body.${field}`, {
            statuses: [403, 404],
            variant: `body.${field}`,
            unknown: { ...base, pathFrom: () => A, bodyFrom: unknownFrom },
          });
        }
        // A list filtered by B's object finds nothing of B (an empty list is the right answer).
        for (const parameter of op.query) {
          const kind = queryKind(op, parameter.name);
          if (!kind) continue;
          const id = kind.startsWith('area:')
            ? B.objects.areas[kind.slice('area:'.length)]
            : B.objects[kind as Exclude<keyof ProjectObjects, 'areas'>];
          const query = { [parameter.name]: String(id) };
          await probe(op, { ...base, query }, `${role}, B's ?${parameter.name}`, null);
        }
        // A read of A's own lists and objects shows nothing of B.
        if (op.method === 'GET') await probe(op, base, `${role}, own project`, null);
      }
    }
    expect(takeFailures()).toEqual([]);
  }, 180_000);

  it('answers 403/404 to a member of A who acts in B, in every role', async () => {
    for (const op of operations) {
      const action = projectAction(op);
      if (!action) continue;
      for (const role of ROLE_NAMES) {
        // Root holds root in every project (DESIGN §4): B is not another project for root.
        if (role === 'root') continue;
        const member = memberOf(A, role, root);
        await probe(op, { token: member.token, role, acting: B }, `${role} of A acting in B`, {
          statuses: [403, 404],
        });
      }
    }
    expect(takeFailures()).toEqual([]);
  }, 180_000);

  it("answers 401 to a user's session and to A's CRM token naming B, and A's token never shows B's students", async () => {
    const token = await crmTokenOf(t, A);
    for (const op of operations) {
      if (!op.crm) continue;
      const crm = { token, role: null, acting: A };
      for (const role of ['admin', 'teacher'] as const) {
        const session = { ...crm, token: A.members[role].token };
        await probe(op, session, `${role}'s session`, { statuses: [401] });
      }
      const namingB = { ...crm, query: { workspace_id: String(B.workspace.id) } };
      await probe(op, namingB, 'A naming B', { statuses: [401] });
      await probe(op, crm, "A's token", null);
      if (op.query.some((parameter) => parameter.name === 'remote_id')) {
        const bStudent = { ...crm, query: { remote_id: `${B.marker}-crm` } };
        await probe(op, bStudent, "B's remote id", { statuses: [404] });
      }
    }
    expect(takeFailures()).toEqual([]);
  }, 60_000);

  it('answers a diagnostician whose role was removed after an assignment as a teacher never assigned (issue 24)', async () => {
    // A teacher and diagnostician of A, assigned A's student by its teacher, then stripped of the
    // diagnostician role by an admin: acting as the teacher she still is, she may reach nothing the
    // assignment gave, on any operation, exactly like a teacher of A who was never assigned.
    const former = await buildMember(t.db, A.workspace, ['teacher', 'diagnostician'], {
      user: { name: `${A.marker} former diagnostician` },
    });
    const formerMember: Member = {
      workspace: A.workspace,
      user: former,
      token: await tokenFor(t.db, former),
      roleId: ROLE.teacher,
    };
    const never = await buildSignedInMember(t.db, A.workspace, 'teacher', {
      name: `${A.marker} never assigned`,
    });
    const as = (member: Member, method: InjectOptions['method'], url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${url}?workspace_id=${A.workspace.id}&role_id=${member.roleId}`,
        headers: { 'accept-language': 'en', ...bearer(member.token) },
        ...(payload ? { payload } : {}),
      });
    const assigned = await as(A.members.teacher, 'PUT', `/api/clients/${A.objects.client}/diagnosticians`, {
      user_ids: [former.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const before = await as(formerMember, 'GET', `/api/diagnoses/${A.objects.diagnosis}`);
    expect(before.statusCode, 'the assignment opens the diagnosis while the role is held').toBe(200);
    const removed = await as(A.members.admin, 'POST', '/api/users/user/remove-role', {
      user_id: former.id,
      role: 'diagnostician',
    });
    expect(removed.statusCode, removed.body).toBe(200);

    let compared = 0;
    for (const op of operations) {
      const action = projectAction(op);
      if (!action || !roleMay('teacher', action)) continue;
      const control = await probe(
        op,
        { token: never.token, role: 'teacher', acting: A },
        'never assigned',
        null,
      );
      if (![403, 404].includes(control.statusCode)) continue;
      compared += 1;
      await probe(
        op,
        { token: formerMember.token, role: 'teacher', acting: A },
        'role removed after assignment',
        {
          statuses: [control.statusCode],
        },
      );
    }
    expect(
      compared,
      'operations a teacher reaches only through her own students or an assignment',
    ).toBeGreaterThan(10);
    expect(takeFailures()).toEqual([]);
  }, 120_000);

  it("shows signed-in callers of A only their own values, never B's", async () => {
    for (const op of operations) {
      if (!(op.key in SIGNED_IN_OPERATIONS) || op.method !== 'GET') continue;
      for (const role of ASSIGNABLE_ROLES as StaffRole[]) {
        const member = A.members[role];
        await probe(op, { token: member.token, role: null, acting: A }, `${role} of A`, null);
      }
    }
    expect(takeFailures()).toEqual([]);
  }, 60_000);
});
