import fs from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { apiWithToken } from '../../test/api.ts';
import { buildMember, buildUser, buildWorkspace, tokenFor } from '../../test/factories.ts';
import { filePart, multipartForm, type FormPart } from '../../test/multipart.ts';

const t = useTestApp();

/** Smallest real images of each accepted type (1×1 pixel). */
const IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xd9,
  ]),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
};

const file = (content: Buffer, filename = 'avatar.png', type = 'image/png') =>
  filePart(content, filename, type);

const withToken = (token: string | null) => apiWithToken(t.app, token);

const postJson = (token: string | null, payload: object, headers: Record<string, string> = {}) =>
  withToken(token).post('/api/users/profile', payload, { headers });

const postForm = (token: string | null, parts: FormPart[], headers: Record<string, string> = {}) =>
  withToken(token).upload('/api/users/profile', parts, { headers });

const rowOf = async (id: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
};

const avatarDir = () => path.join(t.app.config.dataDir, 'files', 'avatars');
/** The avatar files on disk. */
const storedAvatars = () => (fs.existsSync(avatarDir()) ? fs.readdirSync(avatarDir()).sort() : []);
const fileOf = (url: string) => path.join(avatarDir(), url.split('/').pop()!);

/** A signed-in user. */
async function signedIn(values: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.db, values);
  return { user, token: await tokenFor(t.db, user) };
}

