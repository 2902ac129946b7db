import fs from 'node:fs';
import path from 'node:path';
import { EXERCISE_STATUS, type ExerciseMedia, type RoleName } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { exerciseFiles, exercises, type WorkspaceRow } from '../../db/schema/index.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { sineTone } from '../../db/demo/encode.ts';
import { useTestApp } from '../../test/app.ts';
import {
  bearer,
  buildExercise,
  buildSignedInMember,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';
import { solidPng } from '../../test/media.ts';
import { filePart, multipartForm } from '../../test/multipart.ts';
import { deckFiles, pptxDeck, TINY_JPEG, zipArchive, type DeckMedia } from '../../test/pptx.ts';
import { EXERCISE_FILES } from './exercises.service.ts';

const t = useTestApp();

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const SLIDES = [['One'], ['Two'], ['Three']];
const SKY = solidPng(80, 160, 255);
const CAT = solidPng(250, 120, 0);
const BELL = sineTone(880, 0.2);

/** Two pictures (slides 1 and 3) and a sound on slide 2, its icon the first picture. */
const MEDIA: DeckMedia[] = [
  { name: 'image1.png', content: SKY, slides: [1] },
  { name: 'image2.jpeg', content: TINY_JPEG, slides: [3], frame: { x: 0, y: 0, cx: 914400, cy: 914400 } },
  { name: 'media1.wav', content: BELL, slides: [2], poster: 'image1.png' },
];

const member = (workspace: WorkspaceRow, role: RoleName) => buildSignedInMember(t.db, workspace, role);

async function buildSchool() {
  const workspace = await buildWorkspace(t.db);
  return {
    workspace,
    moderator: await member(workspace, 'moderator'),
    author: await member(workspace, 'author'),
    otherAuthor: await member(workspace, 'author'),
    teacher: await member(workspace, 'teacher'),
    manager: await member(workspace, 'manager'),
  };
}

const acting = (who: Member) => `workspace_id=${who.workspace.id}&role_id=${who.roleId}`;
const headers = (who: Member | null, lang = 'en') => ({
  'accept-language': lang,
  ...(who ? bearer(who.token) : {}),
});

const call = (
  who: Member | null,
  method: InjectOptions['method'],
  url: string,
  payload?: object,
  options: { as?: Member; lang?: string } = {},
) => {
  const as = options.as ?? who;
  return t.app.inject({
    method,
    url: `/api${url}${as ? `?${acting(as)}` : ''}`,
    headers: headers(who, options.lang),
    ...(payload ? { payload } : {}),
  });
};

function upload(who: Member, exerciseId: number, content: Buffer) {
  const form = multipartForm([filePart(content, 'deck.pptx', PPTX_TYPE)]);
  return t.app.inject({
    method: 'POST',
    url: `/api/exercises/${exerciseId}/files?${acting(who)}`,
    payload: form.payload,
    headers: { ...form.headers, ...headers(who) },
  });
}

const message = (key: FieldMessage, lang: 'en' | 'uk' = 'en') => text(lang, `fields.${key}`);

const storedFiles = () => {
  const dir = path.join(t.app.config.dataDir, 'files', EXERCISE_FILES);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

const storedNamesOf = async (exerciseId: number) =>
  (await t.db.select().from(exerciseFiles).where(eq(exerciseFiles.exerciseId, exerciseId))).map(
    (row) => row.storedName,
  );

/** An author's draft with the deck uploaded through the API. */
async function draftWithDeck(who: Member, deck = pptxDeck(SLIDES, { media: MEDIA })) {
  const draft = await buildExercise(t.db, who.workspace.id, who.user.id, { statusId: EXERCISE_STATUS.draft });
  const response = await upload(who, draft.id, deck);
  expect(response.statusCode, response.body).toBe(201);
  return draft;
}

const images = async (who: Member, exerciseId: number) =>
  (await call(who, 'GET', `/exercises/${exerciseId}/images`)).json().data as ExerciseMedia[];
const audios = async (who: Member, exerciseId: number) =>
  (await call(who, 'GET', `/exercises/${exerciseId}/audios`)).json().data as ExerciseMedia[];

describe('the media of an uploaded deck', () => {
  it('lists the pictures and the sound with the slides that use them, by first slide then name', async () => {
    const school = await buildSchool();
    const draft = await draftWithDeck(school.author);
    const pictures = await images(school.author, draft.id);
    const workspaceId = school.workspace.id;
    expect(pictures).toEqual([
      {
        id: expect.any(Number),
        kind: 'image',
        name: 'image1.png',
        mime: 'image/png',
        size: SKY.length,
        slides: [1, 2],
        asset_type: null,
        file_url: `/api/exercises/${draft.id}/media/${pictures[0]?.id}?workspace_id=${workspaceId}`,
      },
      expect.objectContaining({ kind: 'image', name: 'image2.jpeg', mime: 'image/jpeg', slides: [3] }),
    ]);
    const sounds = await audios(school.author, draft.id);
    expect(sounds).toEqual([
      expect.objectContaining({
        kind: 'audio',
        name: 'media1.wav',
        mime: 'audio/wav',
        slides: [2],
        size: BELL.length,
      }),
    ]);
    // The moderator reads them too.
    expect(await images(school.moderator, draft.id)).toEqual(pictures);
  });

  it('leaves out a part of ppt/media whose bytes are no picture or sound, whatever its name', async () => {
    const school = await buildSchool();
    const files = [
      ...deckFiles(SLIDES, { media: [MEDIA[0] as DeckMedia] }),
      { name: 'ppt/media/image9.png', content: Buffer.from('just some text, named like a picture') },
      { name: 'ppt/media/image10.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ];
    const draft = await draftWithDeck(school.author, zipArchive(files));
    expect((await images(school.author, draft.id)).map((media) => media.name)).toEqual(['image1.png']);
    expect(await audios(school.author, draft.id)).toEqual([]);
  });

  it('keeps the marks of unchanged pictures and sounds when a revised deck is uploaded', async () => {
    const school = await buildSchool();
    const draft = await draftWithDeck(school.author);
    const [sky, jpeg] = await images(school.author, draft.id);
    const [bell] = await audios(school.author, draft.id);
    for (const [media, type] of [
      [sky, 'background'],
      [jpeg, 'character'],
      [bell, 'sound'],
    ] as const) {
      const response = await call(school.author, 'PUT', `/exercises/${draft.id}/media/${media?.id}`, {
        asset_type: type,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const before = await storedNamesOf(draft.id);
    // Other slide text, the same sky and bell, a new character picture.
    const revised = pptxDeck([['One, revised'], ['Two'], ['Three']], {
      media: [MEDIA[0] as DeckMedia, { ...(MEDIA[1] as DeckMedia), content: CAT }, MEDIA[2] as DeckMedia],
    });
    expect((await upload(school.author, draft.id, revised)).statusCode).toBe(201);
    const marks = [
      ...(await images(school.author, draft.id)),
      ...(await audios(school.author, draft.id)),
    ].map((media) => [media.name, media.asset_type]);
    expect(marks).toEqual([
      ['image1.png', 'background'],
      ['image2.jpeg', null],
      ['media1.wav', 'sound'],
    ]);
    // The old deck's files are gone, the new one's stored: deck and three media.
    const after = await storedNamesOf(draft.id);
    expect(after).toHaveLength(4);
    expect(after.every((name) => storedFiles().includes(name))).toBe(true);
    expect(storedFiles().filter((name) => before.includes(name))).toEqual([]);
  });

  it('goes with the deck when it is removed, and with the exercise when that is deleted', async () => {
    const school = await buildSchool();
    const draft = await draftWithDeck(school.author);
    expect(storedFiles()).not.toEqual([]);
    const removed = await call(school.author, 'DELETE', `/exercises/${draft.id}/files`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await images(school.author, draft.id)).toEqual([]);
    expect(await audios(school.author, draft.id)).toEqual([]);
    const rows = await t.db.select().from(exerciseFiles).where(eq(exerciseFiles.exerciseId, draft.id));
    expect(rows).toEqual([]);

    const other = await draftWithDeck(school.author);
    const names = await storedNamesOf(other.id);
    expect(names).toHaveLength(4);
    expect((await call(school.author, 'DELETE', `/exercises/${other.id}`)).statusCode).toBe(200);
    expect(storedFiles().filter((name) => names.includes(name))).toEqual([]);
  });
});

describe.each(['images', 'audios'] as const)('GET /exercises/:id/%s', (list) => {
  it('answers 401 without a token', async () => {
    const school = await buildSchool();
    const draft = await draftWithDeck(school.author);
    const response = await call(null, 'GET', `/exercises/${draft.id}/${list}`, undefined, {
      as: school.author,
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a manager (no exercises.read)', async () => {
    const school = await buildSchool();
    const draft = await draftWithDeck(school.author);
    const response = await call(school.manager, 'GET', `/exercises/${draft.id}/${list}`);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for another project’s exercise and for one the caller may not read', async () => {
    const school = await buildSchool();
    const other = await buildSchool();
    const draft = await draftWithDeck(school.author);
    expect((await call(other.moderator, 'GET', `/exercises/${draft.id}/${list}`)).statusCode).toBe(404);
    // Another author's draft, and a teacher (accepted ones only).
    expect((await call(school.otherAuthor, 'GET', `/exercises/${draft.id}/${list}`)).statusCode).toBe(404);
    expect((await call(school.teacher, 'GET', `/exercises/${draft.id}/${list}`)).statusCode).toBe(404);
  });
});

describe('GET /exercises/:id/media/:fileId', () => {
  it('sends the bytes inline, never sniffed', async () => {
    const school = await buildSchool();
    const draft = await draftWithDeck(school.author);
    const [sky] = await images(school.author, draft.id);
    const response = await t.app.inject({
      method: 'GET',
      url: sky?.file_url ?? '',
      headers: headers(school.author),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^inline/);
    expect(response.rawPayload.equals(SKY)).toBe(true);
    const [bell] = await audios(school.author, draft.id);
    const sound = await call(school.moderator, 'GET', `/exercises/${draft.id}/media/${bell?.id}`);
    expect(sound.headers['content-type']).toBe('audio/wav');
    expect(sound.rawPayload.equals(BELL)).toBe(true);
  });

  it('answers 401, 403 and 404 (another project, another exercise, the deck itself)', async () => {
    const school = await buildSchool();
    const other = await buildSchool();
    const draft = await draftWithDeck(school.author);
    const second = await draftWithDeck(school.author);
    const [sky] = await images(school.author, draft.id);
    const url = `/exercises/${draft.id}/media/${sky?.id}`;
    expect((await call(null, 'GET', url, undefined, { as: school.author })).statusCode).toBe(401);
    expect((await call(school.manager, 'GET', url)).statusCode).toBe(403);
    expect((await call(other.moderator, 'GET', url)).statusCode).toBe(404);
    expect((await call(school.otherAuthor, 'GET', url)).statusCode).toBe(404);
    expect((await call(school.author, 'GET', `/exercises/${second.id}/media/${sky?.id}`)).statusCode).toBe(
      404,
    );
    const [deck] = await t.db
      .select()
      .from(exerciseFiles)
      .where(eq(exerciseFiles.kind, 'presentation'))
      .limit(1);
    expect((await call(school.moderator, 'GET', `/exercises/${draft.id}/media/${deck?.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('PUT /exercises/:id/media/:fileId', () => {
  it('lets the author of a draft and a moderator of an accepted exercise mark it', async () => {
    const school = await buildSchool();
    const draft = await draftWithDeck(school.author);
    const [sky] = await images(school.author, draft.id);
    const response = await call(school.author, 'PUT', `/exercises/${draft.id}/media/${sky?.id}`, {
      asset_type: 'background',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ ...sky, asset_type: 'background' });

    await t.db
      .update(exercises)
      .set({ statusId: EXERCISE_STATUS.accepted })
      .where(eq(exercises.id, draft.id));
    const byModerator = await call(school.moderator, 'PUT', `/exercises/${draft.id}/media/${sky?.id}`, {
      asset_type: 'prop',
    });
    expect(byModerator.json().data.asset_type).toBe('prop');
    const cleared = await call(school.moderator, 'PUT', `/exercises/${draft.id}/media/${sky?.id}`, {
      asset_type: null,
    });
    expect(cleared.json().data.asset_type).toBeNull();
    // The author may not change an accepted exercise.
    const byAuthor = await call(school.author, 'PUT', `/exercises/${draft.id}/media/${sky?.id}`, {
      asset_type: 'prop',
    });
    expect(byAuthor.statusCode).toBe(403);
  });

  it('answers 401, 403 to who may not edit it, 404 for another project’s', async () => {
    const school = await buildSchool();
    const other = await buildSchool();
    const draft = await draftWithDeck(school.author);
    const [sky] = await images(school.author, draft.id);
    const url = `/exercises/${draft.id}/media/${sky?.id}`;
    const body = { asset_type: 'background' };
    expect((await call(null, 'PUT', url, body, { as: school.author })).statusCode).toBe(401);
    expect((await call(school.manager, 'PUT', url, body)).statusCode).toBe(403);
    expect((await call(other.moderator, 'PUT', url, body)).statusCode).toBe(404);
    // An accepted exercise is read by a teacher and other authors, who may not edit it.
    await t.db
      .update(exercises)
      .set({ statusId: EXERCISE_STATUS.accepted })
      .where(eq(exercises.id, draft.id));
    expect((await call(school.teacher, 'PUT', url, body)).statusCode).toBe(403);
    expect((await call(school.otherAuthor, 'PUT', url, body)).statusCode).toBe(403);
  });

  it.each([
    ['image', 'sound', 'mediaImageAssetType'],
    ['audio', 'background', 'mediaAudioAssetType'],
  ] as const)('answers 422 when a %s is marked %s, in the caller’s language', async (kind, type, key) => {
    const school = await buildSchool();
    const draft = await draftWithDeck(school.author);
    const [media] =
      kind === 'image' ? await images(school.author, draft.id) : await audios(school.author, draft.id);
    for (const lang of ['en', 'uk'] as const) {
      const response = await call(
        school.author,
        'PUT',
        `/exercises/${draft.id}/media/${media?.id}`,
        { asset_type: type },
        { lang },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: { asset_type: [message(key, lang)] },
      });
    }
  });

  it.each([
    ['an asset type decks do not take', { asset_type: 'game_prop' }],
    ['no asset type', {}],
    ['an unknown field', { asset_type: null, extra: 1 }],
  ])('answers 422 for %s', async (_case, body) => {
    const school = await buildSchool();
    const draft = await draftWithDeck(school.author);
    const [sky] = await images(school.author, draft.id);
    const response = await call(school.author, 'PUT', `/exercises/${draft.id}/media/${sky?.id}`, body);
    expect(response.statusCode).toBe(422);
  });
});
