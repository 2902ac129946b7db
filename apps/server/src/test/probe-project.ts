/** A project with one object of every kind, for the black-box probes of the API (see `openapi.ts`). */
import { ASSIGNABLE_ROLES, EXERCISE_STATUS, ROLE, type RoleName } from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
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
import { buildAreaObjects } from './area-probes.ts';
import {
  bearer,
  buildDiagnosis,
  buildExercise,
  buildTemplate,
  buildSignedInMember,
  buildWorkspace,
  type Member,
} from './factories.ts';
import { buildThemeWithAssets, solidPng } from './media.ts';
import { filePart, multipartForm } from './multipart.ts';
import { pptxDeck } from './pptx.ts';

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
  /** A published diagnostic card, by the moderator. */
  diagnosticCard: number;
  /** A completed diagnosis of the client on that card, by the teacher, sent with a live link. */
  diagnosis: number;
  /** The objects the areas' own probes make (`modules/<area>/<area>.probe.ts`), by kind. */
  areas: Record<string, number>;
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
export const STORAGE_KEY = 'client-storage';
export const STORAGE_SUBKEY = 'note';

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
  const call = (
    role: StaffRole,
    method: InjectOptions['method'],
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}workspace_id=${workspace.id}&role_id=${ROLE[role]}`,
      headers: { ...headers, ...bearer(members[role].token) },
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
    // What a game theme takes (games' probe): library assets, here only to exist.
    { type: 'game_background', content: solidPng(20, 140, 20) },
    { type: 'character', content: solidPng(200, 60, 60) },
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

  const shared = {
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
    diagnosticCard: diagnosticCard.id,
    diagnosis: diagnosis.id,
  };
  const areas = await buildAreaObjects({ marker, workspaceId: workspace.id, call }, shared);
  return { workspace, marker, members, themeAssetIds: assetIds, objects: { ...shared, areas } };
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
