// Stays whole: the security probes' one model of the API (every operation from the OpenAPI document, a school
// to probe it with, the bodies and ids to send); the fuzz and the authorization matrix both read all of it.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ASSIGNABLE_ROLES,
  EXERCISE_STATUS,
  PERMISSIONS,
  ROLE,
  type Action,
  type RoleName,
} from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import {
  exerciseFiles,
  exerciseSlides,
  exercises,
  lessonPresentations,
  themes,
  type WorkspaceRow,
} from '../db/schema/index.ts';
import { sineTone } from '../db/demo/encode.ts';
import { EXERCISE_FILES } from '../modules/exercises/index.ts';
import type { TestContext } from './app.ts';
import {
  TEST_PASSWORD,
  bearer,
  buildDiagnosis,
  buildExercise,
  buildTemplate,
  buildSignedInMember,
  buildWorkspace,
  type Member,
} from './factories.ts';
import { buildThemeWithAssets, solidPng } from './media.ts';
import { filePart, multipartForm, type FormPart } from './multipart.ts';
import { pptxDeck } from './pptx.ts';

/*
 * What the black-box probes of the API (the OpenAPI fuzz and the authorization matrix) share: the
 * operations read from the OpenAPI document, a project with one object of every kind a path or a
 * body can name, what each path parameter and body field names, and a sampler that builds a valid
 * value from a schema. One copy, so that a new route, parameter or field is taught to both probes
 * at once, and neither can drift into sending requests the other would not.
 */

// ---------------------------------------------------------------------------------------------
// The inventory, from the OpenAPI document.

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

// ---------------------------------------------------------------------------------------------
// A project with one object of every kind.

/** The roles a project's members hold; root is no member (it holds every project). */
export type StaffRole = Exclude<RoleName, 'root'>;

/** The objects of a project, by the kind of thing a path parameter or a body field names. */
export interface ProjectObjects {
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
  /** A protocol template, published, written by the project's teacher. */
  template: number;
  /** A plan of the teacher's student made from that template, filled. */
  protocol: number;
  /** The plan's first lesson, presenting the project's exercise. */
  lesson: number;
  /** A recommended program of the exercise, by the moderator. */
  program: number;
  /** A published diagnostic card, by the moderator. */
  diagnosticCard: number;
  /** A completed diagnosis of the client on that card, by the teacher, sent with a live link. */
  diagnosis: number;
}

/** A project built by `buildProject`. */
export interface Project {
  workspace: WorkspaceRow;
  /** Part of every name in the project, so that an answer showing any of it can be caught. */
  marker: string;
  members: Record<StaffRole, Member>;
  objects: ProjectObjects;
  /** The library assets of the project's theme. */
  themeAssetIds: number[];
}

/** Library assets belong to no project: one asset and its file, for the asset routes. */
export interface LibraryAsset {
  id: number;
  fileId: number;
}

/** The stored value every project's moderator has: what the storage routes' path names. */
const STORAGE_KEY = 'client-storage';
const STORAGE_SUBKEY = 'note';

export const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/**
 * A two-slide deck with a picture and a sound: its upload stores a deck, an image and an audio file,
 * which is what the media and generation routes need to get past "nothing to work on".
 */
export const probeDeck = (): Buffer =>
  pptxDeck([['One'], ['Two']], {
    media: [
      { name: 'image1.png', content: solidPng(80, 160, 255), slides: [1] },
      { name: 'media1.wav', content: sineTone(880, 0.05), slides: [2], poster: 'image1.png' },
    ],
  });

/** The `data` of an API answer, after checking its status (the body is the message when it is not). */
function dataOf(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, `${response.statusCode} ${response.body}`).toBe(status);
  return response.json().data as Record<string, unknown> & { id: number };
}

/**
 * A project whose every name carries `marker`, with one member per role and one object of every
 * kind. Objects are made through the API where it can (so they are what the API itself makes), and
 * in the database where the API needs a job that tests do not run (the rendered slide).
 */
