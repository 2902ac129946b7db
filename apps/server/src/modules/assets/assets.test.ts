import fs from 'node:fs';
import path from 'node:path';
import {
  ASSET_IMAGE_MAX_BYTES,
  ASSET_NAME_MAX,
  ASSET_SOUND_MAX_BYTES,
  ASSET_UPLOAD_FILES_MAX,
  type Asset,
  type RoleName,
} from '@logoschool/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { encodePng, sineTone } from '../../db/demo/encode.ts';
import { apiAs, EVERY_ROLE, expectAllowed, type Method } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  buildMember,
  buildSignedInMember,
  buildUser,
  buildWorkspace,
  tokenFor,
} from '../../test/factories.ts';
import { filePart, multipartForm, type FormPart } from '../../test/multipart.ts';

const t = useTestApp();

/** Real files, small. */
const PNG = encodePng(2, 2, new Uint8Array(16).fill(200));
const OTHER_PNG = encodePng(1, 1, new Uint8Array([0, 0, 255, 255]));
const WAV = sineTone(440, 0.05, 8000);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const message = (key: FieldMessage, params = {}) => text('en', `fields.${key}`, params);

let rootToken: Promise<string> | undefined;
/** A root user's token, made once for the file. */
const root = () => (rootToken ??= buildUser(t.db, { isRoot: true }).then((user) => tokenFor(t.db, user)));

/** A token of a member holding `role` in a new project (or of a root user). */
async function tokenOf(role: RoleName): Promise<string> {
  if (role === 'root') return root();
  return tokenFor(t.db, await buildMember(t.db, await buildWorkspace(t.db), [role]));
}

