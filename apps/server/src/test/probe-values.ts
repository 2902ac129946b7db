/**
 * What each path parameter and body field of an operation names, and valid values from schemas,
 * for the black-box probes of the API (see `openapi.ts`).
 */
import { areaKind } from './area-probes.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { EXERCISE_STATUS, ROLE, type RoleName } from '@logoschool/contract';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_PASSWORD } from './factories.ts';
import { solidPng } from './media.ts';
import { filePart, type FormPart } from './multipart.ts';
import { projectAction, type Inventory, type Operation, type Parameter, type Schema } from './openapi.ts';
import {
  PPTX_TYPE,
  probeDeck,
  STORAGE_KEY,
  STORAGE_SUBKEY,
  type LibraryAsset,
  type ProjectObjects,
} from './probe-project.ts';

/** What a parameter or field names: a kind of project object, something global, or a slide. */
/** The kind of object a name points at: a shared kind, an area's (`area:<kind>`), the library, a slide. */
export type Kind = Exclude<keyof ProjectObjects, 'areas'> | `area:${string}` | 'global' | 'slidePosition';

/**
 * The kind of object a path parameter names. It throws for a parameter it does not know, so that a
 * new route cannot be probed with a guessed value: teach it here, and both probes learn it.
 */
export function pathKind(op: Operation, param: string): Kind {
  const ofArea = areaKind('pathParams', param, op.url);
  if (ofArea?.own) return ofArea.kind === 'global' ? 'global' : `area:${ofArea.kind}`;
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
    case 'templateId':
      return 'template';
    case 'protocolId':
      return 'protocol';
    case 'lessonId':
      return 'lesson';
    case 'cardId':
      return 'diagnosticCard';
    case 'diagnosisId':
      return 'diagnosis';
    case 'position':
      return 'slidePosition';
    case 'key':
    case 'subkey':
    case 'name':
    case 'token':
    case 'language':
      // `language`: an interface language (`/texts/:language`, the localization editor's files).
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
  if (ofArea !== undefined) return `area:${ofArea.kind}`;
  throw new Error(
    `${op.key}: what does the path parameter :${param} name? Add it to pathKind or the area's probe.`,
  );
}

/** The value of a path parameter that names a global object (the asset library, storage, avatars). */
function globalPathValue(op: Operation, param: string, asset: LibraryAsset): string {
  if (param === 'key') return STORAGE_KEY;
  if (param === 'subkey') return STORAGE_SUBKEY;
  if (param === 'name') return 'no-such-avatar.png';
  if (param === 'language') return 'uk';
  // A plan link's token of the right shape that names no plan.
  if (param === 'token') return 'x'.repeat(43);
  if (op.url.startsWith('/api/medias/') || op.url.startsWith('/api/file/download/')) {
    return String(asset.fileId);
  }
  return String(asset.id);
}

/** The id of an object of a kind: the project's own, the library asset, or the first slide. */
function idOf(objects: ProjectObjects, kind: Kind, asset: LibraryAsset): number {
  if (kind === 'global') return asset.id;
  if (kind === 'slidePosition') return 1;
  if (kind.startsWith('area:')) {
    const id = objects.areas[kind.slice('area:'.length)];
    if (id === undefined) throw new Error(`No area's probe makes a ${kind}`);
    return id;
  }
  return objects[kind as Exclude<Kind, `area:${string}` | 'global' | 'slidePosition'>];
}

/** A valid value for a path parameter: the object of `objects` it names. */
export function pathValue(
  op: Operation,
  param: string,
  objects: ProjectObjects,
  asset: LibraryAsset,
): string {
  const kind = pathKind(op, param);
  return kind === 'global' ? globalPathValue(op, param, asset) : String(idOf(objects, kind, asset));
}

/**
 * The kind of object a body field (or query parameter) names, or null for a field that names none.
 * It throws for an unknown field whose name says it is an id, for the reason `pathKind` does.
 */
