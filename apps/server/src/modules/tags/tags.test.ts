import { LANGUAGES, ROLE, TAG_NAME_MAX, TAG_NAME_MIN, type RoleName, type Tag } from '@logoschool/contract';
import { asc, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { exerciseTags, type WorkspaceRow } from '../../db/schema/index.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { useTestApp } from '../../test/app.ts';
import {
  addMembership,
  bearer,
  buildMember,
  buildExercise,
  buildUser,
  buildWorkspace,
  tokenFor,
} from '../../test/factories.ts';

const t = useTestApp();

/** A signed-in caller acting in a project. */
interface Caller {
  workspace: WorkspaceRow;
  token: string;
  roleId: number;
}

async function callerIn(workspace: WorkspaceRow, role: RoleName = 'moderator'): Promise<Caller> {
  const user =
    role === 'root' ? await buildUser(t.db, { isRoot: true }) : await buildMember(t.db, workspace, [role]);
  return { workspace, token: await tokenFor(t.db, user), roleId: ROLE[role] };
}

/** A moderator of a new project. */
const moderator = async () => callerIn(await buildWorkspace(t.db));

const base = (workspaceId: number) => `/api/workspaces/${workspaceId}/tags`;

const call = (caller: Caller | null, options: InjectOptions, query = '', lang = 'en') =>
  t.app.inject({
    ...options,
    url: `${String(options.url)}?role_id=${caller?.roleId ?? ROLE.moderator}${query}`,
    headers: { 'accept-language': lang, ...(caller ? bearer(caller.token) : {}) },
  });

const list = (caller: Caller, query = '') => call(caller, { url: base(caller.workspace.id) }, query);

const create = (caller: Caller, name: unknown, lang?: string) =>
  call(caller, { method: 'POST', url: base(caller.workspace.id), payload: { name } }, '', lang);

const rename = (caller: Caller, id: number, name: string) =>
  call(caller, { method: 'PUT', url: `${base(caller.workspace.id)}/${id}`, payload: { name } });

const merge = (caller: Caller, id: number, intoId: number) =>
  call(caller, {
    method: 'POST',
    url: `${base(caller.workspace.id)}/${id}/merge`,
    payload: { into_id: intoId },
  });

const remove = (caller: Caller, id: number) =>
  call(caller, { method: 'DELETE', url: `${base(caller.workspace.id)}/${id}` });

async function add(caller: Caller, name: string): Promise<Tag> {
  const response = await create(caller, name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const names = async (caller: Caller, query = '') =>
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
    expect(short.json().errors).toEqual({ name: [message('tooShortString', lang, { min: TAG_NAME_MIN })] });
    const long = await create(caller, 'x'.repeat(TAG_NAME_MAX + 1), lang);
    expect(long.json().errors).toEqual({ name: [message('tooLongString', lang, { max: TAG_NAME_MAX })] });
    const missing = await call(
      caller,
      { method: 'POST', url: base(caller.workspace.id), payload: {} },
      '',
      lang,
    );
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
      await add(caller, 'warmup'),
      await add(caller, 'warm-up'),
      await add(caller, 'game'),
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
  { manage: boolean; request: (caller: Caller, tag: Tag, other: Tag) => InjectOptions }
> = {
  'GET tags': { manage: false, request: (caller) => ({ url: base(caller.workspace.id) }) },
  'POST tags': {
    manage: true,
    request: (caller) => ({ method: 'POST', url: base(caller.workspace.id), payload: { name: 'new tag' } }),
  },
  'PUT tags/:tagId': {
    manage: true,
    request: (caller, tag) => ({
      method: 'PUT',
      url: `${base(caller.workspace.id)}/${tag.id}`,
      payload: { name: 'renamed' },
    }),
  },
  'POST tags/:tagId/merge': {
    manage: true,
    request: (caller, tag, other) => ({
      method: 'POST',
      url: `${base(caller.workspace.id)}/${tag.id}/merge`,
      payload: { into_id: other.id },
    }),
  },
  'DELETE tags/:tagId': {
    manage: true,
    request: (caller, tag) => ({ method: 'DELETE', url: `${base(caller.workspace.id)}/${tag.id}` }),
  },
};

describe.each(Object.entries(ROUTES))('%s', (_route, { manage, request }) => {
  it('answers 401 without a token', async () => {
    const owner = await moderator();
    const response = await call(null, request(owner, await add(owner, 'game'), await add(owner, 'rhymes')));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(['root', 'moderator', 'manager', 'admin', 'author', 'teacher', 'diagnostician'] as const)(
    'answers a %s as the permission table says',
    async (role) => {
      const owner = await moderator();
      const [tag, other] = [await add(owner, 'game'), await add(owner, 'rhymes')];
      const caller = await callerIn(owner.workspace, role);
      const response = await call(caller, request(caller, tag, other));
      const allowed = manage
        ? ['root', 'moderator']
        : ['root', 'moderator', 'author', 'teacher', 'diagnostician'];
      if (allowed.includes(role)) {
        expect(response.statusCode, response.body).toBeLessThan(300);
      } else {
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    },
  );

  it("answers 404 for a project the caller is not in, and for another project's tag", async () => {
    const owner = await moderator();
    const [tag, other] = [await add(owner, 'game'), await add(owner, 'rhymes')];
    const stranger = await moderator();
    const outside = await call(stranger, request({ ...stranger, workspace: owner.workspace }, tag, other));
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe('not_found');
    if (!String(request(owner, tag, other).url).startsWith(`${base(owner.workspace.id)}/`)) return;
    // A moderator of both projects names the tag under the other one: as unknown as a missing id.
    const both = await buildMember(t.db, owner.workspace, ['moderator']);
    await addMembership(t.db, both, stranger.workspace, ['moderator']);
    const caller = {
      workspace: stranger.workspace,
      token: await tokenFor(t.db, both),
      roleId: ROLE.moderator,
    };
    const own = await add(caller, 'own tag');
    const foreign = await call(caller, request(caller, tag, own));
    const missing = await call(caller, request(caller, { ...tag, id: 2_000_000_000 }, own));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(await names(owner)).toEqual(['game', 'rhymes']);
  });
});