/** One call, as a request of `ROUTES` says, with only this token (no project: assets are the library's). */
interface Call {
  method?: Method;
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

const send = async ({ method = 'GET', url, payload, headers }: Call, token: string | null = null) =>
  apiAs(t.app, null, { token }).request(method, url, payload, { headers });

const fields = (name: string, type: string) => [
  { name: 'name', value: name },
  { name: 'type', value: type },
];

const postAsset = async (parts: FormPart[], token: string | null = null) =>
  send({ method: 'POST', url: '/api/assets', ...multipartForm(parts) }, token ?? (await root()));

/** A new asset of the library, made by root. */
async function addAsset(name = 'Sky', type = 'background', files = [filePart(PNG, 'sky.png', 'image/png')]) {
  const response = await postAsset([...fields(name, type), ...files]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Asset;
}

const postMedia = async (assetId: number | string, files: FormPart[], token?: string) =>
  send(
    {
      method: 'POST',
      url: '/api/medias',
      ...multipartForm([{ name: 'asset_id', value: String(assetId) }, ...files]),
    },
    token ?? (await root()),
  );

const assetsDir = () => path.join(t.app.config.dataDir, 'files', 'assets');
const storedFiles = () => (fs.existsSync(assetsDir()) ? fs.readdirSync(assetsDir()).sort() : []);

/** Attaches an asset to a new theme of a new project, as its moderator. */
async function attachToTheme(assetId: number) {
  const moderator = apiAs(t.app, await buildSignedInMember(t.db, await buildWorkspace(t.db), 'moderator'));
  const theme = await moderator.post('/api/themes', {
    name: 'Space',
    genders: ['boy', 'girl'],
    age_from: 5,
    age_to: 9,
    type: 'general',
  });
  const themeId = theme.json().data.id as number;
  const attach = (ids: number[]) => moderator.put(`/api/themes/${themeId}/assets`, { asset_ids: ids });
  expect((await attach([assetId])).statusCode).toBe(200);
  return { detach: () => attach([]) };
}

describe('POST /api/assets', () => {
  it('adds an asset with its files, recognised by their bytes, stored under new random names', async () => {
    const before = storedFiles();
    const response = await postAsset([
      ...fields('  Forest  ', 'background'),
      filePart(PNG, 'forest.png', 'image/png'),
      // A GIF sent as "photo.jpg" of type image/jpeg: the bytes decide, the name gets the real extension.
      filePart(GIF, 'C:\\Users\\me\\photo.jpg', 'image/jpeg'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const asset: Asset = response.json().data;
    expect(asset).toEqual({
      id: expect.any(Number),
      type: 'background',
      name: 'Forest',
      files: [
        {
          id: expect.any(Number),
          kind: 'image',
          file_url: `/api/file/download/${asset.files[0]?.id}`,
          mime: 'image/png',
          size: PNG.length,
          original_name: 'forest.png',
        },
        {
          id: expect.any(Number),
          kind: 'image',
          file_url: `/api/file/download/${asset.files[1]?.id}`,
          mime: 'image/gif',
          size: GIF.length,
          original_name: 'photo.gif',
        },
      ],
      created_at: expect.any(String),
    });
    const added = storedFiles().filter((name) => !before.includes(name));
    expect(added).toHaveLength(2);
    for (const name of added) expect(name).toMatch(/^[a-f0-9]{32}\.(png|gif)$/);
  });

  it('takes a sound asset with a sound file', async () => {
    const asset = await addAsset('Bell', 'sound', [filePart(WAV, 'bell.wav', 'audio/wav')]);
    expect(asset.files.map((file) => [file.kind, file.mime])).toEqual([['sound', 'audio/wav']]);
  });

  it('requires a name (spec §5: background name is required) and bounds it', async () => {
    const png = filePart(PNG, 'a.png', 'image/png');
    for (const parts of [
      [{ name: 'type', value: 'background' }, png],
      [...fields('   ', 'background'), png],
    ]) {
      const response = await postAsset(parts);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ name: [message('required')] });
    }
    const long = await postAsset([...fields('x'.repeat(ASSET_NAME_MAX + 1), 'background'), png]);
    expect(long.json().errors).toEqual({ name: [message('tooLongString', { count: ASSET_NAME_MAX })] });
    expect((await postAsset([...fields('x'.repeat(ASSET_NAME_MAX), 'background'), png])).statusCode).toBe(
      201,
    );
  });

  it('requires a known type and at least one file', async () => {
    const wrongType = await postAsset([...fields('Sky', 'wallpaper'), filePart(PNG, 'a.png', 'image/png')]);
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().errors)).toEqual(['type']);
    const noFile = await postAsset(fields('Sky', 'background'));
    expect(noFile.json().errors).toEqual({ file: [message('required')] });
    const textFile = await postAsset([...fields('Sky', 'background'), { name: 'file', value: 'sky.png' }]);
    expect(textFile.statusCode).toBe(422);
    expect(textFile.json().errors).toEqual({ file: [message('required')] });
  });

  it.each([
    ['a text file named .png', Buffer.from('not a picture at all'), 'notes.png', 'image/png'],
    [
      'an executable sent as image/png',
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'),
      'cat.png',
      'image/png',
    ],
    [
      'an SVG image (it can carry script)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.svg',
      'image/svg+xml',
    ],
    [
      'an HTML page named .gif',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'x.gif',
      'image/gif',
    ],
  ])('refuses %s as an unsupported type (415), storing nothing', async (_case, content, filename, type) => {
    const before = storedFiles();
    const response = await postAsset([
      ...fields('Sky', 'background'),
      filePart(PNG, 'ok.png', 'image/png'),
      filePart(content, filename, type),
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'unsupported_media_type',
      message: text('en', 'errors.unsupported_media_type', { type: filename }),
      errors: { file: [message('fileTypeUnknown')] },
    });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an image for a sound asset and a sound for an image asset (422), whatever the name says', async () => {
    const pngAsMp3 = await postAsset([...fields('Bell', 'sound'), filePart(PNG, 'bell.mp3', 'audio/mpeg')]);
    expect(pngAsMp3.statusCode).toBe(422);
    expect(pngAsMp3.json().errors).toEqual({ file: [message('fileNotSound')] });
    for (const type of ['background', 'character', 'prop', 'game_background', 'game_prop']) {
      const wavAsPng = await postAsset([...fields('Hero', type), filePart(WAV, 'hero.png', 'image/png')]);
      expect(wavAsPng.statusCode, type).toBe(422);
      expect(wavAsPng.json().errors).toEqual({ file: [message('fileNotImage')] });
    }
  });

  it('refuses an image over 5 MB and a sound over 10 MB (413), storing nothing', async () => {
    const before = storedFiles();
    const bigImage = Buffer.alloc(ASSET_IMAGE_MAX_BYTES + 1);
    PNG.copy(bigImage);
    const image = await postAsset([
      ...fields('Huge', 'background'),
      filePart(bigImage, 'huge.png', 'image/png'),
    ]);
    expect(image.statusCode).toBe(413);
    expect(image.json()).toEqual({
      code: 'payload_too_large',
      message: text('en', 'errors.payload_too_large', { limit: '5 MB' }),
    });
    const bigSound = Buffer.alloc(ASSET_SOUND_MAX_BYTES + 1);
    WAV.copy(bigSound);
    const sound = await postAsset([...fields('Long', 'sound'), filePart(bigSound, 'long.wav', 'audio/wav')]);
    expect(sound.statusCode).toBe(413);
    expect(sound.json().message).toBe(text('en', 'errors.payload_too_large', { limit: '10 MB' }));
    expect(storedFiles()).toEqual(before);
  });

  it(`takes at most ${ASSET_UPLOAD_FILES_MAX} files at once`, async () => {
    const files = Array.from({ length: ASSET_UPLOAD_FILES_MAX + 1 }, (_, i) =>
      filePart(PNG, `${i}.png`, 'image/png'),
    );
    const response = await postAsset([...fields('Many', 'prop'), ...files]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      file: [message('tooManyItems', { count: ASSET_UPLOAD_FILES_MAX })],
    });
  });

  it('refuses a body that is not a form, and a broken form', async () => {
    const json = await send(
      { method: 'POST', url: '/api/assets', payload: { name: 'Sky', type: 'background' } },
      await root(),
    );
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ file: [message('required')] });
    const form = multipartForm([...fields('Sky', 'background'), filePart(PNG, 'a.png', 'image/png')]);
    const cut = await send(
      { method: 'POST', url: '/api/assets', payload: form.payload.subarray(0, 80), headers: form.headers },
      await root(),
    );
    expect(cut.statusCode).toBe(400);
  });
});

