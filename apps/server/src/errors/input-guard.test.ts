import { INPUT_DEPTH_MAX, type Language } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { bearer, buildMember, buildUser, buildWorkspace, tokenFor } from '../test/factories.ts';
import { text } from '../i18n/index.ts';

const t = useTestApp();

const forbidden = (lang: Language = 'en') => text(lang, 'fields.forbiddenCharacters');
const tooDeep = (lang: Language = 'en') => text(lang, 'fields.tooDeep', { count: INPUT_DEPTH_MAX });

async function moderator() {
  const workspace = await buildWorkspace(t.db);
  const user = await buildMember(t.db, workspace, ['moderator']);
  return { workspace, headers: { ...bearer(await tokenFor(t.db, user)), 'accept-language': 'en' } };
}

/** JSON text sent as it is: `\ud800` stays an escape that JSON.parse turns into a lone surrogate. */
const rawJson = (text: string) => ({ payload: text, headers: { 'content-type': 'application/json' } });

/** Nested arrays `depth` levels deep, as JSON text (about 2 bytes a level). */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('the input rule (issue 10, defects 3–5)', () => {
  it('refuses U+0000 in a text field with a 422 naming the field, in the caller’s language', async () => {
    const caller = await moderator();
    for (const lang of ['en', 'uk'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/themes?workspace_id=${caller.workspace.id}&role_id=3`,
        headers: { ...caller.headers, 'accept-language': lang },
        payload: { name: 'Ca\u0000rs', genders: ['boy'], age_from: 3, age_to: 7, type: 'general' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: { name: [forbidden(lang)] },
      });
    }
  });

  it('refuses U+0000 in a search term and in a path parameter', async () => {
    const caller = await moderator();
    const term = await t.app.inject({
      url: `/api/exercises?workspace_id=${caller.workspace.id}&role_id=3&term=a%00b`,
      headers: caller.headers,
    });
    expect(term.statusCode).toBe(422);
    expect(term.json().errors).toEqual({ term: [forbidden()] });
    const storage = await t.app.inject({ url: '/api/storage/client-storage/a%00b', headers: caller.headers });
    expect(storage.statusCode).toBeLessThan(500);
    expect(storage.json()).toHaveProperty('code');
  });

  it('refuses a lone surrogate wherever text is kept as JSON (storage) and in keys', async () => {
    const user = await buildUser(t.db);
    const headers = { ...bearer(await tokenFor(t.db, user)), 'accept-language': 'en' };
    for (const text of ['{"note":"\\ud800"}', '{"\\udc00":1}', '{"a":["ok","x\\udfff"]}']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/storage/client-storage/note',
        ...rawJson(text),
        headers: { ...headers, 'content-type': 'application/json' },
      });
      expect(response.statusCode, text).toBe(422);
      expect(Object.values(response.json().errors as Record<string, string[]>).flat()).toEqual([forbidden()]);
    }
    // A pair of surrogates is one character (an emoji): kept.
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/api/storage/client-storage/note',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"note":"\\ud83d\\ude00"}',
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().data).toEqual({ note: { note: '😀' } });
  });

  it('refuses JSON nested deeper than the limit (5000 levels: ~10 KB) with a 422, and takes the limit itself', async () => {
    const user = await buildUser(t.db);
    const headers = {
      ...bearer(await tokenFor(t.db, user)),
      'content-type': 'application/json',
      'accept-language': 'en',
    };
    const send = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/storage/client-storage/deep',
        headers,
        payload: `{"v":${value}}`,
      });
    const deep = await send(nested(5000));
    expect(deep.statusCode).toBe(422);
    expect(Object.values(deep.json().errors as Record<string, string[]>).flat()).toEqual([tooDeep()]);
    const deepest = await send(nested(INPUT_DEPTH_MAX - 1));
    expect(deepest.statusCode, deepest.body).toBe(200);
  });

  it('judges the caller before the input: no token is 401, a role that may not is 403, whatever the body holds', async () => {
    const workspace = await buildWorkspace(t.db);
    const teacher = await buildMember(t.db, workspace, ['teacher']);
    const body = `{"name":"\\ud800","genders":${nested(5000)}}`;
    const url = `/api/themes?workspace_id=${workspace.id}&role_id=5`;
    const anonymous = await t.app.inject({ method: 'POST', url, ...rawJson(body) });
    expect(anonymous.statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { ...bearer(await tokenFor(t.db, teacher)), 'content-type': 'application/json' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty('errors');
  });
});
