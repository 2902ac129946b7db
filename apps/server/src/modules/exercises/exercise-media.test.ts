import { EXERCISE_STATUS, type ExerciseMedia } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exerciseFiles, exercises } from '../../db/schema/index.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  BELL,
  buildDraft,
  buildSchool,
  CAT,
  DECK_MEDIA,
  SKY,
  SLIDES,
  storedExerciseFiles,
  uploadDeck,
} from '../../test/exercises.ts';
import type { Member } from '../../test/factories.ts';
import { deckFiles, pptxDeck, zipArchive, type DeckMedia } from '../../test/pptx.ts';

const t = useTestApp();

const message = (key: FieldMessage, lang: 'en' | 'uk' = 'en') => text(lang, `fields.${key}`);

const storedNamesOf = async (exerciseId: number) =>
  (await t.db.select().from(exerciseFiles).where(eq(exerciseFiles.exerciseId, exerciseId))).map(
    (row) => row.storedName,
  );

/** An author's draft with the deck uploaded through the API. */
async function draftWithDeck(who: Member, deck = pptxDeck(SLIDES, { media: DECK_MEDIA })) {
  const draft = await buildDraft(t.db, who);
  const response = await uploadDeck(t.app, who, draft.id, deck);
  expect(response.statusCode, response.body).toBe(201);
  return draft;
}

const images = async (who: Member, exerciseId: number) =>
  (await apiAs(t.app, who).get(`/api/exercises/${exerciseId}/images`)).json().data as ExerciseMedia[];
const audios = async (who: Member, exerciseId: number) =>
  (await apiAs(t.app, who).get(`/api/exercises/${exerciseId}/audios`)).json().data as ExerciseMedia[];