describe('GET /api/assets and /api/assets/:id', () => {
  it('lists the library by type, then name, narrowed by type and by a part of the name', async () => {
    const prefix = `lib${Date.now()}`;
    const bell = await addAsset(`${prefix} bell`, 'sound', [filePart(WAV, 'bell.wav', 'audio/wav')]);
    const sea = await addAsset(`${prefix} Sea`, 'background');
    const hero = await addAsset(`${prefix} hero`, 'character');
    const beach = await addAsset(`${prefix} beach`, 'background');
    const ids = async (query: string) => {
      const response = await send({ url: `/api/assets?${query}` }, await tokenOf('teacher'));
      expect(response.statusCode).toBe(200);
      return (response.json().data as Asset[]).map((asset) => asset.id);
    };
    expect(await ids(`term=${prefix}`)).toEqual([beach.id, sea.id, hero.id, bell.id]);
    expect(await ids(`term=${prefix.toUpperCase()}%20S`)).toEqual([sea.id]);
    expect(await ids(`term=${prefix}&type=background`)).toEqual([beach.id, sea.id]);
    expect(await ids('term=%25%25%25')).toEqual([]);
    const wrong = await send({ url: '/api/assets?type=wallpaper' }, await root());
    expect(wrong.statusCode).toBe(422);
  });

  it('shows one asset, 404 for no such asset', async () => {
    const asset = await addAsset();
    const response = await send({ url: `/api/assets/${asset.id}` }, await tokenOf('moderator'));
    expect(response.json()).toEqual({ data: asset });
    expect((await send({ url: '/api/assets/2000000000' }, await root())).statusCode).toBe(404);
    expect((await send({ url: '/api/assets/abc' }, await root())).statusCode).toBe(404);
  });
});

