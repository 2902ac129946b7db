import { STORAGE_SUBKEY_MAX, STORAGE_VALUE_MAX_BYTES } from '@logoschool/contract';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, storage, type UserRow } from '../../db/schema/index.ts';
import { apiWithToken } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { addMembership, buildMember, buildUser, buildWorkspace, tokenFor } from '../../test/factories.ts';

const t = useTestApp();

/** Each test works in an environment of its own, so that app_settings of one test do not leak. */
let nextEnv = 100;
const freshEnv = () => (nextEnv += 1);

interface Call {
  token?: string | null;
  env?: number | string;
  payload?: unknown;
}

/** A storage call; the body is sent as its JSON text, so that a bare string or number is a value too. */
function call(method: 'GET' | 'POST' | 'DELETE', path: string, { token = null, env, payload }: Call = {}) {
  const headers: Record<string, string> = {};
  if (env !== undefined) headers['x-env-id'] = String(env);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return apiWithToken(t.app, token).request(method, `/api/storage/${path}`, body, { headers });
}

async function signedIn(values: Partial<UserRow> = {}) {
  const user = await buildUser(t.db, values);
  return { user, token: await tokenFor(t.db, user) };
}

const rootIn = (env: number) => signedIn({ isRoot: true, envId: env });

function settingsAudit(actorId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, 'settings.write')))
    .orderBy(desc(auditLog.id));
}