describe('the media of an uploaded deck', () => {
  it('lists the pictures and the sound with the slides that use them, by first slide then name', async () => {
    const school = await buildSchool(t.db);
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
    const school = await buildSchool(t.db);
    const files = [
      ...deckFiles(SLIDES, { media: [DECK_MEDIA[0] as DeckMedia] }),
      { name: 'ppt/media/image9.png', content: Buffer.from('just some text, named like a picture') },
      { name: 'ppt/media/image10.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ];
    const draft = await draftWithDeck(school.author, zipArchive(files));
    expect((await images(school.author, draft.id)).map((media) => media.name)).toEqual(['image1.png']);
    expect(await audios(school.author, draft.id)).toEqual([]);
  });

  it('keeps the marks of unchanged pictures and sounds when a revised deck is uploaded', async () => {
    const school = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    const [sky, jpeg] = await images(school.author, draft.id);
    const [bell] = await audios(school.author, draft.id);
    for (const [media, type] of [
      [sky, 'background'],
      [jpeg, 'character'],
      [bell, 'sound'],
    ] as const) {
      const response = await apiAs(t.app, school.author).put(
        `/api/exercises/${draft.id}/media/${media?.id}`,
        {
          asset_type: type,
        },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const before = await storedNamesOf(draft.id);
    // Other slide text, the same sky and bell, a new character picture.
    const revised = pptxDeck([['One, revised'], ['Two'], ['Three']], {
      media: [
        DECK_MEDIA[0] as DeckMedia,
        { ...(DECK_MEDIA[1] as DeckMedia), content: CAT },
        DECK_MEDIA[2] as DeckMedia,
      ],
    });
    expect((await uploadDeck(t.app, school.author, draft.id, revised)).statusCode).toBe(201);
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
    expect(after.every((name) => storedExerciseFiles(t.app).includes(name))).toBe(true);
    expect(storedExerciseFiles(t.app).filter((name) => before.includes(name))).toEqual([]);
  });

  it('goes with the deck when it is removed, and with the exercise when that is deleted', async () => {
    const school = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    expect(storedExerciseFiles(t.app)).not.toEqual([]);
    const removed = await apiAs(t.app, school.author).delete(`/api/exercises/${draft.id}/files`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await images(school.author, draft.id)).toEqual([]);
    expect(await audios(school.author, draft.id)).toEqual([]);
    const rows = await t.db.select().from(exerciseFiles).where(eq(exerciseFiles.exerciseId, draft.id));
    expect(rows).toEqual([]);

    const other = await draftWithDeck(school.author);
    const names = await storedNamesOf(other.id);
    expect(names).toHaveLength(4);
    expect((await apiAs(t.app, school.author).delete(`/api/exercises/${other.id}`)).statusCode).toBe(200);
    expect(storedExerciseFiles(t.app).filter((name) => names.includes(name))).toEqual([]);
  });
});

describe.each(['images', 'audios'] as const)('GET /exercises/:id/%s', (list) => {
  it('answers 401 without a token', async () => {
    const school = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    const response = await apiAs(t.app, school.author, { token: null }).get(
      `/api/exercises/${draft.id}/${list}`,
    );
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a manager (no exercises.read)', async () => {
    const school = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    const response = await apiAs(t.app, school.manager).get(`/api/exercises/${draft.id}/${list}`);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for another project’s exercise and for one the caller may not read', async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    expect((await apiAs(t.app, other.moderator).get(`/api/exercises/${draft.id}/${list}`)).statusCode).toBe(
      404,
    );
    // Another author's draft, and a teacher (accepted ones only).
    expect(
      (await apiAs(t.app, school.otherAuthor).get(`/api/exercises/${draft.id}/${list}`)).statusCode,
    ).toBe(404);
    expect((await apiAs(t.app, school.teacher).get(`/api/exercises/${draft.id}/${list}`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /exercises/:id/media/:fileId', () => {
  it('sends the bytes inline, never sniffed', async () => {
    const school = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    const [sky] = await images(school.author, draft.id);
    const response = await apiAs(t.app, null, { token: school.author.token }).get(sky?.file_url ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^inline/);
    expect(response.rawPayload.equals(SKY)).toBe(true);
    const [bell] = await audios(school.author, draft.id);
    const sound = await apiAs(t.app, school.moderator).get(`/api/exercises/${draft.id}/media/${bell?.id}`);
    expect(sound.headers['content-type']).toBe('audio/wav');
    expect(sound.rawPayload.equals(BELL)).toBe(true);
  });

  it('answers 401, 403 and 404 (another project, another exercise, the deck itself)', async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    const second = await draftWithDeck(school.author);
    const [sky] = await images(school.author, draft.id);
    const url = `/api/exercises/${draft.id}/media/${sky?.id}`;
    expect((await apiAs(t.app, school.author, { token: null }).get(url)).statusCode).toBe(401);
    expect((await apiAs(t.app, school.manager).get(url)).statusCode).toBe(403);
    expect((await apiAs(t.app, other.moderator).get(url)).statusCode).toBe(404);
    expect((await apiAs(t.app, school.otherAuthor).get(url)).statusCode).toBe(404);
    expect(
      (await apiAs(t.app, school.author).get(`/api/exercises/${second.id}/media/${sky?.id}`)).statusCode,
    ).toBe(404);
    const [deck] = await t.db
      .select()
      .from(exerciseFiles)
      .where(eq(exerciseFiles.kind, 'presentation'))
      .limit(1);
    expect(
      (await apiAs(t.app, school.moderator).get(`/api/exercises/${draft.id}/media/${deck?.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('PUT /exercises/:id/media/:fileId', () => {
  it('lets the author of a draft and a moderator of an accepted exercise mark it', async () => {
    const school = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    const [sky] = await images(school.author, draft.id);
    const response = await apiAs(t.app, school.author).put(`/api/exercises/${draft.id}/media/${sky?.id}`, {
      asset_type: 'background',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ ...sky, asset_type: 'background' });

    await t.db
      .update(exercises)
      .set({ statusId: EXERCISE_STATUS.accepted })
      .where(eq(exercises.id, draft.id));
    const byModerator = await apiAs(t.app, school.moderator).put(
      `/api/exercises/${draft.id}/media/${sky?.id}`,
      {
        asset_type: 'prop',
      },
    );
    expect(byModerator.json().data.asset_type).toBe('prop');
    const cleared = await apiAs(t.app, school.moderator).put(`/api/exercises/${draft.id}/media/${sky?.id}`, {
      asset_type: null,
    });
    expect(cleared.json().data.asset_type).toBeNull();
    // The author may not change an accepted exercise.
    const byAuthor = await apiAs(t.app, school.author).put(`/api/exercises/${draft.id}/media/${sky?.id}`, {
      asset_type: 'prop',
    });
    expect(byAuthor.statusCode).toBe(403);
  });

  it('answers 401, 403 to who may not edit it, 404 for another project’s', async () => {
    const school = await buildSchool(t.db);
    const other = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    const [sky] = await images(school.author, draft.id);
    const url = `/api/exercises/${draft.id}/media/${sky?.id}`;
    const body = { asset_type: 'background' };
    expect((await apiAs(t.app, school.author, { token: null }).put(url, body)).statusCode).toBe(401);
    expect((await apiAs(t.app, school.manager).put(url, body)).statusCode).toBe(403);
    expect((await apiAs(t.app, other.moderator).put(url, body)).statusCode).toBe(404);
    // An accepted exercise is read by a teacher and other authors, who may not edit it.
    await t.db
      .update(exercises)
      .set({ statusId: EXERCISE_STATUS.accepted })
      .where(eq(exercises.id, draft.id));
    expect((await apiAs(t.app, school.teacher).put(url, body)).statusCode).toBe(403);
    expect((await apiAs(t.app, school.otherAuthor).put(url, body)).statusCode).toBe(403);
  });

  it.each([
    ['image', 'sound', 'mediaImageAssetType'],
    ['audio', 'background', 'mediaAudioAssetType'],
  ] as const)('answers 422 when a %s is marked %s, in the caller’s language', async (kind, type, key) => {
    const school = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    const [media] =
      kind === 'image' ? await images(school.author, draft.id) : await audios(school.author, draft.id);
    for (const lang of ['en', 'uk'] as const) {
      const response = await apiAs(t.app, school.author).put(
        `/api/exercises/${draft.id}/media/${media?.id}`,
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
    const school = await buildSchool(t.db);
    const draft = await draftWithDeck(school.author);
    const [sky] = await images(school.author, draft.id);
    const response = await apiAs(t.app, school.author).put(
      `/api/exercises/${draft.id}/media/${sky?.id}`,
      body,
    );
    expect(response.statusCode).toBe(422);
  });
});