describe('PUT /api/assets/:id', () => {
  const put = async (id: number, payload: object) =>
    send({ method: 'PUT', url: `/api/assets/${id}`, payload }, await root());

  it('renames an asset and changes its type to another that takes images', async () => {
    const asset = await addAsset('Tree', 'prop');
    const response = await put(asset.id, { name: ' Big tree ', type: 'game_prop' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...asset, name: 'Big tree', type: 'game_prop' });
    expect((await put(asset.id, { name: 'Oak' })).json().data).toMatchObject({
      name: 'Oak',
      type: 'game_prop',
    });
  });

  it('refuses a type that takes the other kind of file, an empty name, and no such asset', async () => {
    const image = await addAsset('Tree', 'prop');
    const toSound = await put(image.id, { type: 'sound' });
    expect(toSound.statusCode).toBe(422);
    expect(toSound.json().errors).toEqual({ type: [message('assetFilesAreImages')] });
    const sound = await addAsset('Bell', 'sound', [filePart(WAV, 'bell.wav', 'audio/wav')]);
    const toImage = await put(sound.id, { type: 'background' });
    expect(toImage.json().errors).toEqual({ type: [message('assetFilesAreSounds')] });
    expect((await put(image.id, { name: '' })).json().errors).toEqual({ name: [message('required')] });
    expect((await put(2_000_000_000, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/assets/:id', () => {
  const remove = async (id: number) => send({ method: 'DELETE', url: `/api/assets/${id}` }, await root());

  it('deletes an asset and its stored files, then answers 404', async () => {
    const before = storedFiles();
    const asset = await addAsset('Tree', 'prop', [
      filePart(PNG, 'a.png', 'image/png'),
      filePart(OTHER_PNG, 'b.png', 'image/png'),
    ]);
    expect(storedFiles()).toHaveLength(before.length + 2);
    const response = await remove(asset.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(storedFiles()).toEqual(before);
    expect((await remove(asset.id)).statusCode).toBe(404);
  });

  it('refuses while a theme has the asset (409 asset_in_use), and deletes it once detached', async () => {
    const asset = await addAsset();
    const theme = await attachToTheme(asset.id);
    const refused = await remove(asset.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'asset_in_use',
      message: text('en', 'errors.asset_in_use', { count: 1 }),
    });
    expect((await send({ url: `/api/assets/${asset.id}` }, await root())).statusCode).toBe(200);
    await theme.detach();
    expect((await remove(asset.id)).statusCode).toBe(200);
  });
});

describe('POST /api/medias and DELETE /api/medias/:id', () => {
  it('adds a file to an asset and removes one, keeping the stored files in step', async () => {
    const asset = await addAsset();
    const before = storedFiles();
    const added = await postMedia(asset.id, [filePart(OTHER_PNG, 'night.png', 'image/png')]);
    expect(added.statusCode, added.body).toBe(201);
    const files = (added.json().data as Asset).files;
    expect(files.map((file) => file.original_name)).toEqual(['sky.png', 'night.png']);
    expect(storedFiles()).toHaveLength(before.length + 1);
    const removed = await send({ method: 'DELETE', url: `/api/medias/${files[0]?.id}` }, await root());
    expect(removed.statusCode).toBe(200);
    expect((removed.json().data as Asset).files.map((file) => file.original_name)).toEqual(['night.png']);
    expect(storedFiles()).toHaveLength(before.length);
    const gone = await send({ url: files[0]?.file_url ?? '' }, await root());
    expect(gone.statusCode).toBe(404);
  });

  it('keeps the last file of an asset (409 asset_last_file)', async () => {
    const asset = await addAsset();
    const response = await send({ method: 'DELETE', url: `/api/medias/${asset.files[0]?.id}` }, await root());
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('asset_last_file');
    expect((await send({ url: `/api/assets/${asset.id}` }, await root())).json().data.files).toHaveLength(1);
  });

  it('checks the file as on create, one file at a time, and answers 404 for no such asset or file', async () => {
    const sound = await addAsset('Bell', 'sound', [filePart(WAV, 'bell.wav', 'audio/wav')]);
    const image = await postMedia(sound.id, [filePart(PNG, 'bell.mp3', 'audio/mpeg')]);
    expect(image.statusCode).toBe(422);
    expect(image.json().errors).toEqual({ file: [message('fileNotSound')] });
    expect(
      (await postMedia(sound.id, [filePart(Buffer.from('hello'), 'a.wav', 'audio/wav')])).statusCode,
    ).toBe(415);
    const two = await postMedia(sound.id, [
      filePart(WAV, 'a.wav', 'audio/wav'),
      filePart(WAV, 'b.wav', 'audio/wav'),
    ]);
    expect(two.statusCode).toBe(422);
    expect(two.json().errors).toEqual({ file: [message('tooManyItems', { count: 1 })] });
    expect((await postMedia(sound.id, [])).json().errors).toEqual({ file: [message('required')] });
    expect((await postMedia(2_000_000_000, [filePart(WAV, 'a.wav', 'audio/wav')])).statusCode).toBe(404);
    expect((await postMedia('abc', [filePart(WAV, 'a.wav', 'audio/wav')])).statusCode).toBe(422);
    const missing = await send({ method: 'DELETE', url: '/api/medias/2000000000' }, await root());
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/file/download/:fileId', () => {
  it('sends the bytes with the detected type, as an attachment with the name, never sniffed', async () => {
    // A PNG claimed to be a JPEG photo with a Cyrillic name.
    const asset = await addAsset('Сонце', 'background', [filePart(PNG, 'сонце (1).jpg', 'image/jpeg')]);
    const file = asset.files[0]!;
    const response = await send({ url: file.file_url }, await tokenOf('teacher'));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(PNG);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(PNG.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_____ (1).png"; filename*=UTF-8''%D1%81%D0%BE%D0%BD%D1%86%D0%B5%20%281%29.png`,
    );
  });

  it('shows an image inline when asked, never a sound', async () => {
    const image = (await addAsset()).files[0]!;
    const inline = await send({ url: `${image.file_url}?inline=1` }, await root());
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="sky.png"/);
    const sound = (await addAsset('Bell', 'sound', [filePart(WAV, 'bell.wav', 'audio/wav')])).files[0]!;
    const played = await send({ url: `${sound.file_url}?inline=1` }, await root());
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(played.headers['content-disposition']).toMatch(/^attachment; filename="bell.wav"/);
    expect(played.rawPayload).toEqual(WAV);
  });

  it('answers 404 for no such file, and for a file gone from the store', async () => {
    expect((await send({ url: '/api/file/download/2000000000' }, await root())).statusCode).toBe(404);
    const before = storedFiles();
    const asset = await addAsset();
    for (const name of storedFiles().filter((stored) => !before.includes(stored))) {
      fs.rmSync(path.join(assetsDir(), name));
    }
    const response = await send({ url: asset.files[0]!.file_url }, await root());
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});

/** One request per route, for the access checks every route shares; `manage` routes are root's. */
const ROUTES: Record<string, { manage: boolean; request: (asset: Asset) => Call }> = {
  'GET assets': { manage: false, request: () => ({ url: '/api/assets' }) },
  'GET assets/:id': { manage: false, request: (asset) => ({ url: `/api/assets/${asset.id}` }) },
  'GET file/download/:fileId': { manage: false, request: (asset) => ({ url: asset.files[0]!.file_url }) },
  'POST assets': {
    manage: true,
    request: () => ({
      method: 'POST',
      url: '/api/assets',
      ...multipartForm([...fields('New', 'prop'), filePart(PNG, 'a.png', 'image/png')]),
    }),
  },
  'PUT assets/:id': {
    manage: true,
    request: (asset) => ({ method: 'PUT', url: `/api/assets/${asset.id}`, payload: { name: 'Renamed' } }),
  },
  'DELETE assets/:id': {
    manage: true,
    request: (asset) => ({ method: 'DELETE', url: `/api/assets/${asset.id}` }),
  },
  'POST medias': {
    manage: true,
    request: (asset) => ({
      method: 'POST',
      url: '/api/medias',
      ...multipartForm([{ name: 'asset_id', value: String(asset.id) }, filePart(PNG, 'b.png', 'image/png')]),
    }),
  },
  'DELETE medias/:id': {
    manage: true,
    request: (asset) => ({ method: 'DELETE', url: `/api/medias/${asset.files[0]!.id}` }),
  },
};

describe.each(Object.entries(ROUTES))('%s', (_route, { manage, request }) => {
  /** An asset with two files, so that one may be removed. */
  const twoFiles = () =>
    addAsset('Sky', 'background', [
      filePart(PNG, 'a.png', 'image/png'),
      filePart(OTHER_PNG, 'b.png', 'image/png'),
    ]);

  it('answers 401 without a token', async () => {
    const response = await send(request(await twoFiles()));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(EVERY_ROLE)('answers a %s as the permission table says', async (role) => {
    const response = await send(request(await twoFiles()), await tokenOf(role));
    const allowed = manage ? ['root'] : ['root', 'moderator', 'author', 'teacher', 'diagnostician'];
    expectAllowed(response, allowed.includes(role));
  });
});
