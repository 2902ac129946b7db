import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INT_MAX, roleMay, type RoleName } from '@logoschool/contract';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { bearer, buildSignedInMember, tokenFor, type Member } from '../test/factories.ts';
import { filePart, multipartForm, type FormPart } from '../test/multipart.ts';
import { readInventory, type Inventory, type Operation, type Schema } from '../test/openapi.ts';
import {
  PPTX_TYPE,
  buildProject,
  crmTokenOf,
  memberOf,
  probeDeck,
  readAsset,
  type LibraryAsset,
  type Project,
} from '../test/probe-project.ts';
import {
  actingQuery,
  answerProblem,
  fieldParts,
  formParts,
  pathValue,
  sample as sampleFor,
} from '../test/probe-values.ts';
import { EXE_FILE } from '../test/pptx.ts';

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

/** Operations that change or end what later operations work on go last, in this order. */
function destructiveRank(op: Operation): number {
  if (op.url.endsWith('/archive')) return 5;
  if (op.url.endsWith('/restore')) return 6;
  if (op.key === 'DELETE /api/exercises/:exerciseId' || op.url.endsWith('/bulk/delete')) return 4;
  if (op.method === 'DELETE' || op.url.endsWith('/merge')) return op.url.includes('/exercises/') ? 2 : 3;
  return 0;
}

// ---------------------------------------------------------------------------------------------
// The project the fuzz works in (one member per role, one object of every kind), and whom it
// calls each operation as.

let api: Inventory;
let project: Project;
/** Root is a member of the fuzz project too, and the library asset is one of its theme's. */
let root: Member;
let asset: LibraryAsset;

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

const memberIn = (role: RoleName) => memberOf(project, role, root);

// ---------------------------------------------------------------------------------------------
// A valid request for an operation.

const resolve = (schema: Schema) => api.resolve(schema);

/** A valid value for a field of the fuzz project, called by `role`. */
const sample = (schema: Schema, name: string, op: Operation, role: RoleName) =>
  sampleFor(schema, name, { api, op, role, acting: project.objects, asset, prefix: 'Fuzz' });

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
  const path = Object.fromEntries(
    op.pathParams.map((param) => [param, pathValue(op, param, project.objects, asset)]),
  );
  const query = actingQuery(op, project.objects.workspace, role, (parameter) =>
    sample(parameter.schema ?? {}, parameter.name, op, role),
  );
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
    options.payload = JSON.stringify(body.value)
      .replaceAll(`"${LONE_SURROGATE}"`, '"a\\ud800b"')
      .replaceAll(`"${UNSAFE_INTEGER}"`, '9007199254740993');
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
type Variant = [label: string, parts: Parts, forbidden?: boolean, number?: OutOfRange];

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
const QUERY_VALUES = [
  'abc',
  'a%00b',
  '%ED%A0%80',
  '%E2%80%AEx%E2%80%8B',
  'x'.repeat(5000),
  '2147483648',
  '1e20',
];

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

/**
 * Integers no field may take (issue 24): past PostgreSQL's `integer` (2^31), negative, past any
 * exact double (1e20) and one past the largest safe integer. Each must be a 4xx, never a 500.
 */
const OUT_OF_RANGE = ['2^31', '-1', '1e20', '2^53+1'] as const;
type OutOfRange = (typeof OUT_OF_RANGE)[number];

/** 2^53 + 1 has no double: the body carries this mark, and `render` writes the digits in its place. */
const UNSAFE_INTEGER = '__2^53+1__';

const OUT_OF_RANGE_VALUES: Record<OutOfRange, number | string> = {
  '2^31': 2 ** 31,
  '-1': -1,
  '1e20': 1e20,
  '2^53+1': UNSAFE_INTEGER,
};

/** Out-of-range integers sent, by value, and how many of them were answered 5xx. */
const outOfRange = new Map<OutOfRange, { sent: number; serverErrors: number }>(
  OUT_OF_RANGE.map((name) => [name, { sent: 0, serverErrors: 0 }]),
);

/** The schema an `anyOf`/`oneOf` stands for: its first option that is not `null`. */
function concrete(schema: Schema): Schema {
  const s = resolve(schema);
  const options = s.anyOf ?? s.oneOf;
  if (!options) return s;
  return concrete(options.find((option) => resolve(option).type !== 'null') ?? options[0] ?? {});
}

/**
 * Every integer of a value of `schema`, at any depth (object properties, the first item of an
 * array), each with every out-of-range number: the label of its place, the whole value with that
 * number in it, and the number.
 */
function* integerPlaces(
  schema: Schema,
  value: unknown,
  fill: (schema: Schema, name: string) => unknown,
  name: string,
  depth = 0,
): Generator<[label: string, value: unknown, number: OutOfRange]> {
  if (depth > 8) return;
  const s = concrete(schema);
  if (s.type === 'integer') {
    for (const number of OUT_OF_RANGE) yield ['', OUT_OF_RANGE_VALUES[number], number];
    return;
  }
  if (s.type === 'array' && s.items) {
    const items = Array.isArray(value) ? value : [];
    const first = items.length > 0 ? items[0] : fill(s.items, name);
    for (const [label, changed, number] of integerPlaces(s.items, first, fill, name, depth + 1)) {
      yield [`[0]${label}`, [changed, ...items.slice(1)], number];
    }
    return;
  }
  if (s.type === 'object' && s.properties) {
    const object = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    for (const [field, fieldSchema] of Object.entries(s.properties)) {
      const current = field in object ? object[field] : fill(fieldSchema, field);
      for (const [label, changed, number] of integerPlaces(fieldSchema, current, fill, field, depth + 1)) {
        yield [`.${field}${label}`, { ...object, [field]: changed }, number];
      }
    }
  }
}

