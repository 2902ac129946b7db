import { DEFAULT_BOOKING_SETTINGS, MAINTENANCE_MESSAGE_MAX } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { apiWithToken } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildMember, buildUser, buildWorkspace, tokenFor } from '../../test/factories.ts';

const t = useTestApp({
  VACANCY_URLS: '{"301":"https://jobs.example/speech"}',
  CHAT_SCRIPT_URL: 'https://chat.example/widget.js',
  CHAT_HOST: 'https://chat.example',
  CHAT_TOKEN: 'secret-chat-token',
});

/** Each test works in an environment of its own. */
let nextEnv = 300;
const freshEnv = () => (nextEnv += 1);

async function rootIn(envId: number, name = 'Root') {
  const user = await buildUser(t.db, { isRoot: true, envId, name });
  return { user, api: apiWithToken(t.app, await tokenFor(t.db, user)) };
}

type Api = ReturnType<typeof apiWithToken>;
/** A storage write of one value as its JSON text (a bare string or boolean is a value too). */
const write = (api: Api, path: string, value: unknown) =>
  api.post(`/api/storage/app_settings${path}`, JSON.stringify(value), {
    headers: { 'content-type': 'application/json' },
  });

describe('GET /settings', () => {
  it('answers 401 without a session and 403 to every role but root', async () => {
    expect((await apiWithToken(t.app, null).get('/api/settings')).statusCode).toBe(401);
    expect((await apiWithToken(t.app, null).get('/api/settings/history')).statusCode).toBe(401);
    const school = await buildWorkspace(t.db);
    for (const role of ['admin', 'manager', 'moderator', 'author', 'teacher'] as const) {
      const api = apiWithToken(t.app, await tokenFor(t.db, await buildMember(t.db, school, [role])));
      expect((await api.get('/api/settings')).statusCode, role).toBe(403);
      expect((await api.get('/api/settings/history')).statusCode, role).toBe(403);
    }
  });

  it('gives the environment’s settings, the defaults where none is stored, and those kept elsewhere', async () => {
    const env = freshEnv();
    const { api } = await rootIn(env);
    await buildWorkspace(t.db, { envId: env + 1000 });
    const overview = await api.get('/api/settings');
    expect(overview.statusCode).toBe(200);
    expect(overview.json().data).toEqual({
      env_id: env,
      environments: expect.arrayContaining([env, env + 1000]),
      values: { maintenance: false, maintenance_message: '', force_update: false },
      configured: {
        vacancy_url: 'https://jobs.example/speech',
        vacancy_shown: false,
        chat: { script_url: 'https://chat.example/widget.js', host: 'https://chat.example' },
        booking_defaults: DEFAULT_BOOKING_SETTINGS,
      },
    });
    // The chat's token is never shown.
    expect(overview.body).not.toContain('secret-chat-token');

    const other = await api.get(`/api/settings?env_id=${env + 1000}`);
    expect(other.json().data).toMatchObject({ env_id: env + 1000, configured: { vacancy_url: null } });
    expect((await api.get('/api/settings?env_id=0')).statusCode).toBe(422);
    expect((await api.get('/api/settings?env_id=abc')).statusCode).toBe(422);
  });
});

describe('writing app_settings', () => {
  it('refuses a setting the product reads in a shape it cannot read, and writes nothing', async () => {
    const env = freshEnv();
    const { api } = await rootIn(env);
    const wrongType = await api.post(
      '/api/storage/app_settings',
      { maintenance: 'yes', force_update: 1 },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().code).toBe('validation_failed');
    expect(Object.keys(wrongType.json().errors).sort()).toEqual(['force_update', 'maintenance']);

    const tooLong = await write(api, '/maintenance_message', 'x'.repeat(MAINTENANCE_MESSAGE_MAX + 1));
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['maintenance_message']);

    const nullFlag = await write(api, '/maintenance', null);
    expect(nullFlag.statusCode).toBe(422);

    expect((await api.get('/api/storage/app_settings')).json()).toEqual({ data: {} });
    expect((await api.get('/api/settings/history')).json().meta.total).toBe(0);
  });

  it('saves maintenance with its message, reads it back, and keeps each change with who, before and after', async () => {
    const env = freshEnv();
    const { api, user } = await rootIn(env, 'Settings Root');
    const saved = await api.post('/api/storage/app_settings', {
      maintenance: true,
      maintenance_message: '  Back at 14:00  ',
      force_update: false,
    });
    expect(saved.statusCode).toBe(200);
    // Read back by the storage key, as every page of the environment reads it.
    const school = await buildWorkspace(t.db, { envId: env });
    const teacher = await buildMember(t.db, school, ['teacher'], { user: { envId: env } });
    const read = await apiWithToken(t.app, await tokenFor(t.db, teacher)).get('/api/storage/app_settings');
    expect(read.json().data).toMatchObject({ maintenance: true, force_update: false });
    expect((await api.get('/api/settings')).json().data.values).toEqual({
      maintenance: true,
      maintenance_message: 'Back at 14:00',
      force_update: false,
    });

    // The same value again is no change; another value is.
    await write(api, '/maintenance', true);
    await write(api, '/maintenance', false);
    await api.delete('/api/storage/app_settings/maintenance_message');

    const history = await api.get('/api/settings/history');
    expect(history.statusCode).toBe(200);
    expect(history.json().meta.total).toBe(5);
    const changes = history.json().data.map((change: Record<string, unknown>) => ({
      key: change.key,
      before: change.before,
      after: change.after,
      by: (change.changed_by as { id: number }).id,
    }));
    expect(changes).toEqual([
      { key: 'maintenance_message', before: 'Back at 14:00', after: null, by: user.id },
      { key: 'maintenance', before: true, after: false, by: user.id },
      { key: 'force_update', before: null, after: false, by: user.id },
      { key: 'maintenance_message', before: null, after: 'Back at 14:00', by: user.id },
      { key: 'maintenance', before: null, after: true, by: user.id },
    ]);
    expect(history.json().data[0]).toMatchObject({ env_id: env, changed_by: { name: 'Settings Root' } });

    // Another environment's history is its own.
    expect((await api.get(`/api/settings/history?env_id=${freshEnv()}`)).json().meta.total).toBe(0);
  });

  it('stores a subkey the product does not read as given', async () => {
    const { api } = await rootIn(freshEnv());
    const written = await write(api, '/some_flag', { any: ['json'] });
    expect(written.statusCode).toBe(200);
    expect((await api.get('/api/settings/history')).json().data[0]).toMatchObject({
      key: 'some_flag',
      before: null,
      after: { any: ['json'] },
    });
  });
});
