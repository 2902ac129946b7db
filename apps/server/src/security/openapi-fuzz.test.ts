import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ASSIGNABLE_ROLES,
  EXERCISE_STATUS,
  PERMISSIONS,
  ROLE,
  roleMay,
  type Action,
  type RoleName,
} from '@logoschool/contract';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exerciseFiles, exerciseSlides, exercises, themes } from '../db/schema/index.ts';
import { sineTone } from '../files/encode.ts';
import { EXERCISE_FILES } from '../modules/exercises/exercises.service.ts';
import { useTestApp } from '../test/app.ts';
import {
  TEST_PASSWORD,
  bearer,
  buildExercise,
  buildSignedInMember,
  buildWorkspace,
  tokenFor,
  type Member,
} from '../test/factories.ts';
import { buildTheme, solidPng } from '../test/media.ts';
import { filePart, multipartForm, type FormPart } from '../test/multipart.ts';
import { EXE_FILE, pptxDeck } from '../test/pptx.ts';

/**
 * A black-box fuzz of every operation of the OpenAPI document (DESIGN §4: never a 500 for bad
 * input; every error is the envelope `{ message, code }`). Each operation gets a valid request
 * from its schemas, sent by a member in a role that may call it (so malformed variants reach
 * validation and the handler), then variants of it: wrong types, null, huge and deeply nested
 * values, NUL, lone surrogates, RTL and zero-width text, path traversal, overlong and badly
 * %-escaped parameters, broken multipart and wrong content types; and a few without a token.
 * Deterministic: fixed lists plus fast-check with a fixed seed.
 */

/**
 * A built web app, as in production: a raw `../` in a path leaves /api and lands on a page of the
 * web app (the SPA fallback), which must answer its index.html, not "not built".
 */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-fuzz-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body></body></html>\n');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const t = useTestApp({ WEB_DIST: webDist });

const SEED = 20_240_917;

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
  exclusiveMinimum?: boolean | number;
  minItems?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  key: string;
  method: string;
  url: string;
  action: Action | undefined;
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