export async function buildProject(t: TestContext, marker: string): Promise<Project> {
  const workspace = await buildWorkspace(t.db, { title: `${marker} School` });
  const members = {} as Record<StaffRole, Member>;
  for (const role of ASSIGNABLE_ROLES as StaffRole[]) {
    members[role] = await buildSignedInMember(t.db, workspace, role, { name: `${marker} ${role}` });
  }
  const target = await buildSignedInMember(t.db, workspace, 'teacher', { name: `${marker} target` });
  const call = (role: StaffRole, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}workspace_id=${workspace.id}&role_id=${ROLE[role]}`,
      headers: bearer(members[role].token),
      ...(payload ? { payload } : {}),
    });
  const taxonomy = `/api/workspaces/${workspace.id}`;
  const category = dataOf(
    await call('moderator', 'POST', `${taxonomy}/categories`, {
      workspace_id: workspace.id,
      name: `${marker} Category`,
      parent: 0,
    }),
    201,
  );
  const tag = dataOf(await call('moderator', 'POST', `${taxonomy}/tags`, { name: `${marker} Tag` }), 201);
  const tag2 = dataOf(await call('moderator', 'POST', `${taxonomy}/tags`, { name: `${marker} Other` }), 201);
  const client = dataOf(
    await call('teacher', 'POST', '/api/clients', {
      client_name: `${marker} Client`,
      child_name: `${marker} Child`,
      remote_id: `${marker}-crm`,
    }),
    201,
  );
  const invitation = dataOf(
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
  const form = multipartForm([filePart(probeDeck(), `${marker}.pptx`, PPTX_TYPE)]);
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
  if (!slide) throw new Error('insert returned no row');
  await t.db.insert(exerciseSlides).values({ exerciseId: exercise.id, position: 1, fileId: slide.id });

  // A theme whose assets fit the deck's, so that the exercise has a themed variant.
  const { theme, assetIds } = await buildThemeWithAssets(t.db, t.app.files, workspace.id, [
    { type: 'background', content: solidPng(10, 10, 120) },
    { type: 'sound', content: sineTone(440, 0.05) },
  ]);
  await t.db
    .update(themes)
    .set({ name: `${marker} Theme` })
    .where(and(eq(themes.id, theme.id), eq(themes.workspaceId, workspace.id)));
  const check = dataOf(
    await call('moderator', 'POST', `/api/exercises/${exercise.id}/check-generate`, { theme_id: theme.id }),
    200,
  );
  const generated = check.generated as { id: number } | null;
  if (!generated) throw new Error(`no themed variant: ${JSON.stringify(check)}`);

  // A protocol template by the teacher, published, so that every reader reaches it.
  const { template } = await buildTemplate(t.db, workspace.id, members.teacher.user.id, {
    title: `${marker} Template`,
  });
  dataOf(await call('moderator', 'POST', `/api/templates/${template.id}/review`, { action: 'publish' }), 200);
  const protocol = dataOf(
    await call('teacher', 'POST', '/api/protocols', {
      client_id: client.id,
      template_id: template.id,
      deadline: '2099-12-31',
    }),
    201,
  );
  // The plan filled, so that it has its lessons; the first presents the exercise (written straight
  // to the table: the exercise is in no folder of the plan), so that reading it shows the marker.
  const blocks = protocol.blocks as {
    key: string;
    folders: { category_id: number }[];
    template_min: number;
    template_max: number;
  }[];
  dataOf(
    await call('teacher', 'PUT', `/api/protocols/${protocol.id}`, {
      deadline: '2099-12-31',
      blocks: blocks.map((block) => ({
        key: block.key,
        folder_id: block.folders[0]?.category_id,
        min_presentations: block.template_min,
        max_presentations: block.template_max,
      })),
    }),
    200,
  );
  const lessonsPage = await call('teacher', 'GET', `/api/lessons?protocol_id=${protocol.id}&per_page=1`);
  expect(lessonsPage.statusCode, lessonsPage.body).toBe(200);
  const lesson = (lessonsPage.json().data as { id: number }[])[0];
  if (!lesson) throw new Error('the filled plan has no lessons');
  await t.db
    .insert(lessonPresentations)
    .values({ lessonId: lesson.id, blockKey: blocks[0]?.key ?? '', position: 0, exerciseId: exercise.id });

  // A recommended program holding the exercise.
  const program = dataOf(
    await call('moderator', 'POST', '/api/recommended-programs', {
      kind: 'program',
      name: `${marker} Program`,
      items: [{ exercise_id: exercise.id, note: `${marker} note` }],
    }),
    201,
  );

  // A published diagnostic card.
  const diagnosticCard = dataOf(
    await call('moderator', 'POST', '/api/diagnostic-cards', {
      title: `${marker} Card`,
      language: 'en',
      category_ids: [category.id],
      blocks: [
        {
          title: `${marker} Block`,
          questions: [
            {
              code: 'q1',
              text: `${marker} Question`,
              type: 'one_variant',
              variants: [
                { label: 'Yes', score: 1 },
                { label: 'No', score: 0 },
              ],
            },
          ],
        },
      ],
      computed: [
        {
          code: 'total',
          title: `${marker} Total`,
          formula: 'q1',
          bands: [{ from: 0, to: 1, label: `${marker} Band`, kind: 'violation' }],
        },
      ],
    }),
    201,
  );
  dataOf(await call('moderator', 'POST', `/api/diagnostic-cards/${diagnosticCard.id}/publish`), 200);

  // A completed diagnosis of the student on that card (in the database: its filling is its own area).
  const diagnosis = await buildDiagnosis(t.db, {
    workspaceId: workspace.id,
    cardId: diagnosticCard.id,
    clientId: client.id,
    filledBy: members.teacher.user.id,
    clientName: `${marker} Client`,
    childName: `${marker} Child`,
    notes: `${marker} note`,
    status: 'sent',
    sentAt: new Date(),
  });

  // A per-user stored value, so that reading it reaches the handler's work (see `globalPathValue`).
  const stored = await t.app.inject({
    method: 'POST',
    url: `/api/storage/${STORAGE_KEY}/${STORAGE_SUBKEY}`,
    headers: bearer(members.moderator.token),
    payload: { text: `${marker} note` },
  });
  expect(stored.statusCode, stored.body).toBe(200);

  return {
    workspace,
    marker,
    members,
    themeAssetIds: assetIds,
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
      template: template.id,
      protocol: protocol.id as number,
      lesson: lesson.id,
      program: program.id,
      diagnosticCard: diagnosticCard.id,
      diagnosis: diagnosis.id,
    },
  };
}

/**
 * A new CRM token of a project, made through the API by its admin (it revokes the one before): what
 * the probes call the CRM's operations with.
 */
export async function crmTokenOf(t: TestContext, project: Project): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/workspaces/${project.workspace.id}/crm-token?role_id=${ROLE.admin}`,
    headers: bearer(project.members.admin.token),
  });
  return dataOf(response, 201).secret as string;
}

