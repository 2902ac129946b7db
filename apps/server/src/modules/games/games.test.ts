import {
  ASSET_IMAGE_MAX_BYTES,
  type DocumentVersion,
  type Game,
  type GameFile,
  type GameTheme,
  type GamesPage,
  type VersionsDiff,
} from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import type { Member } from '../../test/factories.ts';
import {
  buildGameSchool,
  buildPublishedGame,
  gameBody,
  png,
  uploadGameFile,
  type GameSchool,
} from '../../test/games.ts';
import { dataOf } from '../../test/lessons.ts';
import { filePart } from '../../test/multipart.ts';

const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const nobody = () => apiAs(t.app, null, { lang: 'en' });
const errorsOf = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string; errors?: Record<string, string[]> };
};
const school = (): Promise<GameSchool> => buildGameSchool(t.app, t.db);

describe('game files', () => {
  it('takes pictures and sounds by their bytes, refuses lying and oversized files, and keeps them in the project', async () => {
    const g = await school();
    expect(g.images[0]).toMatchObject({ kind: 'image', mime: 'image/png' });
    expect(g.sound).toMatchObject({ kind: 'sound', mime: 'audio/wav' });

    // A text file that says it is a PNG.
    expect(
      errorsOf(await uploadGameFile(t.app, g.moderator, Buffer.from('not a picture'), 'x.png'), 415).code,
    ).toBe('unsupported_media_type');
    const huge = Buffer.concat([png(1), Buffer.alloc(ASSET_IMAGE_MAX_BYTES)]);
    errorsOf(await uploadGameFile(t.app, g.moderator, huge), 413);
    expect(errorsOf(await as(g.moderator).post('/api/games/files', {}), 422).errors).toHaveProperty('file');
    errorsOf(
      await nobody().upload('/api/games/files', [filePart(png(3), 'a.png', 'image/png')], {
        workspace: g.workspace,
      }),
      401,
    );
    for (const who of [g.teacher, g.author, g.manager])
      errorsOf(await uploadGameFile(t.app, who, png(4)), 403);

    // Teachers read the files (their games' pictures); another project does not even see them.
    const read = await as(g.teacher).get(`/api/games/files/${g.images[0]!.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(png(10))).toBe(true);
    errorsOf(await as(g.otherModerator).get(`/api/games/files/${g.images[0]!.id}`), 404);
    errorsOf(await as(g.manager).get(`/api/games/files/${g.images[0]!.id}`), 403);
    errorsOf(await nobody().get(`/api/games/files/${g.images[0]!.id}`, { workspace: g.workspace }), 401);
  });

  it('copies any library asset file, whatever project holds it', async () => {
    const g = await school();
    const copied = dataOf<GameFile>(
      await as(g.otherModerator).post('/api/games/files/from-asset', {
        asset_file_id: g.characters[0]!.fileId,
      }),
      201,
    );
    expect(copied.kind).toBe('image');
    const bytes = await as(g.otherModerator).get(`/api/games/files/${copied.id}`);
    expect(bytes.rawPayload.equals(png(35))).toBe(true);
    errorsOf(
      await as(g.moderator).post('/api/games/files/from-asset', { asset_file_id: 2_000_000_000 }),
      404,
    );
    errorsOf(
      await as(g.teacher).post('/api/games/files/from-asset', { asset_file_id: g.background.fileId }),
      403,
    );
  });
});

describe('game themes', () => {
  it('keeps a background, props and characters of the right types, in title order', async () => {
    const g = await school();
    expect(g.theme).toMatchObject({
      title: 'Football',
      background: { asset_id: g.background.id, file_id: g.background.fileId },
      props: g.props.map((asset) => ({ asset_id: asset.id, name: asset.name, file_id: asset.fileId })),
      characters: g.characters.map((asset) => ({ asset_id: asset.id })),
      games: 0,
    });
    const second = dataOf<GameTheme>(
      await as(g.moderator).post('/api/game-themes', {
        title: 'Cosmos',
        background_asset_id: g.background.id,
        character_asset_ids: [g.characters[1]!.id],
      }),
      201,
    );
    expect(second.props).toEqual([]);
    const list = dataOf<GameTheme[]>(await as(g.teacher).get('/api/game-themes'));
    expect(list.map((theme) => theme.title)).toEqual(['Cosmos', 'Football']);
    expect(dataOf<GameTheme[]>(await as(g.otherModerator).get('/api/game-themes'))).toEqual([]);

    const changed = dataOf<GameTheme>(
      await as(g.moderator).put(`/api/game-themes/${second.id}`, {
        title: 'Space',
        background_asset_id: g.background.id,
        prop_asset_ids: [g.props[1]!.id],
        character_asset_ids: [g.characters[1]!.id, g.characters[0]!.id],
      }),
    );
    expect(changed.characters.map((asset) => asset.asset_id)).toEqual([
      g.characters[1]!.id,
      g.characters[0]!.id,
    ]);
    expect(dataOf<GameTheme>(await as(g.teacher).get(`/api/game-themes/${second.id}`)).title).toBe('Space');
  });

  it('refuses assets of another type, unknown or repeated, each on its field', async () => {
    const g = await school();
    const refused = errorsOf(
      await as(g.moderator).post('/api/game-themes', {
        title: 'Wrong',
        background_asset_id: g.plainBackground.id,
        prop_asset_ids: [g.characters[1]!.id, 2_000_000_000],
        character_asset_ids: [g.characters[0]!.id, g.characters[0]!.id, g.props[0]!.id],
      }),
      422,
    );
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual([
      'background_asset_id',
      'character_asset_ids.1',
      'character_asset_ids.2',
      'prop_asset_ids.0',
      'prop_asset_ids.1',
    ]);
    expect(refused.errors?.background_asset_id).toEqual(['This asset is not a game background.']);
    expect(refused.errors?.['prop_asset_ids.1']).toEqual(['There is no such asset in the library.']);
    expect(refused.errors?.['character_asset_ids.1']).toEqual(['This asset is chosen twice.']);
    errorsOf(
      await as(g.moderator).post('/api/game-themes', { title: 'None', background_asset_id: g.background.id }),
      422,
    );
  });

  it('answers 401, 403 to roles that may not, 404 for another project, and refuses to delete a theme in use', async () => {
    const g = await school();
    const body = {
      title: 'X',
      background_asset_id: g.background.id,
      character_asset_ids: [g.characters[0]!.id],
    };
    errorsOf(await nobody().get('/api/game-themes', { workspace: g.workspace }), 401);
    errorsOf(await as(g.manager).get('/api/game-themes'), 403);
    errorsOf(await as(g.author).get('/api/game-themes'), 403);
    for (const who of [g.teacher, g.author, g.manager])
      errorsOf(await as(who).post('/api/game-themes', body), 403);
    errorsOf(await as(g.teacher).delete(`/api/game-themes/${g.theme.id}`), 403);
    errorsOf(await as(g.otherModerator).get(`/api/game-themes/${g.theme.id}`), 404);
    errorsOf(await as(g.otherModerator).put(`/api/game-themes/${g.theme.id}`, body), 404);
    errorsOf(await as(g.otherModerator).delete(`/api/game-themes/${g.theme.id}`), 404);

    const game = await buildPublishedGame(t.app, g);
    expect(dataOf<GameTheme>(await as(g.moderator).get(`/api/game-themes/${g.theme.id}`)).games).toBe(1);
    const inUse = errorsOf(await as(g.moderator).delete(`/api/game-themes/${g.theme.id}`), 409);
    expect(inUse.message).toBe('The game theme cannot be deleted while games use it.');
    // Moved to another theme, the game's published version still uses it.
    const other = dataOf<GameTheme>(await as(g.moderator).post('/api/game-themes', body), 201);
    dataOf(await as(g.moderator).put(`/api/games/${game.id}`, gameBody(g, { theme_id: other.id })));
    errorsOf(await as(g.moderator).delete(`/api/game-themes/${g.theme.id}`), 409);
    dataOf(await as(g.moderator).delete(`/api/games/${game.id}`));
    dataOf(await as(g.moderator).delete(`/api/game-themes/${g.theme.id}`));
    errorsOf(await as(g.moderator).get(`/api/game-themes/${g.theme.id}`), 404);
  });
});

describe('games', () => {
  it('keeps a working copy with keys, publishes it as versions, and shows teachers the latest version', async () => {
    const g = await school();
    const created = dataOf<Game>(await as(g.moderator).post('/api/games', gameBody(g)), 201);
    expect(created).toMatchObject({
      status: 'draft',
      version: 0,
      steps: ['publish'],
      editable: true,
      assignments: 0,
      category_name: '[R]',
      theme_title: 'Football',
      writer: { id: g.moderator.user.id, name: 'Oksana Moderator' },
    });
    expect(created.levels[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.levels[0]!.items[0]).toMatchObject({ word: 'рак', audio_file_id: g.sound.id });
    // Not published yet: teachers do not see it.
    errorsOf(await as(g.teacher).get(`/api/games/${created.id}`), 404);

    const published = dataOf<Game>(await as(g.moderator).post(`/api/games/${created.id}/publish`));
    expect(published).toMatchObject({ status: 'published', version: 1, steps: [] });
    expect(errorsOf(await as(g.moderator).post(`/api/games/${created.id}/publish`), 409).code).toBe(
      'conflict',
    );

    // A change keeps the keys it was sent with and makes a draft; teachers still read version 1.
    const edited = dataOf<Game>(
      await as(g.moderator).put(`/api/games/${created.id}`, {
        ...gameBody(g),
        title: 'Rocket to Mars',
        levels: [{ ...published.levels[0]!, title: 'Short words' }, published.levels[1]!],
      }),
    );
    expect(edited).toMatchObject({ status: 'draft', version: 1, title: 'Rocket to Mars' });
    expect(edited.levels[0]!.key).toBe(published.levels[0]!.key);
    const teacherView = dataOf<Game>(await as(g.teacher).get(`/api/games/${created.id}`));
    expect(teacherView).toMatchObject({
      title: 'Rocket to the Moon',
      status: 'published',
      editable: false,
      steps: [],
      assignments: null,
    });
    errorsOf(await as(g.teacher).put(`/api/games/${created.id}`, gameBody(g)), 403);

    dataOf(await as(g.moderator).post(`/api/games/${created.id}/publish`));
    const versions = dataOf<DocumentVersion[]>(await as(g.teacher).get(`/api/games/${created.id}/versions`));
    expect(versions.map((version) => version.version)).toEqual([1, 2]);
    const diff = dataOf<VersionsDiff>(
      await as(g.teacher).get(`/api/games/${created.id}/versions/diff`, { query: 'from=1&to=2' }),
    );
    expect(diff.fields).toContain('title');
    expect(diff.changes.find((change) => change.key === published.levels[0]!.key)?.change).toBe('changed');
    errorsOf(await as(g.teacher).get(`/api/games/${created.id}/versions/diff`, { query: 'from=9' }), 404);
  });

  it('lists games with counts per status and filters; teachers only the published ones', async () => {
    const g = await school();
    const moon = await buildPublishedGame(t.app, g);
    const draft = dataOf<Game>(
      await as(g.moderator).post('/api/games', gameBody(g, { title: 'Snake', language: 'en' }, 'find')),
      201,
    );
    const page = await as(g.moderator).get('/api/games');
    const all = page.json() as GamesPage;
    expect(all.counts).toEqual({ draft: 1, moderation: 0, published: 1 });
    expect(all.data.map((game) => game.id)).toEqual([draft.id, moon.id]);
    expect(all.data[0]).toMatchObject({
      levels: 2,
      items: 5,
      modes: ['find'],
      cover_file_id: g.images[0]!.id,
    });
    const filter = async (who: Member, query: string) =>
      ((await as(who).get('/api/games', { query })).json() as GamesPage).data.map((game) => game.id);
    expect(await filter(g.moderator, 'status=draft')).toEqual([draft.id]);
    expect(await filter(g.moderator, 'language=en')).toEqual([draft.id]);
    expect(await filter(g.moderator, 'term=ROCKET')).toEqual([moon.id]);
    expect(await filter(g.moderator, `category_id=${g.leaf}`)).toEqual([draft.id, moon.id]);
    expect(await filter(g.moderator, `category_id=${g.folder}`)).toEqual([]);
    expect(await filter(g.teacher, '')).toEqual([moon.id]);
    expect(((await as(g.teacher).get('/api/games')).json() as GamesPage).counts).toEqual({
      draft: 0,
      moderation: 0,
      published: 1,
    });
    expect(await filter(g.otherModerator, '')).toEqual([]);
    errorsOf(await as(g.moderator).get('/api/games', { query: 'status=lost' }), 422);
  });

  it("refuses another project's category, theme and files, sounds for pictures, and a stage that goes back", async () => {
    const g = await school();
    const body = gameBody(g, { category_id: g.otherCategory, theme_id: 2_000_000_000 });
    const [words] = body.levels!;
    words!.items[0]!.picture_file_id = g.otherImage.id;
    words!.items[1]!.picture_file_id = g.sound.id;
    words!.items[2]!.audio_file_id = g.images[0]!.id;
    const refused = errorsOf(await as(g.moderator).post('/api/games', body), 422);
    expect(refused.errors).toEqual({
      category_id: ['There is no such category in this project.'],
      theme_id: ['There is no such game theme in this project.'],
      'levels.0.items.0.picture_file_id': ["There is no such file among this project's game files."],
      'levels.0.items.1.picture_file_id': ['A picture goes here (PNG, JPEG, WebP, GIF).'],
      'levels.0.items.2.audio_file_id': ['A sound goes here (MP3, WAV, OGG).'],
    });
    const backwards = gameBody(g);
    backwards.levels![1]!.stage = 'sound';
    expect(errorsOf(await as(g.moderator).post('/api/games', backwards), 422).errors).toHaveProperty(
      'levels.1.stage',
    );
  });

  it('refuses to publish a game with gaps, naming each', async () => {
    const g = await school();
    const empty = dataOf<Game>(await as(g.moderator).post('/api/games', gameBody(g, { levels: [] })), 201);
    expect(errorsOf(await as(g.moderator).post(`/api/games/${empty.id}/publish`), 422).errors).toEqual({
      levels: ['Add at least one level: a game without levels cannot be published.'],
    });
    const gaps = dataOf<Game>(
      await as(g.moderator).post(
        '/api/games',
        gameBody(g, {
          levels: [
            { title: 'Empty', stage: 'sound', items: [] },
            {
              title: 'Alone',
              stage: 'words',
              items: [
                { word: 'рак', mode: 'find', picture_file_id: g.images[0]!.id },
                { word: 'рак!', mode: 'say', picture_file_id: g.images[0]!.id },
              ],
            },
          ],
        }),
      ),
      201,
    );
    expect(
      Object.keys(errorsOf(await as(g.moderator).post(`/api/games/${gaps.id}/publish`), 422).errors ?? {}),
    ).toEqual(['levels.0.items', 'levels.1.items.0.mode']);
    expect(dataOf<Game>(await as(g.moderator).get(`/api/games/${gaps.id}`)).status).toBe('draft');
  });

  it('answers 401, 403 to roles that may not, and 404 for another project', async () => {
    const g = await school();
    const game = await buildPublishedGame(t.app, g);
    errorsOf(await nobody().get('/api/games', { workspace: g.workspace }), 401);
    errorsOf(await nobody().post('/api/games', gameBody(g), { workspace: g.workspace }), 401);
    for (const who of [g.manager, g.author]) errorsOf(await as(who).get('/api/games'), 403);
    for (const who of [g.teacher, g.author, g.manager]) {
      errorsOf(await as(who).post('/api/games', gameBody(g)), 403);
      errorsOf(await as(who).post(`/api/games/${game.id}/publish`), 403);
      errorsOf(await as(who).delete(`/api/games/${game.id}`), 403);
    }
    for (const [method, url] of [
      ['GET', `/api/games/${game.id}`],
      ['PUT', `/api/games/${game.id}`],
      ['POST', `/api/games/${game.id}/publish`],
      ['DELETE', `/api/games/${game.id}`],
      ['GET', `/api/games/${game.id}/versions`],
      ['GET', `/api/games/${game.id}/versions/diff?from=1`],
    ] as const) {
      errorsOf(
        await as(g.otherModerator).request(method, url, method === 'PUT' ? gameBody(g) : undefined),
        404,
      );
    }
    errorsOf(await as(g.moderator).get('/api/games/2000000000'), 404);
  });
});