let doc: OpenApiDocument;

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
      const parameters = spec.parameters ?? [];
      const content = spec.requestBody?.content ?? {};
      found.push({
        key,
        method,
        url,
        action: t.app.routeActions.get(key),
        pathParams: [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''),
        query: parameters.filter((parameter) => parameter.in === 'query'),
        headers: parameters.filter((parameter) => parameter.in === 'header'),
        json: content['application/json']?.schema ?? null,
        form: content['multipart/form-data']?.schema ?? null,
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

/** Operations that change or end what later operations work on go last, in this order. */
function destructiveRank(op: Operation): number {
  if (op.url.endsWith('/archive')) return 5;
  if (op.url.endsWith('/restore')) return 6;
  if (op.key === 'DELETE /api/exercises/:exerciseId' || op.url.endsWith('/bulk/delete')) return 4;
  if (op.method === 'DELETE' || op.url.endsWith('/merge')) return op.url.includes('/exercises/') ? 2 : 3;
  return 0;
}

// ---------------------------------------------------------------------------------------------
// The project the fuzz works in: one member per role, one object of every kind.

type StaffRole = Exclude<RoleName, 'root'>;

interface Fixture {
  workspace: number;
  members: Record<StaffRole, Member>;
  root: Member;
  ids: {
    exercise: number;
    category: number;
    tag: number;
    tag2: number;
    theme: number;
    client: number;
    invitation: number;
    generated: number;
    deckFile: number;
    mediaFile: number;
    asset: number;
    assetFile: number;
    user: number;
  };
}

let F: Fixture;

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const deck = () =>
  pptxDeck([['One'], ['Two']], {
    media: [
      { name: 'image1.png', content: solidPng(80, 160, 255), slides: [1] },
      { name: 'media1.wav', content: sineTone(880, 0.05), slides: [2], poster: 'image1.png' },
    ],
  });

async function dataOf(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json().data as Record<string, unknown> & { id: number };
}

async function buildFixture(): Promise<Fixture> {
  const workspace = await buildWorkspace(t.db, { title: `Fuzz school ${randomBytes(3).toString('hex')}` });
  const members = {} as Record<StaffRole, Member>;
  for (const role of ASSIGNABLE_ROLES as StaffRole[]) {
    members[role] = await buildSignedInMember(t.db, workspace, role);
  }
  const root = await buildSignedInMember(t.db, workspace, 'root');
  const target = await buildSignedInMember(t.db, workspace, 'teacher');
  const call = (role: StaffRole, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}workspace_id=${workspace.id}&role_id=${ROLE[role]}`,
      headers: bearer(members[role].token),
      ...(payload ? { payload } : {}),
    });
  const taxonomy = `/api/workspaces/${workspace.id}`;
  const category = await dataOf(
    await call('moderator', 'POST', `${taxonomy}/categories`, {
      workspace_id: workspace.id,
      name: 'Sounds',
      parent: 0,
    }),
    201,
  );
  const tag = await dataOf(await call('moderator', 'POST', `${taxonomy}/tags`, { name: 'Animals' }), 201);
  const tag2 = await dataOf(await call('moderator', 'POST', `${taxonomy}/tags`, { name: 'Birds' }), 201);
  const client = await dataOf(
    await call('teacher', 'POST', '/api/clients', { client_name: 'Olena', child_name: 'Taras' }),
    201,
  );
  const invitation = await dataOf(
    await call('manager', 'POST', '/api/invitations/invite', {
      email: `invitee-${randomBytes(3).toString('hex')}@example.test`,
      workspace_id: workspace.id,
      roles: ['teacher'],
    }),
    201,
  );
  const exercise = await buildExercise(t.db, workspace.id, members.author.user.id, {
    statusId: EXERCISE_STATUS.draft,
  });
  const form = multipartForm([filePart(deck(), 'deck.pptx', PPTX_TYPE)]);
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
  const png = solidPng(1, 2, 3);
  const [slide] = await t.db
    .insert(exerciseFiles)
    .values({
      exerciseId: exercise.id,
      kind: 'slide',
      storedName: await t.app.files.save(EXERCISE_FILES, png, 'png'),
      mime: 'image/png',
      size: png.length,
      originalName: 'slide-1.png',
    })
    .returning();
  await t.db.insert(exerciseSlides).values({ exerciseId: exercise.id, position: 1, fileId: slide!.id });
  const { theme, assetIds } = await buildTheme(t.db, t.app.files, workspace.id, [
    { type: 'background', content: solidPng(10, 10, 120) },
    { type: 'sound', content: sineTone(440, 0.05) },
  ]);
  await t.db
    .update(themes)
    .set({ name: 'Cars' })
    .where(and(eq(themes.id, theme.id), eq(themes.workspaceId, workspace.id)));
  const check = await dataOf(
    await call('moderator', 'POST', `/api/exercises/${exercise.id}/check-generate`, { theme_id: theme.id }),
    200,
  );
  const generated = check.generated as { id: number } | null;
  if (!generated) throw new Error(`no themed variant: ${JSON.stringify(check)}`);
  const asset = await dataOf(
    await t.app.inject({ url: `/api/assets/${assetIds[0]}`, headers: bearer(root.token) }),
    200,
  );
  const assetFile = (asset.files as { id: number }[])[0];
  if (!assetFile) throw new Error('the test asset has no file');
  return {
    workspace: workspace.id,
    members,
    root,
    ids: {
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
      asset: asset.id,
      assetFile: assetFile.id,
      user: target.user.id,
    },
  };
}

/** The first of these roles that may do the action: whom the fuzz calls an operation as. */
const PREFERENCE: RoleName[] = [
  'moderator',
  'admin',
  'manager',
  'teacher',
  'author',
  'root',
  'diagnostician',
];

function roleFor(op: Operation): RoleName {
  const { action } = op;
  if (!action) return 'moderator';
  const role = PREFERENCE.find((candidate) => roleMay(candidate, action));
  if (!role) throw new Error(`${op.key}: no role may do ${action}`);
  return role;
}

const memberIn = (role: RoleName) => (role === 'root' ? F.root : F.members[role]);

// ---------------------------------------------------------------------------------------------
// A valid request for an operation.

/** A valid path parameter: an object of the fuzz project. */
function pathValue(op: Operation, param: string): string {
  const { ids } = F;
  const byName: Record<string, number | string> = {
    workspaceId: F.workspace,
    exerciseId: ids.exercise,
    tagId: ids.tag,
    clientId: ids.client,
    invitationId: ids.invitation,
    generatedId: ids.generated,
    position: 1,
    key: 'client-storage',
    subkey: 'fuzz',
    name: 'no-such-avatar.png',
  };
  if (param === 'id') {
    if (op.url.includes('/categories/')) return String(ids.category);
    if (op.url.startsWith('/api/themes/')) return String(ids.theme);
    if (op.url.startsWith('/api/assets/')) return String(ids.asset);
    if (op.url.startsWith('/api/medias/')) return String(ids.assetFile);
  }
  if (param === 'fileId') return String(op.url.startsWith('/api/exercises/') ? ids.mediaFile : ids.assetFile);
  const value = byName[param];
  if (value === undefined) throw new Error(`${op.key}: no value for :${param}; add one to pathValue`);
  return String(value);
}

/** A valid value for a field, by its name where the name tells, else by its schema. */
function sample(schema: Schema, name: string, op: Operation, role: RoleName): unknown {
  const s = resolve(schema);
  const { ids } = F;
  const byName: Record<string, unknown> = {
    workspace_id: F.workspace,
    role_id: ROLE[role],
    user_id: ids.user,
    exercise_id: ids.exercise,
    theme_id: ids.theme,
    file_id: ids.deckFile,
    invitation_id: ids.invitation,
    into_id: ids.tag2,
    tag_ids: [ids.tag],
    category_id: ids.category,
    parent: 0,
    link_id: null,
    items: [{ id: ids.category, parent: 0, order: 0 }],
    ids: [op.url.includes('/generated/') ? ids.generated : ids.exercise],
    asset_id: ids.asset,
    asset_ids: [ids.asset],
    shared_workspace_ids: [],
    env_id: 1,
    email: `fuzz-${randomBytes(4).toString('hex')}@example.test`,
    password: TEST_PASSWORD,
    password_confirmation: TEST_PASSWORD,
    roles: ['teacher'],
    role: 'teacher',
    status_id: EXERCISE_STATUS.declined,
    start_date: '2024-01-01',
    end_date: '2024-01-31',
    token: 'x'.repeat(43),
    dry_run: true,
    age_from: 3,
    age_to: 7,
    asset_type: 'background',
  };
  if (name in byName) return byName[name];
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const option = options.find((o) => !(o.enum?.length === 1 && o.enum[0] === '')) ?? options[0] ?? {};
    return sample(option, name, op, role);
  }
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'string': {
      if (s.format === 'date') return '2030-01-15';
      const text = `Fuzz ${name} ${randomBytes(3).toString('hex')}`;
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
        sample(s.items ?? {}, name, op, role),
      );
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [field, fieldSchema] of Object.entries(s.properties ?? {})) {
        const wanted =
          (s.required?.includes(field) ?? false) ||
          // A moderator files a request: without it the create stops before the handler's work.
          (field === 'request' && role === 'moderator' && op.key === 'POST /api/exercises');
        if (wanted && fieldSchema.format !== 'binary') value[field] = sample(fieldSchema, field, op, role);
      }
      return value;
    }
  }
  return null;
}

/** The parts of a request, each replaceable by a variant. Path and query values are raw (encoded). */
interface Parts {
  token: string | null;
  path: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  /** A JSON body, a form, or raw bytes with their type. */
  body:
    | { kind: 'json'; value: unknown }
    | { kind: 'form'; parts: FormPart[] }
    | { kind: 'raw'; payload: string | Buffer; type: string | null }
    | null;
}

function baseParts(op: Operation, role: RoleName): Parts {
  const path = Object.fromEntries(op.pathParams.map((param) => [param, pathValue(op, param)]));
  const query: [string, string][] = [];
  const workspaceScoped = op.action !== undefined && PERMISSIONS[op.action].scope === 'workspace';
  const declared = new Set(op.query.map((parameter) => parameter.name));
  if (workspaceScoped && !op.pathParams.includes('workspaceId'))
    query.push(['workspace_id', String(F.workspace)]);
  if (workspaceScoped || declared.has('role_id')) query.push(['role_id', String(ROLE[role])]);
  for (const parameter of op.query) {
    if (parameter.required && !query.some(([name]) => name === parameter.name)) {
      query.push([parameter.name, String(sample(parameter.schema ?? {}, parameter.name, op, role))]);
    }
  }
  const member = memberIn(role);
  let body: Parts['body'] = null;
  if (op.json) {
    const value = sample(op.json, 'body', op, role);
    if (op.key === 'POST /api/login') Object.assign(value as object, { email: member.user.email });
    body = { kind: 'json', value };
  } else if (op.form) {
    body = {
      kind: 'form',
      parts: formParts(op, sample(op.form, 'body', op, role) as Record<string, unknown>),
    };
  }
  return { token: member.token, path, query, headers: { 'accept-language': 'en' }, body };
}

function formParts(op: Operation, fields: Record<string, unknown>, filename?: string): FormPart[] {
  const file = op.url.startsWith('/api/exercises/')
    ? filePart(deck(), filename ?? 'deck.pptx', PPTX_TYPE)
    : filePart(solidPng(5, 5, 5), filename ?? 'fuzz.png', 'image/png');
  return [...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })), file];
}

/** The lone surrogate, written as a JSON escape so that it reaches the server as it is. */
const LONE_SURROGATE = '__LONE_SURROGATE__';

function render(op: Operation, parts: Parts): InjectOptions {
  let url = op.url;
  for (const param of op.pathParams) url = url.replace(`:${param}`, parts.path[param] ?? '');
  const search = parts.query.map(([name, value]) => `${name}=${value}`).join('&');
  const headers: Record<string, string> = { ...parts.headers, ...(parts.token ? bearer(parts.token) : {}) };
  const options: InjectOptions = {
    method: op.method as InjectOptions['method'],
    url: search ? `${url}?${search}` : url,
    headers,
  };
  const { body } = parts;
  if (!body) return options;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body.value).replaceAll(`"${LONE_SURROGATE}"`, '"a\\ud800b"');
  } else if (body.kind === 'form') {
    const form = multipartForm(body.parts);
    Object.assign(headers, form.headers);
    options.payload = form.payload;
  } else {
    if (body.type) headers['content-type'] = body.type;
    options.payload = body.payload;
  }
  return options;
}

/** A value as a label shows it: JSON, the lone surrogate as the escape that is sent. */
const show = (value: unknown) =>
  JSON.stringify(value)?.replaceAll(LONE_SURROGATE, 'a\\ud800b') ?? 'undefined';

// ---------------------------------------------------------------------------------------------
// The variants.

/**
 * A variant: its label, the request, and whether it carries text the API's input rule refuses
 * (a NUL or an unpaired surrogate in a value or key the server reads: 4xx, never stored).
 */
type Variant = [label: string, parts: Parts, forbidden?: boolean];

/** Text the input rule refuses wherever it stands. */
const FORBIDDEN_TEXTS = new Set<unknown>(['a\u0000b', '\u0000', LONE_SURROGATE]);

const enc = encodeURIComponent;

/** Raw path values: traversal, wrong types, overlong, bad escapes, NUL, lone surrogates, RTL. */
const PATH_VALUES = [
  enc('../../etc/passwd'),
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '../../etc/passwd',
  'abc',
  '-1',
  '1.5',
  '9'.repeat(25),
  '1%00',
  '%ED%A0%80',
  '%E2%80%AE1%E2%80%8B',
  'a'.repeat(300),
  '%E0%A4%A',
];

/** Raw query values for a parameter of any type. */
const QUERY_VALUES = ['abc', 'a%00b', '%ED%A0%80', '%E2%80%AEx%E2%80%8B', 'x'.repeat(5000)];

const DEEP_ARRAY = '['.repeat(10_000) + ']'.repeat(10_000);
const DEEP_OBJECT = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
const MEGABYTE = 1024 * 1024;

/** Seeded random text: any code point, control characters included. */
const randomTexts = fc.sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), {
  seed: SEED,
  numRuns: 500,
});
let randomIndex = 0;
const randomText = () => randomTexts[randomIndex++ % randomTexts.length] ?? '';

function wrongTypes(schema: Schema): unknown[] {
  const s = resolve(schema);
  const type = s.type ?? (s.anyOf ?? s.oneOf)?.[0]?.type;
  switch (type) {
    case 'string':
      return [12345, { a: 1 }];
    case 'integer':
    case 'number':
      return ['abc', 1.5, -1, 2 ** 53 + 1, '1'];
    case 'boolean':
      return ['yes'];
    case 'array':
      return ['x', [null]];
    case 'object':
      return [[1], 'x'];
  }
  return ['x'];
}

const isString = (schema: Schema) => {
  const s = resolve(schema);
  return s.type === 'string' || (s.anyOf ?? s.oneOf ?? []).some((o) => o.type === 'string');
};

/** Texts every string field gets. */
const nastyTexts = (): unknown[] => [
  'a\u0000b',
  '\u0000',
  LONE_SURROGATE,
  '\u202Eevil\u200B\u200F\uFEFF',
  '../../etc/passwd',
  randomText(),
];

function* bodyVariants(op: Operation, base: Parts): Generator<Variant> {
  const body = base.body;
  if (body?.kind !== 'json') return;
  const schema = resolve(op.json ?? {});
  const value = body.value;
  const withField = (label: string, field: string, fieldValue: unknown, forbidden = false): Variant => [
    label,
    { ...base, body: { kind: 'json', value: { ...(value as object), [field]: fieldValue } } },
    forbidden,
  ];
  const properties = Object.entries(schema.properties ?? {}).filter(([, s]) => s.format !== 'binary');
  for (const [field, fieldSchema] of properties) {
    for (const wrong of wrongTypes(fieldSchema))
      yield withField(`body.${field}=${show(wrong)}`, field, wrong);
    yield withField(`body.${field}=null`, field, null);
    const s = resolve(fieldSchema);
    if (isString(fieldSchema)) {
      for (const text of nastyTexts()) {
        yield withField(`body.${field}=${show(text)}`, field, text, FORBIDDEN_TEXTS.has(text));
      }
    }
    if (s.type === 'array' && s.items && isString(s.items)) {
      for (const text of nastyTexts()) {
        yield withField(`body.${field}[0]=${show(text)}`, field, [text], FORBIDDEN_TEXTS.has(text));
      }
    }
    // One level down: the fields of a nested object, and of the objects in an array.
    const nested = s.type === 'object' ? s : s.type === 'array' ? resolve(s.items ?? {}) : null;
    if (nested?.type === 'object' && nested.properties) {
      const inner = (sample(nested, field, op, roleFor(op)) ?? {}) as Record<string, unknown>;
      for (const [name, innerSchema] of Object.entries(nested.properties)) {
        const texts = isString(innerSchema) ? ['a\u0000b', LONE_SURROGATE] : [];
        for (const bad of [...wrongTypes(innerSchema).slice(0, 1), null, ...texts]) {
          const changed = { ...inner, [name]: bad };
          yield withField(
            `body.${field}.${name}=${show(bad)}`,
            field,
            s.type === 'array' ? [changed] : changed,
            FORBIDDEN_TEXTS.has(bad),
          );
        }
      }
    }
  }
  const firstString = properties.find(([, s]) => isString(s))?.[0];
  if (firstString) {
    yield withField(`body.${firstString}=1 MB`, firstString, 'x'.repeat(MEGABYTE));
    yield withField(`body.${firstString}=1 MB - 1 KB`, firstString, 'x'.repeat(MEGABYTE - 1024));
  }
  const firstField = properties[0]?.[0] ?? 'a';
  const raw = (
    label: string,
    payload: string | Buffer,
    type: string | null = 'application/json',
    forbidden = false,
  ): Variant => [label, { ...base, body: { kind: 'raw', payload, type } }, forbidden];
  const text = JSON.stringify(value);
  // The rest splices into an object body; a body of any JSON gets its own in genericBodyVariants.
  if (!text.startsWith('{')) return;
  const withBytes = (bytes: number[]) =>
    Buffer.concat([Buffer.from(`{"x":"`), Buffer.from(bytes), Buffer.from(`",${text.slice(1)}`)]);
  yield raw(`body.${firstField} nested 10,000 deep`, text.replace(/^\{/, `{"${firstField}":${DEEP_ARRAY},`));
  yield raw('body.<NUL key>', text.replace(/^\{/, '{"\\u0000":1,'), 'application/json', true);
  yield raw('body.<lone surrogate key>', text.replace(/^\{/, '{"\\udc00":1,'), 'application/json', true);
  yield raw('body with a lone surrogate as raw bytes (CESU-8)', withBytes([0xed, 0xa0, 0x80]));
  yield raw('body with invalid UTF-8 bytes', withBytes([0xff, 0xfe, 0xc0, 0x80]));
}

function* genericBodyVariants(op: Operation, base: Parts): Generator<Variant> {
  if (op.method === 'GET') return;
  const raw = (label: string, payload: string | Buffer, type: string | null): Variant => [
    label,
    { ...base, body: { kind: 'raw', payload, type } },
  ];
  if (op.json) {
    // Bodies that take any JSON value (storage) have no fields to vary: the text goes in whole.
    const json = (label: string, payload: string): Variant => [
      label,
      { ...base, body: { kind: 'raw', payload, type: 'application/json' } },
      true,
    ];
    yield json('JSON string with a NUL', '"a\\u0000b"');
    yield json('JSON string with a lone surrogate', '"a\\ud800b"');
    yield json('JSON object with a NUL value', '{"fuzz":"a\\u0000b"}');
    yield json('JSON object with a lone surrogate value', '{"fuzz":"a\\udfffb"}');
    yield json('JSON object with a lone surrogate key', '{"\\ud800":1}');
  }
  yield raw('JSON nested 10,000 deep (arrays)', DEEP_ARRAY, 'application/json');
  yield raw('JSON nested 10,000 deep (objects)', DEEP_OBJECT, 'application/json');
  yield raw('malformed JSON', '{"a":', 'application/json');
  yield raw('empty JSON body', '', 'application/json');
  yield raw('JSON array body', '[1,2]', 'application/json');
  yield raw('JSON null body', 'null', 'application/json');
  yield raw('JSON with a BOM', '\uFEFF{}', 'application/json');
  yield raw('JSON in latin1', '{}', 'application/json; charset=latin1');
  yield raw('text/plain', 'hello', 'text/plain');
  yield raw(
    'application/xml',
    '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    'application/xml',
  );
  yield raw('form-urlencoded', 'a=1&b=2', 'application/x-www-form-urlencoded');
  yield raw('a content type with no type', '{}', ';;;');
  const form = multipartForm([{ name: 'name', value: 'x' }]);
  if (!op.form) yield raw('multipart to a JSON route', form.payload, form.headers['content-type']);
  if (op.form && !op.json) yield raw('JSON to a multipart route', '{"name":"x"}', 'application/json');
}

function* formVariants(op: Operation, base: Parts): Generator<Variant> {
  if (!op.form) return;
  const fields = sample(op.form, 'body', op, roleFor(op)) as Record<string, unknown>;
  const good = multipartForm(formParts(op, fields));
  const boundary = good.headers['content-type'].split('boundary=')[1] ?? '';
  const raw = (label: string, payload: string | Buffer, type: string | null): Variant => [
    label,
    { ...base, body: { kind: 'raw', payload, type } },
  ];
  const form = (label: string, parts: FormPart[]): Variant => [
    label,
    { ...base, body: { kind: 'form', parts } },
  ];
  yield raw('multipart without a boundary', good.payload, 'multipart/form-data');
  yield raw(
    'multipart cut in half',
    good.payload.subarray(0, good.payload.length >> 1),
    good.headers['content-type'],
  );
  yield raw(
    'multipart without its last boundary',
    good.payload.subarray(0, good.payload.length - boundary.length - 8),
    good.headers['content-type'],
  );
  yield raw('multipart with another boundary', good.payload, 'multipart/form-data; boundary=nope');
  yield raw('multipart, empty', '', good.headers['content-type']);
  yield raw('multipart, garbage', randomBytes(512), good.headers['content-type']);
  for (const name of [
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd.pptx',
    'a\u0000b.pptx',
    '\u202Etxt.exe.pptx',
    `${'a'.repeat(5000)}.pptx`,
    '',
  ]) {
    yield form(`file name ${show(name.slice(0, 40))}`, formParts(op, fields, name));
  }
  yield form('file is a Windows program', [
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    filePart(EXE_FILE, 'deck.pptx', PPTX_TYPE),
  ]);
  const fieldParts = Object.entries(fields).map(([name, value]) => ({ name, value: String(value) }));
  yield form('file is half a deck', [
    ...fieldParts,
    filePart(deck().subarray(0, 700), 'deck.pptx', PPTX_TYPE),
  ]);
  yield form('file is random bytes', [...fieldParts, filePart(randomBytes(2048), 'deck.pptx', PPTX_TYPE)]);
  yield form(
    'no file',
    Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
  );
  yield form('two files', [...formParts(op, fields), ...formParts(op, {})]);
  for (const name of Object.keys(fields)) {
    for (const text of ['a\u0000b', '\uD800', '\u202Eevil\u200B']) {
      // A lone surrogate cannot be written as UTF-8: it arrives as U+FFFD, which is fine text.
      const parts = formParts(op, { ...fields, [name]: text });
      yield [
        `form field ${name}=${show(text)}`,
        { ...base, body: { kind: 'form', parts } },
        text.includes('\u0000'),
      ];
    }
  }
  yield form('form field with a NUL name', formParts(op, { ...fields, 'a\u0000': 'x' }));
}

function* variants(op: Operation, base: Parts): Generator<Variant> {
  for (const param of op.pathParams) {
    for (const value of PATH_VALUES) {
      yield [`path :${param}=${value.slice(0, 40)}`, { ...base, path: { ...base.path, [param]: value } }];
    }
  }
  const names = new Set([
    ...op.query.map((parameter) => parameter.name),
    ...base.query.map(([name]) => name),
  ]);
  for (const name of names) {
    const others = base.query.filter(([other]) => other !== name);
    for (const value of QUERY_VALUES) {
      const read = op.query.some((parameter) => parameter.name === name);
      yield [
        `query ${name}=${value.slice(0, 40)}`,
        { ...base, query: [...others, [name, value]] },
        read && value.includes('%00'),
      ];
    }
    const current = base.query.find(([other]) => other === name)?.[1] ?? '1';
    yield [`query ${name} twice`, { ...base, query: [...base.query, [name, current], [name, '2']] }];
  }
  yield ['query with a bad %-escape', { ...base, query: [...base.query, ['term', '%E0%A4%A']] }];
  yield ['query with a broken %-escape key', { ...base, query: [...base.query, ['%zz', '1']] }];
  yield ['query with a bracketed key', { ...base, query: [...base.query, ['workspace_id[a]', '1']] }];
  for (const header of op.headers) {
    for (const value of ['abc', '-1', '1e99', '9'.repeat(30)]) {
      yield [
        `header ${header.name}=${value}`,
        { ...base, headers: { ...base.headers, [header.name]: value } },
      ];
    }
  }
  yield [
    'accept-language garbage',
    { ...base, headers: { ...base.headers, 'accept-language': `${'x;q=abc,'.repeat(500)}` } },
  ];
  yield* bodyVariants(op, base);
  yield* genericBodyVariants(op, base);
  yield* formVariants(op, base);
}

/** The few variants sent without a token: what an anonymous prober sends first. */
function* anonymousVariants(op: Operation, base: Parts): Generator<Variant> {
  const anonymous = { ...base, token: null };
  yield ['anonymous', anonymous];
  if (op.pathParams[0]) {
    const param = op.pathParams[0];
    yield [
      `anonymous, :${param}=../../etc/passwd`,
      { ...anonymous, path: { ...base.path, [param]: enc('../../etc/passwd') } },
    ];
  }
  yield ['anonymous, NUL in the query', { ...anonymous, query: [...base.query, ['term', 'a%00b']] }];
  if (op.method !== 'GET') {
    yield [
      'anonymous, JSON nested 10,000 deep',
      { ...anonymous, body: { kind: 'raw', payload: DEEP_ARRAY, type: 'application/json' } },
    ];
    yield [
      'anonymous, malformed JSON',
      { ...anonymous, body: { kind: 'raw', payload: '{"a":', type: 'application/json' } },
    ];
    yield [
      'anonymous, text/plain',
      { ...anonymous, body: { kind: 'raw', payload: 'hi', type: 'text/plain' } },
    ];
  }
  if (op.form) {
    yield [
      'anonymous, multipart without a boundary',
      { ...anonymous, body: { kind: 'raw', payload: '--x\r\n', type: 'multipart/form-data' } },
    ];
  }
}

// ---------------------------------------------------------------------------------------------
// Sending and judging.

let operationCount = 0;
let requests = 0;
let serverErrors = 0;
let unsendable = 0;

interface Failure {
  cause: string;
  op: string;
  label: string;
  request: string;
  answer: string;
}

const failures: Failure[] = [];

const preview = (payload: InjectOptions['payload']) => {
  if (payload === undefined) return '';
  const text = Buffer.isBuffer(payload) ? payload.toString('latin1') : String(payload);
  return ` body ${JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}… (${text.length} bytes)` : text)}`;
};

/** What is wrong with an answer, or null. */
function judge(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `${response.statusCode}`;
  if (/\.ts:\d+|node_modules|\bat \w+ \(/.test(response.body)) return 'a stack trace in the answer';
  if (response.statusCode < 400) return null;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    return `${response.statusCode} not JSON (${String(response.headers['content-type'])})`;
  }
  try {
    const body = response.json() as { message?: unknown; code?: unknown };
    if (typeof body.message !== 'string' || typeof body.code !== 'string') {
      return `${response.statusCode} not the error envelope`;
    }
  } catch {
    return `${response.statusCode} not JSON`;
  }
  return null;
}

async function send(
  op: Operation,
  label: string,
  parts: Parts,
  forbidden = false,
): Promise<LightMyRequestResponse | null> {
  // `POST /logout` ends the session it is sent with: each request gets a session of its own.
  const token =
    parts.token && op.key === 'POST /api/logout'
      ? await tokenFor(t.db, memberIn('moderator').user)
      : parts.token;
  const options = render(op, { ...parts, token });
  let response: LightMyRequestResponse;
  try {
    response = await t.app.inject(options);
  } catch {
    // light-my-request refused to build the request (a header it cannot send): not the server's doing.
    unsendable += 1;
    return null;
  }
  requests += 1;
  if (response.statusCode >= 500) serverErrors += 1;
  const problem =
    judge(response) ??
    (forbidden && response.statusCode < 400 ? `${response.statusCode}: forbidden text accepted` : null);
  if (problem) {
    let code = '';
    try {
      code = String((response.json() as { code?: unknown }).code ?? '');
    } catch {
      code = '';
    }
    failures.push({
      cause: `${problem}${code ? ` ${code}` : ''} ← ${label.replace(/=.*/, '=…').replace(/:\w+=/, ':param=')}`,
      op: op.key,
      label,
      request: `${options.method} ${String(options.url).slice(0, 200)}${preview(options.payload)}`,
      answer: `${response.statusCode} ${response.body.slice(0, 300)}`,
    });
  }
  return response;
}

/** Failures grouped by cause, each with how many and one reproduction. */
function report(list: Failure[]): string[] {
  const groups = new Map<string, Failure[]>();
  for (const failure of list) groups.set(failure.cause, [...(groups.get(failure.cause) ?? []), failure]);
  return [...groups.entries()].map(([cause, group]) => {
    const first = group[0]!;
    const ops = [...new Set(group.map((failure) => failure.op))];
    return `${cause}: ${group.length}× in ${ops.length} operation(s) (${ops.slice(0, 4).join(', ')}${ops.length > 4 ? ', …' : ''}); e.g. [${first.label}] ${first.request} → ${first.answer}`;
  });
}

let operations: Operation[] = [];

beforeAll(async () => {
  operations = inventory().sort(
    (a, b) => destructiveRank(a) - destructiveRank(b) || b.url.length - a.url.length,
  );
  operationCount = operations.length;
  F = await buildFixture();
}, 60_000);

afterAll(() => {
  // eslint-disable-next-line no-console -- the one-line summary is this test's report
  console.log(
    `fuzz: ${operationCount} operations, ${requests} requests, 5xx=${serverErrors}${unsendable ? `, unsendable=${unsendable}` : ''}`,
  );
});

describe('every operation of the OpenAPI document, fuzzed', () => {
  it('answers a member who may call it with < 500 and the error envelope, whatever the request', async () => {
    const unreachable: string[] = [];
    for (const op of operations) {
      const role = roleFor(op);
      const base = baseParts(op, role);
      const destructive = destructiveRank(op) > 0;
      // The valid request first proves the caller gets past sign-in and the role check (a
      // destructive one is sent last, so that its variants still find the object).
      if (!destructive) {
        const response = await send(op, 'valid request', base);
        if (response && [401, 403].includes(response.statusCode)) {
          unreachable.push(`${op.key} as ${role}: ${response.statusCode} ${response.body}`);
        }
      }
      for (const [label, parts, forbidden] of variants(op, base)) await send(op, label, parts, forbidden);
      if (destructive) await send(op, 'valid request', base);
    }
    expect(unreachable, 'the fuzz must reach past the role check').toEqual([]);
    expect(report(failures.splice(0))).toEqual([]);
  }, 300_000);

  it('answers a caller without a token with < 500 and the error envelope', async () => {
    for (const op of operations) {
      const base = baseParts(op, roleFor(op));
      for (const [label, parts] of anonymousVariants(op, base)) await send(op, label, parts);
    }
    expect(report(failures.splice(0))).toEqual([]);
  }, 120_000);
});