/** A library asset and its first file, read through the API as root (assets belong to no project). */
export async function readAsset(t: TestContext, rootToken: string, assetId: number): Promise<LibraryAsset> {
  const asset = dataOf(
    await t.app.inject({ url: `/api/assets/${assetId}`, headers: bearer(rootToken) }),
    200,
  );
  const file = (asset.files as { id: number }[])[0];
  if (!file) throw new Error(`asset ${assetId} has no file`);
  return { id: asset.id, fileId: file.id };
}

/** The member of a project in a role; root is nobody's member, so it comes apart. */
export const memberOf = (project: Project, role: RoleName, root: Member): Member =>
  role === 'root' ? root : project.members[role];

// ---------------------------------------------------------------------------------------------
// What each path parameter and body field names.

/** What a parameter or field names: a kind of project object, something global, or a slide. */
export type Kind = keyof ProjectObjects | 'global' | 'slidePosition';

/**
 * The kind of object a path parameter names. It throws for a parameter it does not know, so that a
 * new route cannot be probed with a guessed value: teach it here, and both probes learn it.
 */
export function pathKind(op: Operation, param: string): Kind {
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
    case 'programId':
      return 'program';
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
function globalPathValue(op: Operation, param: string, asset: LibraryAsset): string {
  if (param === 'key') return STORAGE_KEY;
  if (param === 'subkey') return STORAGE_SUBKEY;
  if (param === 'name') return 'no-such-avatar.png';
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
  return objects[kind];
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
    case 'program_id':
      return 'program';
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
  if (/_ids?$/.test(field)) {
    throw new Error(`${op.key}: what does the body field ${field} name? Add it to bodyKind.`);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Valid values from schemas.

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