/** Every integer field of a JSON body, at any depth, set to each out-of-range number. */
function* integerVariants(op: Operation, base: Parts): Generator<Variant> {
  const body = base.body;
  if (body?.kind !== 'json' || !op.json) return;
  const fill = (schema: Schema, name: string) => sample(schema, name, op, roleFor(op));
  for (const [label, value, number] of integerPlaces(op.json, body.value, fill, 'body')) {
    yield [`body${label}=${number}`, { ...base, body: { kind: 'json', value } }, false, number];
  }
}

/** Where an input schema holds an integer without a bound the database can hold, at any depth. */
function unboundedIntegers(schema: Schema, place: string, depth = 0): string[] {
  if (depth > 8) return [];
  const s = resolve(schema);
  const options = s.anyOf ?? s.oneOf;
  if (options) return options.flatMap((option) => unboundedIntegers(option, place, depth + 1));
  if (s.type === 'integer') {
    const bounded = s.maximum !== undefined && s.maximum <= INT_MAX && s.minimum !== undefined;
    return bounded ? [] : [`${place} (minimum ${s.minimum}, maximum ${s.maximum})`];
  }
  if (s.type === 'array' && s.items) return unboundedIntegers(s.items, `${place}[]`, depth + 1);
  return Object.entries(s.properties ?? {}).flatMap(([field, fieldSchema]) =>
    unboundedIntegers(fieldSchema, `${place}.${field}`, depth + 1),
  );
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
  const text = fieldParts(fields);
  yield form('file is a Windows program', [...text, filePart(EXE_FILE, 'deck.pptx', PPTX_TYPE)]);
  yield form('file is half a deck', [
    ...text,
    filePart(probeDeck().subarray(0, 700), 'deck.pptx', PPTX_TYPE),
  ]);
  yield form('file is random bytes', [...text, filePart(randomBytes(2048), 'deck.pptx', PPTX_TYPE)]);
  yield form('no file', text);
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
  yield* integerVariants(op, base);
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

async function send(
  op: Operation,
  label: string,
  parts: Parts,
  forbidden = false,
  number?: OutOfRange,
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
  const count = number === undefined ? undefined : outOfRange.get(number);
  if (count) {
    count.sent += 1;
    if (response.statusCode >= 500) count.serverErrors += 1;
  }
  const problem =
    answerProblem(response) ??
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
  api = readInventory(t.app);
  operations = api.operations.sort(
    (a, b) => destructiveRank(a) - destructiveRank(b) || b.url.length - a.url.length,
  );
  operationCount = operations.length;
  project = await buildProject(t, `Fuzz-${randomBytes(3).toString('hex')}`);
  root = await buildSignedInMember(t.db, project.workspace, 'root');
  asset = await readAsset(t, root.token, project.themeAssetIds[0]!);
}, 60_000);

afterAll(() => {
  // eslint-disable-next-line no-console -- the one-line summary is this test's report
  console.log(
    `fuzz: ${operationCount} operations, ${requests} requests, 5xx=${serverErrors}${unsendable ? `, unsendable=${unsendable}` : ''}`,
  );
  // eslint-disable-next-line no-console -- the out-of-range integers' counts (issue 24)
  console.log(
    `fuzz out-of-range integers: ${[...outOfRange.entries()]
      .map(([number, count]) => `${number}: ${count.sent} sent, ${count.serverErrors} 5xx`)
      .join('; ')}`,
  );
});

describe('every operation of the OpenAPI document, fuzzed', () => {
  it('answers a member who may call it with < 500 and the error envelope, whatever the request', async () => {
    const unreachable: string[] = [];
    for (const op of operations) {
      const role = roleFor(op);
      const base = baseParts(op, role);
      // The CRM calls with its project's token, made anew: an earlier operation may have replaced it.
      if (op.crm) base.token = await crmTokenOf(t, project);
      const destructive = destructiveRank(op) > 0;
      // The valid request first proves the caller gets past sign-in and the role check (a
      // destructive one is sent last, so that its variants still find the object).
      if (!destructive) {
        const response = await send(op, 'valid request', base);
        if (response && [401, 403].includes(response.statusCode)) {
          unreachable.push(`${op.key} as ${role}: ${response.statusCode} ${response.body}`);
        }
      }
      for (const [label, parts, forbidden, number] of variants(op, base)) {
        await send(op, label, parts, forbidden, number);
      }
      if (destructive) await send(op, 'valid request', base);
    }
    expect(unreachable, 'the fuzz must reach past the role check').toEqual([]);
    expect(report(failures.splice(0))).toEqual([]);
    for (const [number, count] of outOfRange) {
      expect(count.sent, `${number} sent in every integer field of every body`).toBeGreaterThan(50);
      expect(count.serverErrors, `${number}: answers 5xx`).toBe(0);
    }
  }, 300_000);

  it('bounds every integer of every body, query and path by what the database holds (issue 24)', () => {
    const unbounded: string[] = [];
    for (const op of operations) {
      for (const [place, schema] of [
        ['body', op.json],
        ['form', op.form],
        ...op.query.map((parameter) => [`query.${parameter.name}`, parameter.schema] as const),
      ] as const) {
        if (schema) unbounded.push(...unboundedIntegers(schema, place).map((where) => `${op.key} ${where}`));
      }
    }
    expect(unbounded, 'give each a .max() (bodyId, idParam or a named limit of the contract)').toEqual([]);
  });

  it('answers a caller without a token with < 500 and the error envelope', async () => {
    for (const op of operations) {
      const base = baseParts(op, roleFor(op));
      for (const [label, parts] of anonymousVariants(op, base)) await send(op, label, parts);
    }
    expect(report(failures.splice(0))).toEqual([]);
  }, 120_000);
});
