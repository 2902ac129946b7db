import { randomBytes } from 'node:crypto';
import {
  ASSIGNABLE_ROLES,
  EXERCISE_STATUS,
  PERMISSIONS,
  ROLE,
  ROLE_NAMES,
  roleMay,
  type Action,
  type RoleName,
} from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exerciseFiles, exerciseSlides, exercises, themes, type WorkspaceRow } from '../db/schema/index.ts';
import { sineTone } from '../files/encode.ts';
import { EXERCISE_FILES } from '../modules/exercises/exercises.service.ts';
import { useTestApp } from '../test/app.ts';
import {
  TEST_PASSWORD,
  bearer,
  buildExercise,
  buildSignedInMember,
  buildWorkspace,
  type Member,
} from '../test/factories.ts';
import { buildTheme, solidPng } from '../test/media.ts';
import { filePart, multipartForm } from '../test/multipart.ts';
import { pptxDeck } from '../test/pptx.ts';

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
// The inventory, from the OpenAPI document.

interface Schema {
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

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  /** `METHOD /api/path/:param`, as `app.routeActions` keys it. */
  key: string;
  method: string;
  url: string;
  action: Action | undefined;
  pathParams: string[];
  query: Parameter[];
  body: { multipart: boolean; schema: Schema } | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

let doc: OpenApiDocument;
let operations: Operation[];

function inventory(): Operation[] {
  doc = t.app.swagger() as unknown as OpenApiDocument;
  const found: Operation[] = [];
  for (const [oasPath, methods] of Object.entries(doc.paths)) {
    const url = oasPath.replace(/\{(\w+)\}/g, ':$1');
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) continue;
    for (const [lower, spec] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      if (method === 'HEAD') continue;
      const key = `${method} ${url}`;
      const content = spec.requestBody?.content ?? {};
      const json = content['application/json'];
      const form = content['multipart/form-data'];
      const chosen = json ?? form;
      found.push({
        key,
        method,
        url,
        action: t.app.routeActions.get(key),
        pathParams: [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''),
        query: (spec.parameters ?? []).filter((parameter) => parameter.in === 'query'),
        body: chosen ? { multipart: !json, schema: chosen.schema } : null,
      });
    }
  }
  return found;
}

const resolve = (schema: Schema): Schema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return resolve(doc.components?.schemas?.[name] ?? {});
};

// ---------------------------------------------------------------------------------------------
// Two projects with one object of every kind.

type StaffRole = Exclude<RoleName, 'root'>;

/** The objects of a project, by the kind of thing a path parameter or a body field names. */
interface Objects {
  workspace: number;
  exercise: number;
  category: number;
  tag: number;
  /** A second tag, the target of a merge. */
  tag2: number;
  theme: number;
  client: number;
  invitation: number;
  generated: number;
  /** The exercise's .pptx (exercise_files row of kind presentation). */
  deckFile: number;
  /** A picture found in the deck (exercise_files row of kind image). */
  mediaFile: number;
  /** A member of the project whom the user administration acts on. */
  user: number;
}

interface Project {
  workspace: WorkspaceRow;
  marker: string;
  members: Record<StaffRole, Member>;
  objects: Objects;
}

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const DECK = () =>
  pptxDeck([['One'], ['Two']], {
    media: [
      { name: 'image1.png', content: solidPng(80, 160, 255), slides: [1] },
      { name: 'media1.wav', content: sineTone(880, 0.05), slides: [2], poster: 'image1.png' },
    ],
  });

let root: Member;
/** Library assets are global (no project): one asset and its file, for the asset routes. */
let asset: { id: number; fileId: number };

async function json(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, `${response.statusCode} ${response.body}`).toBe(status);
  return response.json().data as Record<string, unknown> & { id: number };
}

