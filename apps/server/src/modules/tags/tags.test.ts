import { LANGUAGES, TAG_NAME_MAX, TAG_NAME_MIN, type Tag } from '@logoschool/contract';
import { asc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exerciseTags } from '../../db/schema/index.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { apiAs, EVERY_ROLE, expectAllowed, type Api, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  addMembership,
  buildExercise,
  buildSignedInMember,
  buildTag,
  buildUser,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';

const t = useTestApp();

/** A moderator of a new project. */
const moderator = async () => buildSignedInMember(t.db, await buildWorkspace(t.db), 'moderator');

const TAGS = '/api/workspaces/:workspaceId/tags';

const list = (caller: Member, query = '') => apiAs(t.app, caller).get(TAGS, { query });

const create = (caller: Member, name: unknown, lang?: string) =>
  apiAs(t.app, caller).post(TAGS, { name }, { lang });

const rename = (caller: Member, id: number, name: string) =>
  apiAs(t.app, caller).put(`${TAGS}/${id}`, { name });

const merge = (caller: Member, id: number, intoId: number) =>
  apiAs(t.app, caller).post(`${TAGS}/${id}/merge`, { into_id: intoId });

const remove = (caller: Member, id: number) => apiAs(t.app, caller).delete(`${TAGS}/${id}`);

async function add(caller: Member, name: string): Promise<Tag> {
  const response = await create(caller, name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const names = async (caller: Member, query = '') =>
  ((await list(caller, query)).json().data as Tag[]).map((tag) => tag.name);

const message = (key: FieldMessage, lang = 'en' as (typeof LANGUAGES)[number], params = {}) =>
  text(lang, `fields.${key}`, params);

describe('GET /api/workspaces/:workspaceId/tags', () => {
  it("lists the project's tags by name, ignoring case, and only its own", async () => {
    const caller = await moderator();
    for (const name of ['warm-up', 'Game', 'articulation', 'Listening']) await add(caller, name);
    await add(await moderator(), 'breathing');
    const response = await list(caller);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { id: expect.any(Number), name: 'articulation' },
      { id: expect.any(Number), name: 'Game' },
      { id: expect.any(Number), name: 'Listening' },
      { id: expect.any(Number), name: 'warm-up' },
    ]);
  });

  it('searches names for a part, ignoring case, taking % and _ literally', async () => {
    const caller = await moderator();
    for (const name of ['Syllables', 'syllable games', 'rhymes', '100% fun', 'a_b']) await add(caller, name);
    expect(await names(caller, '&term=SYLL')).toEqual(['syllable games', 'Syllables']);
    expect(await names(caller, '&term=%25')).toEqual(['100% fun']);
    expect(await names(caller, '&term=_')).toEqual(['a_b']);
    expect(await names(caller, '&term=')).toHaveLength(5);
    expect(await names(caller, '&term=zzz')).toEqual([]);
  });
});

describe('POST /api/workspaces/:workspaceId/tags', () => {
  it('adds a tag with its name trimmed', async () => {
    const caller = await moderator();
    const response = await create(caller, '  game  ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { id: expect.any(Number), name: 'game' } });
  });

  it('refuses a name taken in the project, ignoring case (409 tag_exists naming the tag)', async () => {
    const caller = await moderator();
    await add(caller, 'Warm-up');
    const response = await create(caller, ' WARM-UP ');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'tag_exists',
      message: text('en', 'errors.tag_exists', { name: 'Warm-up' }),
      errors: { name: [message('tagTaken')] },
    });
    expect(response.json().message).toContain('Warm-up');
    expect(await names(caller)).toEqual(['Warm-up']);
    // Another project has its own names.
    await add(await moderator(), 'warm-up');
  });

  it.each(LANGUAGES)('bounds the name (spec §5), in %s', async (lang) => {
    const caller = await moderator();
    const short = await create(caller, ` ${'x'.repeat(TAG_NAME_MIN - 1)} `, lang);
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ name: [message('tooShortString', lang, { count: TAG_NAME_MIN })] });
    const long = await create(caller, 'x'.repeat(TAG_NAME_MAX + 1), lang);
    expect(long.json().errors).toEqual({ name: [message('tooLongString', lang, { count: TAG_NAME_MAX })] });
    const missing = await apiAs(t.app, caller).post(TAGS, {}, { lang });
    expect(missing.json().errors).toEqual({ name: [message('required', lang)] });
    expect((await create(caller, 'x'.repeat(TAG_NAME_MAX), lang)).statusCode).toBe(201);
  });
});