export function bodyKind(op: Operation, field: string): Kind | null {
  const ofArea = areaKind('bodyFields', field, op.url);
  if (ofArea?.own) return ofArea.kind === 'global' ? 'global' : `area:${ofArea.kind}`;
  switch (field) {
    case 'workspace_id':
    case 'shared_workspace_ids':
      return 'workspace';
    case 'user_id':
    case 'user_ids':
    case 'teacher_id':
      return 'user';
    case 'to_workspace_id':
      return 'workspace';
    case 'exercise_id':
    case 'exercise_ids':
      return 'exercise';
    case 'theme_id':
    case 'theme_ids':
      return 'theme';
    case 'client_id':
      return 'client';
    case 'template_id':
      return 'template';
    case 'protocol_id':
      return 'protocol';
    case 'lesson_id':
      return 'lesson';
    case 'diagnosis_id':
      return 'diagnosis';
    case 'card_id':
      return 'diagnosticCard';
    case 'file_id':
      return 'deckFile';
    case 'invitation_id':
      return 'invitation';
    case 'into_id':
      return 'tag2';
    case 'tag_ids':
      return 'tag';
    case 'category_ids':
      return 'category';
    case 'category_id':
    case 'folder_id':
    case 'parent':
    case 'link_id':
      return 'category';
    // The categories' bulk save names categories; a program's items are objects naming exercises.
    case 'items':
      return op.url.includes('/categories') ? 'category' : null;
    case 'ids':
      return op.url.includes('/generated/') ? 'generated' : 'exercise';
    case 'asset_id':
    case 'asset_ids':
    case 'env_id':
      return 'global';
    // Not objects: the role acted as, a status of the status machine, the student's id in the CRM.
    case 'role_id':
    case 'status_id':
    case 'remote_id':
      return null;
  }
  if (ofArea !== undefined) return `area:${ofArea.kind}`;
  if (/_ids?$/.test(field)) {
    throw new Error(
      `${op.key}: what does the body field ${field} name? Add it to bodyKind or the area's probe.`,
    );
  }
  return null;
}

/** Whom and what a sampled value is for. */
export interface SampleContext {
  api: Inventory;
  op: Operation;
  /** The role acted as: its id for `role_id` (none: sampled from the schema like any field). */
  role: RoleName | null;
  /** The project whose objects the fields name. */
  acting: ProjectObjects;
  /** Another project's objects for some fields (the matrix names B's in one field at a time). */
  from?: (field: string) => ProjectObjects | undefined;
  asset: LibraryAsset;
  /** The first word of every sampled text, telling which probe wrote a row. */
  prefix: string;
  /** Whether optional fields that name an object are sent too (they are what the matrix is about). */
  namedOptional?: boolean;
}

/**
 * Values that a field's name tells and its schema does not: a library asset that exists, the test
 * users' password, a real role and status, a date range in order, a token as long as a real one,
 * and a dry run (check-generate then only checks, so later operations still find the exercise).
 */
const BY_NAME: Record<string, (c: SampleContext) => unknown> = {
  asset_id: (c) => c.asset.id,
  asset_ids: (c) => [c.asset.id],
  env_id: () => 1,
  email: (c) => `${c.prefix.toLowerCase()}-${randomBytes(4).toString('hex')}@example.test`,
  password: () => TEST_PASSWORD,
  password_confirmation: () => TEST_PASSWORD,
  roles: () => ['teacher'],
  role: () => 'teacher',
  status_id: () => EXERCISE_STATUS.declined,
  start_date: () => '2024-01-01',
  end_date: () => '2024-01-31',
  // A plan's schedule: a time of day and a time zone the runtime knows.
  time: () => '16:00',
  time_zone: () => 'Europe/Kyiv',
  // A teacher's availability (booking): weekly hours as 'HH:MM', no exceptions.
  weekly: () => [{ weekday: 1, start: '09:00', end: '17:00' }],
  exceptions: () => [],
  token: () => 'x'.repeat(43),
  dry_run: () => true,
  age_from: () => 3,
  age_to: () => 7,
  asset_type: () => 'background',
  remote_id: (c) => `${c.prefix.toLowerCase()}-${randomBytes(3).toString('hex')}`,
  // A diagnostic card question's formula name (letters, digits, _); the sampled card has one question.
  code: () => 'q1',
};