/** A project whose every name carries `marker`, with one member per role and one object per kind. */
async function buildProject(marker: string): Promise<Project> {
  const workspace = await buildWorkspace(t.db, { title: `${marker} School` });
  const members = {} as Record<StaffRole, Member>;
  for (const role of ASSIGNABLE_ROLES as StaffRole[]) {
    members[role] = await buildSignedInMember(t.db, workspace, role, { name: `${marker} ${role}` });
  }
  const target = await buildSignedInMember(t.db, workspace, 'teacher', { name: `${marker} target` });
  const call = (role: StaffRole, method: InjectOptions['method'], url: string, payload?: object) => {
    const acting = `workspace_id=${workspace.id}&role_id=${ROLE[role]}`;
    return t.app.inject({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}${acting}`,
      headers: bearer(members[role].token),
      ...(payload ? { payload } : {}),
    });
  };
  const categories = `/api/workspaces/${workspace.id}/categories`;
  const category = await json(
    await call('moderator', 'POST', categories, {
      workspace_id: workspace.id,
      name: `${marker} Category`,
      parent: 0,
    }),
    201,
  );
  const tags = `/api/workspaces/${workspace.id}/tags`;
  const tag = await json(await call('moderator', 'POST', tags, { name: `${marker} Tag` }), 201);
  const tag2 = await json(await call('moderator', 'POST', tags, { name: `${marker} Other` }), 201);
  const client = await json(
    await call('teacher', 'POST', '/api/clients', {
      client_name: `${marker} Client`,
      child_name: `${marker} Child`,
    }),
    201,
  );
  const invitation = await json(
    await call('manager', 'POST', '/api/invitations/invite', {
      email: `${marker.toLowerCase()}-invitee@example.test`,
      workspace_id: workspace.id,
      roles: ['teacher'],
    }),
    201,
  );

  // An exercise with a deck (a picture and a sound), accepted and ready for generation.
  const exercise = await buildExercise(t.db, workspace.id, members.author.user.id, {
    title: `${marker} Exercise`,
    statusId: EXERCISE_STATUS.draft,
  });
  const form = multipartForm([filePart(DECK(), `${marker}.pptx`, PPTX_TYPE)]);
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/exercises/${exercise.id}/files?workspace_id=${workspace.id}&role_id=${ROLE.author}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(members.author.token) },
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const files = await t.db.select().from(exerciseFiles).where(eq(exerciseFiles.exerciseId, exercise.id));
  const deckFile = files.find((file) => file.kind === 'presentation');
  const mediaFile = files.find((file) => file.kind === 'image');
  const soundFile = files.find((file) => file.kind === 'audio');
  if (!deckFile || !mediaFile || !soundFile) throw new Error('the deck upload stored no deck or media');
  await t.db.update(exerciseFiles).set({ assetType: 'background' }).where(eq(exerciseFiles.id, mediaFile.id));
  await t.db.update(exerciseFiles).set({ assetType: 'sound' }).where(eq(exerciseFiles.id, soundFile.id));
  await t.db
    .update(exercises)
    .set({ statusId: EXERCISE_STATUS.accepted, readyForGeneration: true })
    .where(eq(exercises.id, exercise.id));
  // A rendered slide image, as the render job would store it.
  const png = solidPng(1, 2, 3);
  const [slide] = await t.db
    .insert(exerciseFiles)
    .values({
      exerciseId: exercise.id,
      kind: 'slide',
      storedName: await t.app.files.save(EXERCISE_FILES, png, 'png'),
      mime: 'image/png',
      size: png.length,
      originalName: `${marker} slide-1.png`,
    })
    .returning();
  await t.db.insert(exerciseSlides).values({ exerciseId: exercise.id, position: 1, fileId: slide!.id });

  const { theme } = await buildTheme(t.db, t.app.files, workspace.id, [
    { type: 'background', content: solidPng(10, 10, 120) },
    { type: 'sound', content: sineTone(440, 0.05) },
  ]);
  await t.db
    .update(themes)
    .set({ name: `${marker} Theme` })
    .where(and(eq(themes.id, theme.id), eq(themes.workspaceId, workspace.id)));
  const check = await json(
    await call('moderator', 'POST', `/api/exercises/${exercise.id}/check-generate`, { theme_id: theme.id }),
    200,
  );
  const generated = check.generated as { id: number } | null;
  if (!generated) throw new Error(`no themed variant: ${JSON.stringify(check)}`);

  // A per-user stored value.
  const stored = await t.app.inject({
    method: 'POST',
    url: '/api/storage/client-storage/note',
    headers: bearer(members.moderator.token),
    payload: { text: `${marker} note` },
  });
  expect(stored.statusCode, stored.body).toBe(200);

  return {
    workspace,
    marker,
    members,
    objects: {
      workspace: workspace.id,
      exercise: exercise.id,
      category: category.id,
      tag: tag.id,
      tag2: tag2.id,
      theme: theme.id,
      client: client.id,
      invitation: invitation.id,
      generated: generated.id,
      deckFile: deckFile.id,
      mediaFile: mediaFile.id,
      user: target.user.id,
    },
  };
}

let A: Project;
let B: Project;
/** Ids that name nothing anywhere: what an answer about B's objects must look like. */
const NOWHERE_ID = 2_147_483_647;
let NOWHERE: Project;

// ---------------------------------------------------------------------------------------------
// What each path parameter and body field names.

type Kind = keyof Objects | 'global' | 'slidePosition';

/** The kind of object a path parameter names; a new parameter must be added here. */
function pathKind(op: Operation, param: string): Kind {
  switch (param) {
    case 'workspaceId':
      return 'workspace';
    case 'exerciseId':
      return 'exercise';
    case 'tagId':
      return 'tag';
    case 'clientId':
      return 'client';
    case 'invitationId':
      return 'invitation';
    case 'generatedId':
      return 'generated';
    case 'position':
      return 'slidePosition';
    case 'key':
    case 'subkey':
    case 'name':
      return 'global';
    case 'fileId':
      if (op.url.startsWith('/api/exercises/')) return 'mediaFile';
      if (op.url.startsWith('/api/file/download/')) return 'global';
      break;
    case 'id':
      if (op.url.includes('/categories/')) return 'category';
      if (op.url.startsWith('/api/themes/')) return 'theme';
      if (op.url.startsWith('/api/assets/') || op.url.startsWith('/api/medias/')) return 'global';
      break;
  }
  throw new Error(`${op.key}: what does the path parameter :${param} name? Add it to pathKind.`);
}

/** The value of a path parameter that names a global object (the asset library, storage, avatars). */
function globalPathValue(op: Operation, param: string): string {
  if (param === 'key') return 'client-storage';
  if (param === 'subkey') return 'note';
  if (param === 'name') return 'no-such-avatar.png';
  if (op.url.startsWith('/api/medias/') || op.url.startsWith('/api/file/download/')) {
    return String(asset.fileId);
  }
  return String(asset.id);
}

/** Body fields that name an object of a project, and the kind they name. */
function bodyKind(op: Operation, field: string): Kind | null {
  switch (field) {
    case 'workspace_id':
    case 'shared_workspace_ids':
      return 'workspace';
    case 'user_id':
      return 'user';
    case 'exercise_id':
      return 'exercise';
    case 'theme_id':
      return 'theme';
    case 'file_id':
      return 'deckFile';
    case 'invitation_id':
      return 'invitation';
    case 'into_id':
      return 'tag2';
    case 'tag_ids':
      return 'tag';
    case 'category_id':
    case 'parent':
    case 'link_id':
    case 'items':
      return 'category';
    case 'ids':
      return op.url.includes('/generated/') ? 'generated' : 'exercise';
    case 'asset_id':
    case 'asset_ids':
    case 'env_id':
      return 'global';
    // Not objects: the role acted as, a status of the status machine.
    case 'role_id':
    case 'status_id':
      return null;
  }
  if (/_ids?$/.test(field)) {
    throw new Error(`${op.key}: what does the body field ${field} name? Add it to bodyKind.`);
  }
  return null;
}

/** Query parameters that filter a list by an object: naming B's must find nothing of B. */
const QUERY_FILTERS: Record<string, keyof Objects> = {
  category_id: 'category',
  tag_id: 'tag',
  author_id: 'user',
  client_id: 'client',
};

/** Query parameters with an id-like name that name no object of a project. */
const QUERY_NOT_OBJECTS: Record<string, string> = {
  workspace_id: 'the project acted in (the matrix sets it)',
  role_id: 'the role acted as (the matrix sets it)',
  status_id: 'a status of the status machine',
  protocol_id: 'taken and ignored until protocols exist (GET /exercises/for-teacher)',
};

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

function idOf(project: Project, kind: Kind): number {
  if (kind === 'global') return asset.id;
  if (kind === 'slidePosition') return 1;
  return project.objects[kind];
}

/** A valid value for a body field or query parameter, from its schema. */
function sample(schema: Schema, name: string, scenario: Scenario, op: Operation): unknown {
  const s = resolve(schema);
  const from = scenario.bodyFrom?.(name) ?? scenario.acting;
  const kind = bodyKind(op, name);
  if (kind && kind !== 'global') {
    const id = idOf(from, kind);
    if (name === 'items') return [{ id, parent: 0, order: 0 }];
    if (name === 'parent' && from === scenario.acting) return 0;
    if (name === 'link_id' && from === scenario.acting) return null;
    if (name === 'into_id' && from === scenario.acting) return from.objects.tag2;
    return s.type === 'array' ? [id] : id;
  }
  if (name === 'asset_id') return asset.id;
  if (name === 'asset_ids') return [asset.id];
  if (name === 'env_id') return 1;
  if (name === 'email') return `someone-${randomBytes(4).toString('hex')}@example.test`;
  if (name === 'password' || name === 'password_confirmation') return TEST_PASSWORD;
  if (name === 'roles') return ['teacher'];
  if (name === 'role') return 'teacher';
  if (name === 'status_id') return EXERCISE_STATUS.declined;
  if (name === 'start_date') return '2024-01-01';
  if (name === 'end_date') return '2024-01-31';
  if (name === 'token') return 'x'.repeat(43);
  if (name === 'dry_run') return true;
  if (name === 'age_from') return 3;
  if (name === 'age_to') return 7;
  if (name === 'asset_type') return 'background';
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const option = options.find((o) => !(o.enum?.length === 1 && o.enum[0] === '')) ?? options[0] ?? {};
    return sample(option, name, scenario, op);
  }
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'string': {
      if (s.format === 'date') return '2030-01-15';
      const text = `Probe ${name} ${randomBytes(3).toString('hex')}`;
      return text.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? text.length);
    }
    case 'integer':
    case 'number': {
      const minimum = s.minimum ?? 1;
      return s.exclusiveMinimum === true ? minimum + 1 : Math.max(minimum, 1);
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () =>
        sample(s.items ?? {}, name, scenario, op),
      );
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [field, fieldSchema] of Object.entries(s.properties ?? {})) {
        const required = s.required?.includes(field) ?? false;
        // Optional fields that name an object are sent too: they are what the matrix is about.
        const named = bodyKind(op, field) !== null && bodyKind(op, field) !== 'global';
        // A moderator files a request (spec: `request` required); an author writes a draft without.
        const moderatorRequest =
          field === 'request' && scenario.role === 'moderator' && op.key === 'POST /api/exercises';
        if (required || named || moderatorRequest) value[field] = sample(fieldSchema, field, scenario, op);
      }
      return value;
    }
  }
  return null;
}

function build(op: Operation, scenario: Scenario): InjectOptions {
  let url = op.url;
  for (const param of op.pathParams) {
    const kind = pathKind(op, param);
    const from = kind === 'workspace' ? scenario.acting : (scenario.pathFrom?.(param) ?? scenario.acting);
    const value = kind === 'global' ? globalPathValue(op, param) : String(idOf(from, kind));
    url = url.replace(`:${param}`, value);
  }
  const query = new URLSearchParams();
  const declared = new Set(op.query.map((parameter) => parameter.name));
  const workspaceScoped = op.action !== undefined && PERMISSIONS[op.action].scope === 'workspace';
  if (workspaceScoped && !op.pathParams.includes('workspaceId')) {
    query.set('workspace_id', String(scenario.acting.workspace.id));
  }
  if (scenario.role && (workspaceScoped || declared.has('role_id'))) {
    query.set('role_id', String(ROLE[scenario.role]));
  }
  for (const parameter of op.query) {
    if (parameter.required && !query.has(parameter.name)) {
      query.set(parameter.name, String(sample(parameter.schema ?? {}, parameter.name, scenario, op)));
    }
  }
  for (const [name, value] of Object.entries(scenario.query ?? {})) query.set(name, value);
  const search = query.toString();
  const options: InjectOptions = {
    method: op.method as InjectOptions['method'],
    url: search ? `${url}?${search}` : url,
    headers: { 'accept-language': 'en', ...(scenario.token ? bearer(scenario.token) : {}) },
  };
  if (!op.body) return options;
  const body = sample(op.body.schema, 'body', scenario, op) as Record<string, unknown>;
  if (op.key === 'POST /api/invitations/invite/accept' || op.key === 'POST /api/login') {
    body.email = `${A.marker.toLowerCase()}-nobody@example.test`;
  }
  if (!op.body.multipart) return { ...options, payload: body };
  const fields = Object.entries(body).filter(([name]) => name !== 'file');
  const file = op.url.startsWith('/api/exercises/')
    ? filePart(DECK(), 'deck.pptx', PPTX_TYPE)
    : filePart(solidPng(5, 5, 5), 'probe.png', 'image/png');
  const form = multipartForm([...fields.map(([name, value]) => ({ name, value: String(value) })), file]);
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
  if (response.statusCode >= 500) {
    serverErrors += 1;
    failures.push(`5xx: ${where} → ${answer}`);
  }
  if (body.toLowerCase().includes(B.marker.toLowerCase())) {
    leaks += 1;
    failures.push(`LEAK of B's marker: ${where} → ${answer}`);
  }
  if (response.statusCode >= 400) {
    const parsed = (() => {
      try {
        return response.json() as { message?: unknown; code?: unknown };
      } catch {
        return null;
      }
    })();
    if (typeof parsed?.message !== 'string' || typeof parsed.code !== 'string') {
      failures.push(`not the error envelope: ${where} → ${answer}`);
    }
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
const projectAction = (op: Operation) =>
  op.action !== undefined && PERMISSIONS[op.action].scope === 'workspace' ? op.action : null;
const memberOf = (project: Project, role: RoleName): Member =>
  role === 'root' ? root : project.members[role];
const allowedRoles = (action: Action) => ROLE_NAMES.filter((role) => roleMay(role, action));
const refusedRoles = (action: Action) => ROLE_NAMES.filter((role) => !roleMay(role, action));

/** The body fields of an operation that name an object of a project. */
function namingFields(op: Operation): string[] {
  if (!op.body) return [];
  const properties = resolve(op.body.schema).properties ?? {};
  return Object.keys(properties).filter((field) => {
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
  operations = inventory();
  root = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'root', { name: 'Root' });
  const { assetIds } = await buildTheme(t.db, t.app.files, (await buildWorkspace(t.db)).id, [
    { type: 'background', content: solidPng(1, 1, 1) },
  ]);
  const [assetId] = assetIds;
  const listed = await t.app.inject({ url: `/api/assets/${assetId}`, headers: bearer(root.token) });
  const files = (listed.json().data as { files: { id: number }[] }).files;
  asset = { id: assetId!, fileId: files[0]!.id };
  A = await buildProject(`PLAIN-${randomBytes(4).toString('hex')}`);
  B = await buildProject(`LEAKMARK-${randomBytes(4).toString('hex')}`);
  const nowhere = { ...B.objects };
  for (const kind of Object.keys(nowhere) as (keyof Objects)[]) nowhere[kind] = NOWHERE_ID;
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
          !t.app.routeActions.has(key) && !(key in PUBLIC_OPERATIONS) && !(key in SIGNED_IN_OPERATIONS),
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
      for (const field of Object.keys(op.body ? (resolve(op.body.schema).properties ?? {}) : {})) {
        attempt(() => bodyKind(op, field));
      }
      for (const { name } of op.query) {
        if (/_ids?$/.test(name) && !(name in QUERY_FILTERS) && !(name in QUERY_NOT_OBJECTS)) {
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
        const member = memberOf(A, role);
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
        const member = memberOf(A, role);
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
          const kind = QUERY_FILTERS[parameter.name];
          if (!kind) continue;
          const query = { [parameter.name]: String(B.objects[kind]) };
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
        const member = memberOf(A, role);
        await probe(op, { token: member.token, role, acting: B }, `${role} of A acting in B`, {
          statuses: [403, 404],
        });
      }
    }
    expect(takeFailures()).toEqual([]);
  }, 180_000);

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