describe('PUT /api/workspaces/:workspaceId/tags/:tagId', () => {
  it('renames a tag; a change of case is its own name', async () => {
    const caller = await moderator();
    const tag = await add(caller, 'game');
    const response = await rename(caller, tag.id, ' Games ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: tag.id, name: 'Games' } });
    expect((await rename(caller, tag.id, 'GAMES')).json().data.name).toBe('GAMES');
  });

  it("refuses another tag's name (409), and a short one (422)", async () => {
    const caller = await moderator();
    const tag = await add(caller, 'game');
    await add(caller, 'Listening');
    const taken = await rename(caller, tag.id, 'listening');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('tag_exists');
    expect(taken.json().message).toBe(text('en', 'errors.tag_exists', { name: 'Listening' }));
    expect((await rename(caller, tag.id, 'g')).statusCode).toBe(422);
    expect(await names(caller)).toEqual(['game', 'Listening']);
  });
});

describe('POST /api/workspaces/:workspaceId/tags/:tagId/merge', () => {
  it('merges a tag into another one of the project and deletes it', async () => {
    const caller = await moderator();
    const [source, target] = [await add(caller, 'warmup'), await add(caller, 'warm-up')];
    const response = await merge(caller, source.id, target.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: target });
    expect(await names(caller)).toEqual(['warm-up']);
    expect((await merge(caller, source.id, target.id)).statusCode).toBe(404);
  });

  it("gives the tag's exercises to the other tag, once each, and leaves other exercises alone", async () => {
    const caller = await moderator();
    const [source, target, other] = [
      await buildTag(t.db, caller.workspace.id, { name: 'warmup' }),
      await buildTag(t.db, caller.workspace.id, { name: 'warm-up' }),
      await buildTag(t.db, caller.workspace.id, { name: 'game' }),
    ];
    const author = await buildUser(t.db);
    const [onlySource, both, onlyTarget, untagged] = await Promise.all(
      [1, 2, 3, 4].map(() => buildExercise(t.db, caller.workspace.id, author.id)),
    );
    await t.db.insert(exerciseTags).values([
      { exerciseId: onlySource!.id, tagId: source.id },
      { exerciseId: onlySource!.id, tagId: other.id },
      { exerciseId: both!.id, tagId: source.id },
      { exerciseId: both!.id, tagId: target.id },
      { exerciseId: onlyTarget!.id, tagId: target.id },
    ]);
    expect((await merge(caller, source.id, target.id)).statusCode).toBe(200);
    const links = await t.db
      .select()
      .from(exerciseTags)
      .where(inArray(exerciseTags.exerciseId, [onlySource!.id, both!.id, onlyTarget!.id, untagged!.id]))
      .orderBy(asc(exerciseTags.exerciseId), asc(exerciseTags.tagId));
    expect(links).toEqual(
      [
        { exerciseId: onlySource!.id, tagId: target.id },
        { exerciseId: onlySource!.id, tagId: other.id },
        { exerciseId: both!.id, tagId: target.id },
        { exerciseId: onlyTarget!.id, tagId: target.id },
      ].sort((a, b) => a.exerciseId - b.exerciseId || a.tagId - b.tagId),
    );
  });

  it("refuses the tag itself and a tag that is unknown or another project's, changing nothing", async () => {
    const caller = await moderator();
    const tag = await add(caller, 'game');
    const foreign = await add(await moderator(), 'games');
    const self = await merge(caller, tag.id, tag.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ into_id: [message('tagMergeSelf')] });
    for (const id of [foreign.id, 2_000_000_000]) {
      const response = await merge(caller, tag.id, id);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ into_id: [message('tagNotFound')] });
    }
    expect(await names(caller)).toEqual(['game']);
  });
});

describe('DELETE /api/workspaces/:workspaceId/tags/:tagId', () => {
  it('deletes a tag, then answers 404 for it', async () => {
    const caller = await moderator();
    const [tag] = [await add(caller, 'game'), await add(caller, 'rhymes')];
    const response = await remove(caller, tag.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(await names(caller)).toEqual(['rhymes']);
    expect((await remove(caller, tag.id)).statusCode).toBe(404);
  });
});

/** One request per route, for the access checks every route shares. */
const ROUTES: Record<
  string,
  { manage: boolean; request: (api: Api, tag: { id: number }, other: { id: number }) => Promise<Response> }
> = {
  'GET tags': { manage: false, request: (api) => api.get(TAGS) },
  'POST tags': { manage: true, request: (api) => api.post(TAGS, { name: 'new tag' }) },
  'PUT tags/:tagId': {
    manage: true,
    request: (api, tag) => api.put(`${TAGS}/${tag.id}`, { name: 'renamed' }),
  },
  'POST tags/:tagId/merge': {
    manage: true,
    request: (api, tag, other) => api.post(`${TAGS}/${tag.id}/merge`, { into_id: other.id }),
  },
  'DELETE tags/:tagId': { manage: true, request: (api, tag) => api.delete(`${TAGS}/${tag.id}`) },
};

/** Two tags of a project, made straight in the table: what the routes act on. */
const twoTags = async (owner: Member) =>
  [
    await buildTag(t.db, owner.workspace.id, { name: 'game' }),
    await buildTag(t.db, owner.workspace.id, { name: 'rhymes' }),
  ] as const;

describe.each(Object.entries(ROUTES))('%s', (route, { manage, request }) => {
  it('answers 401 without a token', async () => {
    const owner = await moderator();
    const [tag, other] = await twoTags(owner);
    const response = await request(apiAs(t.app, owner, { token: null }), tag, other);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(EVERY_ROLE)('answers a %s as the permission table says', async (role) => {
    const owner = await moderator();
    const [tag, other] = await twoTags(owner);
    const caller = await buildSignedInMember(t.db, owner.workspace, role);
    const response = await request(apiAs(t.app, caller), tag, other);
    const allowed = manage
      ? ['root', 'moderator']
      : ['root', 'moderator', 'author', 'teacher', 'diagnostician'];
    expectAllowed(response, allowed.includes(role));
  });

  it("answers 404 for a project the caller is not in, and for another project's tag", async () => {
    const owner = await moderator();
    const [tag, other] = await twoTags(owner);
    const stranger = await moderator();
    const outside = await request(apiAs(t.app, stranger, { workspace: owner.workspace }), tag, other);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe('not_found');
    if (!route.includes(':tagId')) return;
    // A moderator of both projects names the tag under the other one: as unknown as a missing id.
    const caller = await buildSignedInMember(t.db, stranger.workspace, 'moderator');
    await addMembership(t.db, caller.user, owner.workspace, ['moderator']);
    const own = await buildTag(t.db, caller.workspace.id, { name: 'own tag' });
    const foreign = await request(apiAs(t.app, caller), tag!, own);
    const missing = await request(apiAs(t.app, caller), { id: 2_000_000_000 }, own);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(await names(owner)).toEqual(['game', 'rhymes']);
  });
});