/** The value of a field that names an object of a project (see `bodyKind`). */
function objectValue(name: string, s: Schema, kind: Kind, c: SampleContext): unknown {
  const from = c.from?.(name) ?? c.acting;
  const id = idOf(from, kind, c.asset);
  if (name === 'items') return [{ id, parent: 0, order: 0 }];
  // Of its own project the valid value is "no parent" / "no link"; another project's id is the probe.
  if (name === 'parent' && from === c.acting) return 0;
  if (name === 'link_id' && from === c.acting) return null;
  return s.type === 'array' ? [id] : id;
}

/**
 * A valid value for a body field or query parameter: by its name where the name tells (the objects
 * of `c.acting`, see `bodyKind` and `BY_NAME`), else from its schema. Objects get their required
 * fields; file fields are left to the form's own file part (`formParts`).
 */
export function sample(schema: Schema, name: string, c: SampleContext): unknown {
  const s = c.api.resolve(schema);
  const kind = bodyKind(c.op, name);
  if (kind && kind !== 'global') return objectValue(name, s, kind, c);
  if (name === 'role_id' && c.role) return ROLE[c.role];
  const byName = BY_NAME[name];
  if (byName) return byName(c);
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    // Not the "clear the field" option (an empty string): it is valid, but tests nothing.
    const option = options.find((o) => !(o.enum?.length === 1 && o.enum[0] === '')) ?? options[0] ?? {};
    return sample(option, name, c);
  }
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'string': {
      if (s.format === 'date') return '2030-01-15';
      if (s.format === 'date-time') return '2030-01-15T09:00:00Z';
      if (s.format === 'uuid') return randomUUID();
      const text = `${c.prefix} ${name} ${randomBytes(3).toString('hex')}`;
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
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sample(s.items ?? {}, name, c));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [field, fieldSchema] of Object.entries(s.properties ?? {})) {
        if (fieldSchema.format === 'binary') continue;
        const named = c.namedOptional === true && ![null, 'global'].includes(bodyKind(c.op, field));
        // A moderator files a request (spec: `request` required): without it the create stops
        // before the handler's work; an author writes a draft without.
        const moderatorRequest =
          field === 'request' && c.role === 'moderator' && c.op.key === 'POST /api/exercises';
        if ((s.required?.includes(field) ?? false) || named || moderatorRequest) {
          value[field] = sample(fieldSchema, field, c);
        }
      }
      return value;
    }
  }
  return null;
}

/**
 * The query an operation needs besides its path: the project and role acted as (DESIGN §4: every
 * call in a project names both), then each required parameter, sampled. Pairs, unencoded: the fuzz
 * sends them raw and the matrix through URLSearchParams.
 */
export function actingQuery(
  op: Operation,
  workspaceId: number,
  role: RoleName | null,
  sampleParameter: (parameter: Parameter) => unknown,
): [string, string][] {
  const query: [string, string][] = [];
  const inProject = projectAction(op) !== null;
  if (inProject && !op.pathParams.includes('workspaceId')) query.push(['workspace_id', String(workspaceId)]);
  if (role && (inProject || op.query.some((parameter) => parameter.name === 'role_id'))) {
    query.push(['role_id', String(ROLE[role])]);
  }
  for (const parameter of op.query) {
    if (parameter.required && !query.some(([name]) => name === parameter.name)) {
      query.push([parameter.name, String(sampleParameter(parameter))]);
    }
  }
  return query;
}

/** The text fields of a form, one part each. */
export const fieldParts = (fields: Record<string, unknown>): FormPart[] =>
  Object.entries(fields).map(([name, value]) => ({ name, value: String(value) }));

/**
 * A valid multipart form for an operation: its fields, then one file of the kind the route takes
 * (a deck for an exercise, a PNG for an asset or an avatar).
 */
export function formParts(op: Operation, fields: Record<string, unknown>, filename?: string): FormPart[] {
  const file = op.url.startsWith('/api/exercises/')
    ? filePart(probeDeck(), filename ?? 'deck.pptx', PPTX_TYPE)
    : filePart(solidPng(5, 5, 5), filename ?? 'probe.png', 'image/png');
  return [...fieldParts(fields), file];
}

// ---------------------------------------------------------------------------------------------
// Judging answers.

/**
 * What is wrong with an answer whatever was asked (DESIGN §4), or null: a 5xx, a stack trace, or an
 * error that is not the JSON envelope `{ message, code }` the web app shows.
 */
export function answerProblem(response: LightMyRequestResponse): string | null {
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