describe('POST /api/users/profile (JSON)', () => {
  it('changes the given fields and answers with the user, as check-token then shows', async () => {
    const school = await buildWorkspace(t.db, { title: 'Profile school' });
    const user = await buildMember(t.db, school, ['teacher'], { user: { isNewVersion: true } });
    const token = await tokenFor(t.db, user);
    const info = JSON.stringify({ chat_restore_id: 'abc-123', nested: { a: [1, 2] } });
    const response = await postJson(token, {
      name: '  Olena Petrenko ',
      micro_mail: ' Olena@Example.TEST ',
      phone: '+38 (050) 123-45.67',
      is_new_version: false,
      additional_info: info,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'Olena Petrenko',
      micro_mail: 'olena@example.test',
      phone: '+380501234567',
      is_new_version: false,
      additional_info: info,
      avatar: null,
      assignments: [{ workspaceId: school.id, roles: ['teacher'] }],
    });
    expect(data).not.toHaveProperty('passwordHash');
    expect(await rowOf(user.id)).toMatchObject({
      name: 'Olena Petrenko',
      microMail: 'olena@example.test',
      phone: '+380501234567',
      isNewVersion: false,
      additionalInfo: info,
    });
    const check = await withToken(token).get('/api/check-token');
    expect(check.json().data).toEqual(data);
  });

  it('leaves absent fields as they are', async () => {
    const { user, token } = await signedIn({
      name: 'Kept Name',
      microMail: 'kept@example.test',
      phone: '+48501234567',
      additionalInfo: '{"a":1}',
      isNewVersion: false,
    });
    const response = await postJson(token, { phone: '+447700900123' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Kept Name',
      micro_mail: 'kept@example.test',
      phone: '+447700900123',
      additional_info: '{"a":1}',
      is_new_version: false,
    });
    const empty = await postJson(token, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual(response.json().data);
    expect((await rowOf(user.id)).phone).toBe('+447700900123');
  });

  it('clears micro_mail, phone and additional_info with empty text, and with null', async () => {
    const { user, token } = await signedIn({
      microMail: 'old@example.test',
      phone: '+48501234567',
      additionalInfo: '{"a":1}',
    });
    const response = await postJson(token, { micro_mail: '', phone: '', additional_info: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ micro_mail: null, phone: null, additional_info: null });
    expect(await rowOf(user.id)).toMatchObject({ microMail: null, phone: null, additionalInfo: null });

    await postJson(token, { micro_mail: 'again@example.test' });
    expect((await postJson(token, { micro_mail: null })).json().data.micro_mail).toBeNull();
  });

  it('changes only the signed-in user (the route takes no user id)', async () => {
    const { user, token } = await signedIn();
    const other = await buildUser(t.db, { name: 'Other Person', phone: '+48501234567' });
    const before = await rowOf(other.id);
    const response = await postJson(token, { name: 'Changed Me', phone: '+380501234567' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe(user.id);
    expect(await rowOf(other.id)).toEqual(before);
    // An id in the body is an unknown field, not a way to reach another user.
    const sneaky = await postJson(token, { id: other.id, name: 'Hijacked' });
    expect(sneaky.statusCode).toBe(422);
    expect(await rowOf(other.id)).toEqual(before);
    expect((await rowOf(user.id)).name).toBe('Changed Me');
  });
});

describe('POST /api/users/profile (validation)', () => {
  it.each([
    ['a name too short', { name: 'A' }, 'name', 'At least 2 characters.'],
    ['a name of spaces', { name: '    ' }, 'name', 'Required.'],
    ['a name too long', { name: 'x'.repeat(101) }, 'name', 'At most 100 characters.'],
    ['a bad micro_mail', { micro_mail: 'not-an-email' }, 'micro_mail', 'Enter a valid email address.'],
    [
      'a phone without +',
      { phone: '380501234567' },
      'phone',
      'Enter the number in international format, e.g. +447700900123.',
    ],
    [
      'a phone too short',
      { phone: '+380 12' },
      'phone',
      'Enter the number in international format, e.g. +447700900123.',
    ],
    [
      'a phone too long',
      { phone: '+1234567890123456' },
      'phone',
      'Enter the number in international format, e.g. +447700900123.',
    ],
    [
      'a phone with letters',
      { phone: '+38050CALLME' },
      'phone',
      'Enter the number in international format, e.g. +447700900123.',
    ],
    [
      'additional_info that is not JSON',
      { additional_info: '{a:1' },
      'additional_info',
      'Must be a JSON object.',
    ],
    [
      'additional_info as a JSON array',
      { additional_info: '[1,2]' },
      'additional_info',
      'Must be a JSON object.',
    ],
    [
      'additional_info as JSON null',
      { additional_info: 'null' },
      'additional_info',
      'Must be a JSON object.',
    ],
    ['an unknown field', { email: 'new@example.test' }, 'email', 'Unknown field.'],
  ])('rejects %s with 422 and an English message', async (_case, payload, field, message) => {
    const { user, token } = await signedIn();
    const before = await rowOf(user.id);
    const response = await postJson(token, payload, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(response.json().message).toBe('Please check the data you entered.');
    expect(response.json().errors).toEqual({ [field]: [message] });
    expect(await rowOf(user.id)).toEqual(before);
  });

  it.each([
    ['is_new_version "maybe"', { is_new_version: 'maybe' }, 'is_new_version'],
    ['is_new_version as a number', { is_new_version: 1 }, 'is_new_version'],
    ['additional_info as an object', { additional_info: { a: 1 } }, 'additional_info'],
    ['a name as a number', { name: 12345 }, 'name'],
  ])('rejects %s with 422 naming the field', async (_case, payload, field) => {
    const { token } = await signedIn();
    const response = await postJson(token, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('rejects additional_info longer than the limit', async () => {
    const { token } = await signedIn();
    const long = JSON.stringify({ text: 'x'.repeat(4000) });
    const response = await postJson(token, { additional_info: long }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.additional_info).toContain('At most 4000 characters.');
  });

  it('names the phone error in the request’s language', async () => {
    const { token } = await signedIn();
    const en = await postJson(token, { phone: '0501234567' }, { 'accept-language': 'en-GB,en;q=0.9' });
    const uk = await postJson(token, { phone: '0501234567' }, { 'accept-language': 'uk-UA,uk;q=0.9' });
    expect(en.json().errors).toEqual({
      phone: ['Enter the number in international format, e.g. +447700900123.'],
    });
    expect(uk.json().errors).toEqual({
      phone: ['Введіть номер у міжнародному форматі, напр. +380501234567.'],
    });
    expect(uk.json().message).toBe('Перевірте введені дані.');
    const email = await postJson(token, { micro_mail: 'nope' }, { 'accept-language': 'uk' });
    expect(email.json().errors).toEqual({ micro_mail: ['Введіть коректний email.'] });
  });

  it('validates the fields of a form the same way', async () => {
    const { user, token } = await signedIn();
    const before = await rowOf(user.id);
    const files = storedAvatars();
    const response = await postForm(
      token,
      [
        { name: 'phone', value: '12345' },
        { name: 'is_new_version', value: 'maybe' },
        { name: 'colour', value: 'red' },
        file(IMAGES.png),
      ],
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(Object.keys(response.json().errors).sort()).toEqual(['colour', 'is_new_version', 'phone']);
    expect(response.json().errors.colour).toEqual(['Unknown field.']);
    expect(await rowOf(user.id)).toEqual(before);
    expect(storedAvatars()).toEqual(files);
  });
});

describe('POST /api/users/profile (form with an avatar)', () => {
  it('takes text fields from a form: flags as "true"/"false", JSON as text', async () => {
    const { user, token } = await signedIn({ isNewVersion: true });
    const response = await postForm(token, [
      { name: 'name', value: 'Ірина Коваль' },
      { name: 'phone', value: '+380 50 123 45 67' },
      { name: 'is_new_version', value: 'false' },
      { name: 'additional_info', value: '{"chat_restore_id":"r-1"}' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Ірина Коваль',
      phone: '+380501234567',
      is_new_version: false,
      additional_info: '{"chat_restore_id":"r-1"}',
      avatar: null,
    });
    const back = await postForm(token, [{ name: 'is_new_version', value: 'true' }]);
    expect(back.json().data.is_new_version).toBe(true);
    expect((await rowOf(user.id)).isNewVersion).toBe(true);
  });

  it.each([
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)('accepts a %s avatar and serves the same bytes as %s', async (ext, type) => {
    const { user, token } = await signedIn();
    const response = await postForm(token, [
      { name: 'name', value: 'With Avatar' },
      // The client's name and type do not matter: the bytes tell the type.
      file(IMAGES[ext], 'photo.bin', 'application/octet-stream'),
    ]);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.name).toBe('With Avatar');
    expect(data.avatar).toMatch(new RegExp(`^/api/files/avatars/[a-f0-9]{32}\\.${ext}$`));
    expect((await rowOf(user.id)).avatar).toBe(data.avatar);

    const image = await withToken(null).get(data.avatar);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe(type);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(IMAGES[ext])).toBe(true);
    // Public: the link works without a token (an <img> sends none).
    expect((await withToken('x'.repeat(43)).get(data.avatar)).statusCode).toBe(200);
  });

  it('accepts an image of exactly the largest size', async () => {
    const { token } = await signedIn();
    const content = Buffer.alloc(AVATAR_MAX_BYTES);
    IMAGES.png.copy(content);
    const response = await postForm(token, [file(content)]);
    expect(response.statusCode).toBe(200);
    expect(fs.statSync(fileOf(response.json().data.avatar)).size).toBe(AVATAR_MAX_BYTES);
  });

  it('removes the old file when the avatar is replaced', async () => {
    const { user, token } = await signedIn();
    const first = (await postForm(token, [file(IMAGES.png)])).json().data.avatar as string;
    expect(fs.existsSync(fileOf(first))).toBe(true);
    const response = await postForm(token, [file(IMAGES.gif, 'new.gif', 'image/gif')]);
    expect(response.statusCode).toBe(200);
    const second = response.json().data.avatar as string;
    expect(second).not.toBe(first);
    expect(second).toMatch(/\.gif$/);
    expect(fs.existsSync(fileOf(first))).toBe(false);
    const old = await withToken(null).get(first);
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('not_found');
    expect((await withToken(null).get(second)).statusCode).toBe(200);
    expect((await rowOf(user.id)).avatar).toBe(second);
  });

  it('keeps the avatar when other fields change', async () => {
    const { token } = await signedIn();
    const avatar = (await postForm(token, [file(IMAGES.webp)])).json().data.avatar as string;
    const response = await postJson(token, { name: 'Renamed User' });
    expect(response.json().data.avatar).toBe(avatar);
    expect((await withToken(null).get(avatar)).statusCode).toBe(200);
  });

  it('removes the avatar and its file with remove_avatar=true', async () => {
    const { user, token } = await signedIn();
    const avatar = (await postForm(token, [file(IMAGES.jpg, 'me.jpg', 'image/jpeg')])).json().data
      .avatar as string;
    const kept = await postForm(token, [{ name: 'remove_avatar', value: 'false' }]);
    expect(kept.json().data.avatar).toBe(avatar);

    const response = await postForm(token, [{ name: 'remove_avatar', value: 'true' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.avatar).toBeNull();
    expect((await rowOf(user.id)).avatar).toBeNull();
    expect(fs.existsSync(fileOf(avatar))).toBe(false);
    expect((await withToken(null).get(avatar)).statusCode).toBe(404);
    // Removing when there is none is fine; so is the JSON form of the flag.
    expect((await postJson(token, { remove_avatar: true })).statusCode).toBe(200);
  });

  describe('refuses, changing nothing', () => {
    /** A user with an avatar and a name; returns a check that neither changed, nor the files. */
    async function userWithAvatar() {
      const { user, token } = await signedIn({ name: 'Unchanged Name' });
      const avatar = (await postForm(token, [file(IMAGES.png)])).json().data.avatar as string;
      const before = await rowOf(user.id);
      const files = storedAvatars();
      const unchanged = async () => {
        expect(await rowOf(user.id)).toEqual(before);
        expect(storedAvatars()).toEqual(files);
        expect((await withToken(null).get(avatar)).statusCode).toBe(200);
      };
      return { token, unchanged };
    }

    it.each([
      ['a text file', file(Buffer.from('just some text\n'), 'notes.txt', 'text/plain')],
      ['text named .png and sent as image/png', file(Buffer.from('not really a picture'), 'fake.png')],
      ['an SVG', file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml')],
      ['a PNG header cut short', file(IMAGES.png.subarray(0, 4))],
      ['an empty file', file(Buffer.alloc(0))],
      ['a file sent as a text field', { name: 'file', value: 'data:image/png;base64,AAAA' }],
    ] as [string, FormPart][])('%s with 415', async (_case, part) => {
      const { token, unchanged } = await userWithAvatar();
      const response = await postForm(token, [{ name: 'name', value: 'New Name' }, part], {
        'accept-language': 'en',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('unsupported_media_type');
      await unchanged();
    });

    it('a file over AVATAR_MAX_BYTES with 413', async () => {
      const { token, unchanged } = await userWithAvatar();
      const content = Buffer.alloc(AVATAR_MAX_BYTES + 1);
      IMAGES.png.copy(content);
      const response = await postForm(token, [{ name: 'name', value: 'New Name' }, file(content)], {
        'accept-language': 'en',
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('payload_too_large');
      expect(response.json().message).toBe('The request is too large (at most 2 MB).');
      await unchanged();
    });

    it('two files with 4xx', async () => {
      const { token, unchanged } = await userWithAvatar();
      const response = await postForm(token, [
        { name: 'name', value: 'New Name' },
        file(IMAGES.png),
        file(IMAGES.gif, 'b.gif', 'image/gif'),
      ]);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      await unchanged();
    });

    it('two files under different names with 4xx', async () => {
      const { token, unchanged } = await userWithAvatar();
      const response = await postForm(token, [
        file(IMAGES.png),
        { name: 'photo', filename: 'b.gif', type: 'image/gif', content: IMAGES.gif },
      ]);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      await unchanged();
    });

    /** Spoils a well-formed form: its bytes and content type → what is sent instead. */
    type Spoil = (body: Buffer, type: string) => [Buffer, string];
    it.each<[string, Spoil]>([
      ['cut off in the file', (body, type) => [body.subarray(0, body.length - 40), type]],
      ['cut off in a field', (body, type) => [body.subarray(0, 60), type]],
      ['without a boundary', (body) => [body, 'multipart/form-data']],
      ['that is no form at all', (_body, type) => [Buffer.from('hello world'), type]],
    ])('a form %s with 400', async (_case, spoil) => {
      const { token, unchanged } = await userWithAvatar();
      const body = multipartForm([{ name: 'name', value: 'New Name' }, file(IMAGES.png)]);
      const [payload, type] = spoil(body.payload, body.headers['content-type']);
      const response = await withToken(token).post('/api/users/profile', payload, {
        headers: { 'content-type': type },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('bad_request');
      await unchanged();
    });
  });
});

describe('POST /api/users/profile (authentication)', () => {
  it('answers 401 without a token, for JSON and for a form, and stores no file', async () => {
    const files = storedAvatars();
    const json = await postJson(null, { name: 'Nobody Here' });
    expect(json.statusCode).toBe(401);
    expect(json.json().code).toBe('unauthenticated');
    const upload = await postForm(null, [{ name: 'name', value: 'Nobody Here' }, file(IMAGES.png)]);
    expect(upload.statusCode).toBe(401);
    expect(upload.json().code).toBe('unauthenticated');
    expect(storedAvatars()).toEqual(files);
  });

  it('answers 401 before validating, so an anonymous caller learns nothing about the input', async () => {
    const response = await postJson(null, { phone: 'bad', colour: 'red' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('errors');
  });

  it('answers 401 for a revoked token', async () => {
    const { user, token } = await signedIn({ name: 'Signed Out' });
    expect((await withToken(token).post('/api/logout')).statusCode).toBe(200);
    const response = await postJson(token, { name: 'After Logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_expired');
    expect((await rowOf(user.id)).name).toBe('Signed Out');
  });

  it('answers 401 for the token of a deactivated user', async () => {
    const { user, token } = await signedIn({ name: 'Deactivated' });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const response = await postJson(token, { name: 'Still Here' });
    expect(response.statusCode).toBe(401);
    const upload = await postForm(token, [file(IMAGES.png)]);
    expect(upload.statusCode).toBe(401);
    expect(await rowOf(user.id)).toMatchObject({ name: 'Deactivated', avatar: null });
  });
});

describe('GET /api/files/avatars/:name', () => {
  it.each([
    ['an unknown name', '/api/files/avatars/unknown.png'],
    ['a well-formed name of no file', `/api/files/avatars/${'0'.repeat(32)}.png`],
    ['an encoded path out of the folder', '/api/files/avatars/..%2F..%2Fetc%2Fpasswd'],
    ['a path out of the folder', '/api/files/avatars/../../etc/passwd'],
    ['a dot-dot', '/api/files/avatars/..'],
    ['another extension', `/api/files/avatars/${'0'.repeat(32)}.svg`],
    ['an overlong name', `/api/files/avatars/${'a'.repeat(200)}.png`],
  ])('answers 404 JSON for %s', async (_case, url) => {
    const response = await withToken(null).get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(['not_found', 'route_not_found']).toContain(response.json().code);
  });

  it('does not serve a file of the data directory outside the avatars', async () => {
    const secret = path.join(t.app.config.dataDir, 'files', `${'b'.repeat(32)}.png`);
    fs.mkdirSync(path.dirname(secret), { recursive: true });
    fs.writeFileSync(secret, IMAGES.png);
    const response = await withToken(null).get(`/api/files/avatars/..%2F${'b'.repeat(32)}.png`);
    expect(response.statusCode).toBe(404);
  });
});