describe('app_settings', () => {
  it('is read by any signed-in user of the environment, as a record or one value', async () => {
    const env = freshEnv();
    const root = await rootIn(env);
    const written = await call('POST', 'app_settings', {
      token: root.token,
      payload: { vacancy_url: 'https://jobs.test', maintenance: false },
    });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toEqual({ data: { maintenance: false, vacancy_url: 'https://jobs.test' } });

    const school = await buildWorkspace(t.db, { envId: env });
    const teacher = await buildMember(t.db, school, ['teacher'], { user: { envId: env } });
    const withoutProjects = await buildUser(t.db, { envId: env });
    for (const reader of [teacher, withoutProjects, root.user]) {
      const token = await tokenFor(t.db, reader);
      const record = await call('GET', 'app_settings', { token });
      expect(record.statusCode).toBe(200);
      expect(record.json()).toEqual({ data: { maintenance: false, vacancy_url: 'https://jobs.test' } });
      const value = await call('GET', 'app_settings/vacancy_url', { token });
      expect(value.json()).toEqual({ data: 'https://jobs.test' });
      const missing = await call('GET', 'app_settings/nothing_here', { token });
      expect(missing.statusCode).toBe(200);
      expect(missing.json()).toEqual({ data: null });
    }
  });

  it('is an empty record where nothing is stored', async () => {
    const { token } = await signedIn({ envId: freshEnv() });
    const response = await call('GET', 'app_settings', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: {} });
  });

  it.each(['manager', 'moderator', 'author', 'teacher', 'admin', 'diagnostician'] as const)(
    'answers 403 when a %s writes or deletes it, and changes nothing',
    async (role) => {
      const env = freshEnv();
      const root = await rootIn(env);
      await call('POST', 'app_settings/maintenance', { token: root.token, payload: false });
      const school = await buildWorkspace(t.db, { envId: env });
      const member = await buildMember(t.db, school, [role], { user: { envId: env } });
      const token = await tokenFor(t.db, member);

      for (const response of [
        await call('POST', 'app_settings', { token, payload: { maintenance: true } }),
        await call('POST', 'app_settings/maintenance', { token, payload: true }),
        await call('DELETE', 'app_settings/maintenance', { token }),
        await call('DELETE', 'app_settings', { token }),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
      expect((await call('GET', 'app_settings', { token })).json()).toEqual({ data: { maintenance: false } });
      expect(await settingsAudit(member.id)).toEqual([]);
    },
  );

  it('writes an audit entry for every write and delete', async () => {
    const env = freshEnv();
    const root = await rootIn(env);
    await call('POST', 'app_settings', { token: root.token, payload: { vacancy_url: 'https://a.test' } });
    // An empty record changes nothing and is not an entry.
    await call('POST', 'app_settings', { token: root.token, payload: {} });
    await call('POST', 'app_settings/maintenance', { token: root.token, payload: true });
    await call('DELETE', 'app_settings/maintenance', { token: root.token });
    await call('DELETE', 'app_settings', { token: root.token });
    const entries = await settingsAudit(root.user.id);
    expect(entries.map((entry) => entry.details).reverse()).toEqual([
      { key: 'app_settings', env_id: env, subkeys: ['vacancy_url'] },
      { key: 'app_settings', env_id: env, subkeys: ['maintenance'] },
      { key: 'app_settings', env_id: env, deleted: 'maintenance' },
      { key: 'app_settings', env_id: env, deleted: '*' },
    ]);
  });
});

describe('POST', () => {
  it.each([
    ['a string', 'https://x.test'],
    ['a number', 42],
    ['a boolean', false],
    ['an array', [1, 'two', { three: 3 }]],
    ['an object', { nested: { deep: [true, null] } }],
    ['an empty string', ''],
    ['null', null],
  ])('stores %s under a subkey', async (_case, value) => {
    const { token } = await rootIn(freshEnv());
    const written = await call('POST', 'app_settings/some_value', { token, payload: value });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toEqual({ data: { some_value: value } });
    expect((await call('GET', 'app_settings/some_value', { token })).json()).toEqual({ data: value });
  });

  it('merges a record into the key, keeping the subkeys it does not name', async () => {
    const { token } = await rootIn(freshEnv());
    await call('POST', 'app_settings', { token, payload: { a: 1, b: 2 } });
    const merged = await call('POST', 'app_settings', { token, payload: { b: 'two', c: [3] } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ data: { a: 1, b: 'two', c: [3] } });
    await call('POST', 'app_settings/a', { token, payload: { one: 1 } });
    expect((await call('GET', 'app_settings', { token })).json()).toEqual({
      data: { a: { one: 1 }, b: 'two', c: [3] },
    });
  });

  it.each([
    ['an array', [1, 2]],
    ['a string', 'text'],
    ['a number', 5],
    ['null', null],
    ['a record with a bad subkey', { 'bad key': 1 }],
  ])('answers 422 for %s without a subkey', async (_case, payload) => {
    const { token, user } = await rootIn(freshEnv());
    const response = await call('POST', 'app_settings', { token, payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect((await call('GET', 'app_settings', { token })).json()).toEqual({ data: {} });
    expect(await settingsAudit(user.id)).toEqual([]);
  });

  it('answers 400 for malformed JSON', async () => {
    const { token } = await rootIn(freshEnv());
    const response = await apiWithToken(t.app, token).post('/api/storage/app_settings/a', '{"a": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('malformed_json');
  });

  it('answers 413 for a value over the limit and writes nothing, not even the other values', async () => {
    const { token, user } = await rootIn(freshEnv());
    // The JSON text of a string is its characters plus two quotes.
    const atLimit = 'x'.repeat(STORAGE_VALUE_MAX_BYTES - 2);
    const overLimit = `${atLimit}x`;
    const ok = await call('POST', 'app_settings/big', { token, payload: atLimit });
    expect(ok.statusCode).toBe(200);
    for (const response of [
      await call('POST', 'app_settings/bigger', { token, payload: overLimit }),
      await call('POST', 'app_settings', { token, payload: { small: 1, bigger: overLimit } }),
      await call('POST', 'app_settings/big', { token, payload: { text: atLimit } }),
    ]) {
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('payload_too_large');
    }
    const stored = (await call('GET', 'app_settings', { token })).json().data;
    expect(Object.keys(stored)).toEqual(['big']);
    expect(stored.big).toBe(atLimit);
    expect(await settingsAudit(user.id)).toHaveLength(1);
  });

  it('counts bytes, not characters', async () => {
    const { token } = await rootIn(freshEnv());
    // Two bytes per character in UTF-8: under the limit in characters, over it in bytes.
    const cyrillic = 'ж'.repeat(STORAGE_VALUE_MAX_BYTES / 2);
    const response = await call('POST', 'client-storage/note', { token, payload: cyrillic });
    expect(response.statusCode).toBe(413);
    expect((await call('GET', 'client-storage', { token })).json()).toEqual({ data: {} });
  });
});

describe('DELETE', () => {
  it('deletes one subkey, or the whole key', async () => {
    const { token } = await rootIn(freshEnv());
    await call('POST', 'app_settings', { token, payload: { a: 1, b: 2, c: 3 } });
    const one = await call('DELETE', 'app_settings/b', { token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ data: null });
    expect((await call('GET', 'app_settings', { token })).json()).toEqual({ data: { a: 1, c: 3 } });
    // Deleting what is not there is not an error.
    expect((await call('DELETE', 'app_settings/b', { token })).statusCode).toBe(200);
    expect((await call('DELETE', 'app_settings', { token })).statusCode).toBe(200);
    expect((await call('GET', 'app_settings', { token })).json()).toEqual({ data: {} });
  });

  it('deletes only the caller’s own client-storage', async () => {
    const env = freshEnv();
    const a = await signedIn({ envId: env });
    const b = await signedIn({ envId: env });
    await call('POST', 'client-storage', { token: a.token, payload: { x: 1, y: 2 } });
    await call('POST', 'client-storage', { token: b.token, payload: { x: 'b' } });
    await call('DELETE', 'client-storage', { token: b.token });
    await call('DELETE', 'client-storage/x', { token: b.token });
    expect((await call('GET', 'client-storage', { token: a.token })).json()).toEqual({
      data: { x: 1, y: 2 },
    });
    await call('DELETE', 'client-storage/x', { token: a.token });
    expect((await call('GET', 'client-storage', { token: a.token })).json()).toEqual({ data: { y: 2 } });
    // Per-user keys are not settings: no audit entry.
    expect(await settingsAudit(a.user.id)).toEqual([]);
  });
});

describe('client-storage', () => {
  it('is private to each user, and every user may write it', async () => {
    const env = freshEnv();
    const school = await buildWorkspace(t.db, { envId: env });
    const a = await buildMember(t.db, school, ['teacher'], { user: { envId: env } });
    const b = await buildMember(t.db, school, ['manager'], { user: { envId: env } });
    const tokenA = await tokenFor(t.db, a);
    const tokenB = await tokenFor(t.db, b);

    expect((await call('POST', 'client-storage/theme', { token: tokenA, payload: 'dark' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', 'client-storage', { token: tokenB })).json()).toEqual({ data: {} });
    expect((await call('GET', 'client-storage/theme', { token: tokenB })).json()).toEqual({ data: null });

    expect(
      (await call('POST', 'client-storage', { token: tokenB, payload: { theme: 'light' } })).statusCode,
    ).toBe(200);
    expect((await call('GET', 'client-storage/theme', { token: tokenA })).json()).toEqual({ data: 'dark' });
    expect((await call('GET', 'client-storage/theme', { token: tokenB })).json()).toEqual({ data: 'light' });
  });

  it('keeps a user’s values apart from root’s, and from app_settings', async () => {
    const env = freshEnv();
    const root = await rootIn(env);
    const user = await signedIn({ envId: env });
    await call('POST', 'client-storage/k', { token: root.token, payload: 'root' });
    await call('POST', 'app_settings/k', { token: root.token, payload: 'settings' });
    expect((await call('GET', 'client-storage/k', { token: user.token })).json()).toEqual({ data: null });
    expect((await call('GET', 'app_settings/k', { token: user.token })).json()).toEqual({ data: 'settings' });
  });
});

describe('X-Env-Id', () => {
  it('lets a user name their own environment and those of their live projects, else 403', async () => {
    const own = freshEnv();
    const project = freshEnv();
    const inactiveProject = freshEnv();
    const archivedProject = freshEnv();
    const stranger = freshEnv();
    const school = await buildWorkspace(t.db, { envId: project });
    const user = await buildMember(t.db, school, ['teacher'], { user: { envId: own } });
    await addMembership(t.db, user, await buildWorkspace(t.db, { envId: inactiveProject }), ['author'], {
      isActive: false,
    });
    await addMembership(t.db, user, await buildWorkspace(t.db, { envId: archivedProject }), ['author'], {
      archived: true,
    });
    const token = await tokenFor(t.db, user);

    for (const env of [own, project]) {
      expect((await call('GET', 'app_settings', { token, env })).statusCode).toBe(200);
      expect((await call('POST', 'client-storage/a', { token, env, payload: env })).statusCode).toBe(200);
    }
    for (const env of [inactiveProject, archivedProject, stranger]) {
      for (const response of [
        await call('GET', 'app_settings', { token, env }),
        await call('GET', 'client-storage', { token, env }),
        await call('POST', 'client-storage/a', { token, env, payload: 1 }),
        await call('DELETE', 'client-storage', { token, env }),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('environment_not_allowed');
      }
    }
  });

  it('lets root name any environment', async () => {
    const root = await rootIn(freshEnv());
    const elsewhere = freshEnv();
    const response = await call('POST', 'app_settings/maintenance', {
      token: root.token,
      env: elsewhere,
      payload: true,
    });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', 'app_settings', { token: root.token, env: elsewhere })).json()).toEqual({
      data: { maintenance: true },
    });
  });

  it('keeps the values of one environment out of another', async () => {
    const first = freshEnv();
    const second = freshEnv();
    const root = await rootIn(first);
    await call('POST', 'app_settings/vacancy_url', { token: root.token, payload: 'https://first.test' });
    await call('POST', 'client-storage/a', { token: root.token, env: first, payload: 'first' });
    expect((await call('GET', 'app_settings', { token: root.token, env: second })).json()).toEqual({
      data: {},
    });
    expect((await call('GET', 'client-storage', { token: root.token, env: second })).json()).toEqual({
      data: {},
    });
    await call('DELETE', 'app_settings', { token: root.token, env: second });
    await call('DELETE', 'client-storage', { token: root.token, env: second });
    expect((await call('GET', 'app_settings/vacancy_url', { token: root.token, env: first })).json()).toEqual(
      {
        data: 'https://first.test',
      },
    );
    expect((await call('GET', 'client-storage/a', { token: root.token })).json()).toEqual({ data: 'first' });
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648'])('answers 422 for %j', async (env) => {
    const { token } = await rootIn(freshEnv());
    const response = await call('GET', 'app_settings', { token, env });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
  });
});

describe('keys', () => {
  it.each(['unknown', 'settings', '__proto__', 'constructor', 'toString', 'App_Settings'])(
    'answers 404 storage_key_unknown for %j',
    async (key) => {
      const { token } = await rootIn(freshEnv());
      for (const response of [
        await call('GET', key, { token }),
        await call('POST', `${key}/a`, { token, payload: 1 }),
        await call('DELETE', key, { token }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('storage_key_unknown');
      }
    },
  );

  it.each(['bad%20key', 'bad%24key', 'a'.repeat(65), 'app_settings/bad%20sub', 'app_settings/a%2Fb'])(
    'answers 404 for a key or subkey with bad characters or length: %s',
    async (path) => {
      const { token } = await rootIn(freshEnv());
      const get = await call('GET', path, { token });
      expect(get.statusCode).toBe(404);
      expect(get.json().code).toBe('not_found');
      expect((await call('POST', path, { token, payload: 1 })).statusCode).toBe(404);
    },
  );

  it('takes the longest subkey the contract allows, in the path and in a record', async () => {
    const { token } = await rootIn(freshEnv());
    const inPath = 'p'.repeat(STORAGE_SUBKEY_MAX);
    const inRecord = 'r'.repeat(STORAGE_SUBKEY_MAX);
    expect((await call('POST', `app_settings/${inPath}`, { token, payload: 1 })).statusCode).toBe(200);
    expect((await call('POST', 'app_settings', { token, payload: { [inRecord]: 2 } })).statusCode).toBe(200);
    expect((await call('GET', `app_settings/${inPath}`, { token })).json()).toEqual({ data: 1 });
    expect((await call('GET', `app_settings/${inRecord}`, { token })).json()).toEqual({ data: 2 });
    expect((await call('DELETE', `app_settings/${inRecord}`, { token })).statusCode).toBe(200);
    expect((await call('GET', 'app_settings', { token })).json()).toEqual({ data: { [inPath]: 1 } });
  });

  it('refuses a longer subkey', async () => {
    const { token } = await rootIn(freshEnv());
    const subkey = 's'.repeat(STORAGE_SUBKEY_MAX + 1);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(method, `app_settings/${subkey}`, { token })).statusCode).toBe(404);
    }
    const inRecord = await call('POST', 'app_settings', { token, payload: { [subkey]: 1 } });
    expect(inRecord.statusCode).toBe(422);
    expect((await call('GET', 'app_settings', { token })).json()).toEqual({ data: {} });
  });
});

describe('without a token', () => {
  it.each([
    ['GET', 'app_settings'],
    ['GET', 'client-storage/a'],
    ['POST', 'app_settings/a'],
    ['POST', 'client-storage'],
    ['DELETE', 'app_settings'],
    ['DELETE', 'client-storage/a'],
  ] as const)('answers 401 to %s %s and stores nothing', async (method, path) => {
    const before = await t.db.select().from(storage);
    const response = await call(method, path, { payload: method === 'POST' ? { a: 1 } : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
    expect(await t.db.select().from(storage)).toEqual(before);
  });
});
