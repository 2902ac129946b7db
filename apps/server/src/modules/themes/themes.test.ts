import {
  LANGUAGES,
  ROLE,
  THEME_AGE_MAX,
  THEME_NAME_MAX,
  THEME_NAME_MIN,
  type Asset,
  type Language,
  type RoleName,
  type Theme,
} from '@logoschool/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { UserRow, WorkspaceRow } from '../../db/schema/index.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { encodePng, sineTone } from '../../db/demo/encode.ts';
import { useTestApp } from '../../test/app.ts';
import {
  addMembership,
  bearer,
  buildMember,
  buildUser,
  buildWorkspace,
  tokenFor,
} from '../../test/factories.ts';
import { filePart, multipartForm } from '../../test/multipart.ts';

const t = useTestApp();

/** A signed-in caller acting in a project. */
interface Caller {
  workspace: WorkspaceRow;
  user: UserRow;
  token: string;
  roleId: number;
}

async function callerIn(workspace: WorkspaceRow, role: RoleName = 'moderator'): Promise<Caller> {
  const user =
    role === 'root' ? await buildUser(t.db, { isRoot: true }) : await buildMember(t.db, workspace, [role]);
  return { workspace, user, token: await tokenFor(t.db, user), roleId: ROLE[role] };
}

/** The caller is a moderator of `workspace` too, so it may share themes there. */
async function alsoModeratorIn(caller: Caller, workspace: WorkspaceRow): Promise<WorkspaceRow> {
  await addMembership(t.db, caller.user, workspace, ['moderator']);
  return workspace;
}

/** A new project the caller moderates too: one it may share its themes with. */
const projectOf = async (caller: Caller) => alsoModeratorIn(caller, await buildWorkspace(t.db));

/** A moderator of a new project. */
const moderator = async () => callerIn(await buildWorkspace(t.db));

/** Sends a request acting in the caller's project (`workspace_id`, `role_id` in the query). */
const call = (caller: Caller | null, options: InjectOptions, query = '', lang: Language = 'en') => {
  const acting = caller
    ? `workspace_id=${caller.workspace.id}&role_id=${caller.roleId}`
    : 'workspace_id=1&role_id=3';
  return t.app.inject({
    ...options,
    url: `${String(options.url)}?${acting}${query}`,
    headers: { 'accept-language': lang, ...(caller ? bearer(caller.token) : {}) },
  });
};

const CARS = { name: 'Cars', genders: ['boy'], age_from: 3, age_to: 7, type: 'general' };

const create = (caller: Caller, body: object, lang?: Language) =>
  call(caller, { method: 'POST', url: '/api/themes', payload: body }, '', lang);

async function add(caller: Caller, body: object = {}): Promise<Theme> {
  const response = await create(caller, { ...CARS, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const update = (caller: Caller, id: number, body: object) =>
  call(caller, { method: 'PUT', url: `/api/themes/${id}`, payload: body });

const names = async (caller: Caller, query = '') => {
  const response = await call(caller, { url: '/api/themes' }, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Theme[]).map((theme) => theme.name);
};

const message = (key: FieldMessage, lang: Language = 'en', params = {}) =>
  text(lang, `fields.${key}`, params);

let rootToken: Promise<string> | undefined;
const root = () => (rootToken ??= buildUser(t.db, { isRoot: true }).then((user) => tokenFor(t.db, user)));

/** A library asset made by root. */
async function libraryAsset(name: string, type = 'background'): Promise<Asset> {
  const file =
    type === 'sound'
      ? filePart(sineTone(330, 0.02, 8000), `${name}.wav`, 'audio/wav')
      : filePart(encodePng(1, 1, new Uint8Array([1, 2, 3, 255])), `${name}.png`, 'image/png');
  const form = multipartForm([{ name: 'name', value: name }, { name: 'type', value: type }, file]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/assets',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(await root()) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const setAssets = (caller: Caller, id: number, assetIds: number[]) =>
  call(caller, { method: 'PUT', url: `/api/themes/${id}/assets`, payload: { asset_ids: assetIds } });

describe('POST /api/themes', () => {
  it('adds a theme to the project, its name trimmed, not ready, shared with nobody', async () => {
    const caller = await moderator();
    const response = await create(caller, { ...CARS, name: '  Cars  ', genders: ['girl', 'boy'] });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.any(Number),
      name: 'Cars',
      genders: ['boy', 'girl'],
      age_from: 3,
      age_to: 7,
      type: 'general',
      ready: false,
      workspace_id: caller.workspace.id,
      workspace_title: caller.workspace.title,
      shared_workspace_ids: [],
      assets: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('shares it with existing projects, leaving out the owner, and takes ready', async () => {
    const caller = await moderator();
    const [second, third] = [await projectOf(caller), await projectOf(caller)];
    const theme = await add(caller, {
      ready: true,
      shared_workspace_ids: [third.id, caller.workspace.id, second.id],
    });
    expect(theme.ready).toBe(true);
    expect(theme.shared_workspace_ids).toEqual([second.id, third.id].sort((a, b) => a - b));
  });

  it('refuses to share with a project that does not exist (the same 404 as a foreign one), and twice with one', async () => {
    const caller = await moderator();
    const other = await projectOf(caller);
    const missing = await create(caller, { ...CARS, shared_workspace_ids: [other.id, 2_000_000_000] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', message: text('en', 'errors.not_found') });
    const twice = await create(caller, { ...CARS, shared_workspace_ids: [other.id, other.id] });
    expect(twice.json().errors).toEqual({ shared_workspace_ids: [message('unique')] });
    expect(await names(caller)).toEqual([]);
  });

  it('refuses a name taken in the project, ignoring case (409 theme_exists); another project has its own', async () => {
    const caller = await moderator();
    await add(caller, { name: 'Space' });
    const response = await create(caller, { ...CARS, name: ' SPACE ' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'theme_exists',
      message: text('en', 'errors.theme_exists', { name: 'Space' }),
      errors: { name: [message('themeTaken')] },
    });
    await add(await moderator(), { name: 'space' });
  });

  it.each(LANGUAGES)('checks every rule of spec §5, in %s', async (lang) => {
    const caller = await moderator();
    const errorsOf = async (body: object) => {
      const response = await create(caller, { ...CARS, ...body }, lang);
      expect(response.statusCode).toBe(422);
      return response.json().errors;
    };
    expect(await errorsOf({ genders: [] })).toEqual({ genders: [message('tooFewItems', lang, { min: 1 })] });
    expect(await errorsOf({ genders: undefined })).toEqual({ genders: [message('required', lang)] });
    expect(await errorsOf({ genders: ['boy', 'boy'] })).toEqual({ genders: [message('unique', lang)] });
    expect(await errorsOf({ age_from: 8, age_to: 5 })).toEqual({
      age_from: [message('ageFromAfterTo', lang)],
    });
    expect(await errorsOf({ age_to: THEME_AGE_MAX + 1 })).toEqual({
      age_to: [message('tooBigNumber', lang, { max: THEME_AGE_MAX })],
    });
    expect(await errorsOf({ age_from: -1 })).toEqual({
      age_from: [message('tooSmallNumber', lang, { min: 0 })],
    });
    expect(await errorsOf({ name: ` ${'x'.repeat(THEME_NAME_MIN - 1)} ` })).toEqual({
      name: [message('tooShortString', lang, { min: THEME_NAME_MIN })],
    });
    expect(await errorsOf({ name: 'x'.repeat(THEME_NAME_MAX + 1) })).toEqual({
      name: [message('tooLongString', lang, { max: THEME_NAME_MAX })],
    });
    expect(Object.keys(await errorsOf({ type: 'special' }))).toEqual(['type']);
    expect(Object.keys(await errorsOf({ workspace_id: caller.workspace.id }))).toEqual(['workspace_id']);
    // Several faults at once are all told.
    expect(Object.keys(await errorsOf({ name: 'x', genders: [], age_from: 9, age_to: 2 })).sort()).toEqual([
      'age_from',
      'genders',
      'name',
    ]);
    expect(
      (await create(caller, { ...CARS, name: 'x'.repeat(THEME_NAME_MAX), age_from: 5, age_to: 5 }))
        .statusCode,
    ).toBe(201);
  });
});

describe('GET /api/themes', () => {
  it("lists the project's own themes and those shared with it, by name, not other projects'", async () => {
    const caller = await moderator();
    const neighbour = await moderator();
    await alsoModeratorIn(neighbour, caller.workspace);
    for (const name of ['space', 'Animals', 'Dinosaurs']) await add(caller, { name });
    await add(neighbour, { name: 'Boats', shared_workspace_ids: [caller.workspace.id] });
    await add(neighbour, { name: 'Castles' });
    expect(await names(caller)).toEqual(['Animals', 'Boats', 'Dinosaurs', 'space']);
    expect(await names(neighbour)).toEqual(['Boats', 'Castles']);
    const boats = (await call(caller, { url: '/api/themes' }, '&term=boat')).json().data[0] as Theme;
    expect(boats.workspace_id).toBe(neighbour.workspace.id);
    expect(boats.workspace_title).toBe(neighbour.workspace.title);
  });

  it('narrows by a part of the name, type, ready, gender and a child’s age, all together', async () => {
    const caller = await moderator();
    await add(caller, {
      name: 'Cars',
      genders: ['boy'],
      age_from: 3,
      age_to: 7,
      type: 'general',
      ready: true,
    });
    await add(caller, { name: 'Princesses', genders: ['girl'], age_from: 4, age_to: 9, type: 'general' });
    await add(caller, {
      name: 'Space',
      genders: ['boy', 'girl'],
      age_from: 6,
      age_to: 12,
      type: 'custom',
      ready: true,
    });
    expect(await names(caller, '&term=AC')).toEqual(['Space']);
    expect(await names(caller, '&term=%25')).toEqual([]);
    expect(await names(caller, '&type=custom')).toEqual(['Space']);
    expect(await names(caller, '&ready=true')).toEqual(['Cars', 'Space']);
    expect(await names(caller, '&ready=0')).toEqual(['Princesses']);
    expect(await names(caller, '&gender=girl')).toEqual(['Princesses', 'Space']);
    expect(await names(caller, '&gender=boy')).toEqual(['Cars', 'Space']);
    expect(await names(caller, '&age=3')).toEqual(['Cars']);
    expect(await names(caller, '&age=7')).toEqual(['Cars', 'Princesses', 'Space']);
    expect(await names(caller, '&age=12')).toEqual(['Space']);
    expect(await names(caller, '&age=13')).toEqual([]);
    expect(await names(caller, '&gender=boy&age=4&ready=1')).toEqual(['Cars']);
    for (const query of ['&age=19', '&age=x', '&gender=other', '&ready=yes', '&type=x']) {
      expect((await call(caller, { url: '/api/themes' }, query)).statusCode, query).toBe(422);
    }
  });
});

describe('GET /api/themes/:id', () => {
  it('shows a theme of the project or one shared with it; 404 for any other', async () => {
    const caller = await moderator();
    const neighbour = await moderator();
    await alsoModeratorIn(neighbour, caller.workspace);
    const own = await add(caller);
    const shared = await add(neighbour, { name: 'Boats', shared_workspace_ids: [caller.workspace.id] });
    const unshared = await add(neighbour, { name: 'Castles' });
    expect((await call(caller, { url: `/api/themes/${own.id}` })).json()).toEqual({ data: own });
    expect((await call(caller, { url: `/api/themes/${shared.id}` })).json()).toEqual({ data: shared });
    const foreign = await call(caller, { url: `/api/themes/${unshared.id}` });
    const missing = await call(caller, { url: '/api/themes/2000000000' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });
});

describe('PUT /api/themes/:id', () => {
  it('changes the whole theme, keeping ready and the shares when they are not sent', async () => {
    const caller = await moderator();
    const other = await projectOf(caller);
    const theme = await add(caller, { ready: true, shared_workspace_ids: [other.id] });
    const response = await update(caller, theme.id, {
      name: 'Racing cars',
      genders: ['boy', 'girl'],
      age_from: 5,
      age_to: 10,
      type: 'custom',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...theme,
      name: 'Racing cars',
      genders: ['boy', 'girl'],
      age_from: 5,
      age_to: 10,
      type: 'custom',
      updated_at: expect.any(String),
    });
    const unshared = await update(caller, theme.id, { ...CARS, ready: false, shared_workspace_ids: [] });
    expect(unshared.json().data).toMatchObject({ ready: false, shared_workspace_ids: [] });
  });

  it("refuses another theme's name (409), a change of case being its own, and §5 faults (422)", async () => {
    const caller = await moderator();
    const theme = await add(caller, { name: 'Cars' });
    await add(caller, { name: 'Space' });
    expect((await update(caller, theme.id, { ...CARS, name: 'space' })).json().code).toBe('theme_exists');
    expect((await update(caller, theme.id, { ...CARS, name: 'CARS' })).json().data.name).toBe('CARS');
    const reversed = await update(caller, theme.id, { ...CARS, age_from: 9, age_to: 3 });
    expect(reversed.json().errors).toEqual({ age_from: [message('ageFromAfterTo')] });
    expect((await update(caller, theme.id, { ...CARS, genders: [] })).statusCode).toBe(422);
  });
});

describe('POST /api/themes/toggle-ready', () => {
  const toggle = (caller: Caller, body: object) =>
    call(caller, { method: 'POST', url: '/api/themes/toggle-ready', payload: body });

  it('flips ready each time and answers the theme', async () => {
    const caller = await moderator();
    const theme = await add(caller);
    const on = await toggle(caller, { theme_id: theme.id });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ id: theme.id, ready: true });
    expect((await toggle(caller, { theme_id: theme.id })).json().data.ready).toBe(false);
  });

  it("answers 404 for another project's theme and 422 without a theme_id", async () => {
    const caller = await moderator();
    const foreign = await add(await moderator());
    expect((await toggle(caller, { theme_id: foreign.id })).statusCode).toBe(404);
    const none = await toggle(caller, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ theme_id: [message('required')] });
  });
});

describe('DELETE /api/themes/:id', () => {
  it('deletes a theme with its shares and asset links, keeping the assets; then 404', async () => {
    const caller = await moderator();
    const asset = await libraryAsset('Road');
    const theme = await add(caller, { shared_workspace_ids: [(await projectOf(caller)).id] });
    expect((await setAssets(caller, theme.id, [asset.id])).statusCode).toBe(200);
    const response = await call(caller, { method: 'DELETE', url: `/api/themes/${theme.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(await names(caller)).toEqual([]);
    expect((await call(caller, { method: 'DELETE', url: `/api/themes/${theme.id}` })).statusCode).toBe(404);
    const library = await t.app.inject({ url: `/api/assets/${asset.id}`, headers: bearer(await root()) });
    expect(library.statusCode).toBe(200);
  });
});

describe('a theme shared with a project', () => {
  it('is read there, and every change there is refused (403 theme_not_owned), leaving it unchanged', async () => {
    const owner = await moderator();
    const reader = await moderator();
    await alsoModeratorIn(owner, reader.workspace);
    const asset = await libraryAsset('Harbour');
    const theme = await add(owner, { name: 'Boats', shared_workspace_ids: [reader.workspace.id] });
    const changes: InjectOptions[] = [
      { method: 'PUT', url: `/api/themes/${theme.id}`, payload: { ...CARS, name: 'Mine now' } },
      { method: 'DELETE', url: `/api/themes/${theme.id}` },
      { method: 'POST', url: '/api/themes/toggle-ready', payload: { theme_id: theme.id } },
      { method: 'PUT', url: `/api/themes/${theme.id}/assets`, payload: { asset_ids: [asset.id] } },
    ];
    for (const change of changes) {
      const response = await call(reader, change);
      expect(response.statusCode, String(change.url)).toBe(403);
      expect(response.json()).toEqual({
        code: 'theme_not_owned',
        message: text('en', 'errors.theme_not_owned'),
      });
    }
    expect((await call(reader, { url: `/api/themes/${theme.id}` })).json().data).toEqual(theme);
    expect((await call(reader, { url: `/api/themes/${theme.id}/assets` })).statusCode).toBe(200);
    // Unshared, it is gone from the other project.
    await update(owner, theme.id, { ...CARS, name: 'Boats', shared_workspace_ids: [] });
    expect((await call(reader, { url: `/api/themes/${theme.id}` })).statusCode).toBe(404);
  });
});

describe('sharing a theme with other projects (issue 10, defect 1)', () => {
  it('needs themes.manage in every project it names: elsewhere the same 404 as an unknown id, nothing written', async () => {
    const caller = await moderator();
    const mine = await projectOf(caller);
    const foreign = await buildWorkspace(t.db);
    const teacherThere = await buildWorkspace(t.db);
    await addMembership(t.db, caller.user, teacherThere, ['teacher']);
    const unknown = await create(caller, { ...CARS, shared_workspace_ids: [2_000_000_000] });
    for (const target of [foreign.id, teacherThere.id]) {
      const response = await create(caller, { ...CARS, shared_workspace_ids: [mine.id, target] });
      expect(response.statusCode, String(target)).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    expect(await names(caller)).toEqual([]);
    const outsider = await callerIn(foreign);
    expect(await names(outsider)).toEqual([]);
    const theme = await add(caller);
    const refused = await update(caller, theme.id, { ...CARS, shared_workspace_ids: [foreign.id] });
    expect(refused.statusCode).toBe(404);
    expect(await names(outsider)).toEqual([]);
  });

  it('shows only the shares in projects the viewer belongs to, and keeps the others when it changes the theme', async () => {
    const owner = await moderator();
    const second = await buildWorkspace(t.db);
    const third = await projectOf(owner);
    const rootCaller: Caller = { ...(await callerIn(owner.workspace, 'root')) };
    // Root shares the owner's theme with a project the owner is not in.
    const theme = await add(owner, { shared_workspace_ids: [third.id] });
    const byRoot = await update(rootCaller, theme.id, {
      ...CARS,
      shared_workspace_ids: [second.id, third.id],
    });
    expect(byRoot.json().data.shared_workspace_ids).toEqual([second.id, third.id].sort((a, b) => a - b));
    const seen = (await call(owner, { url: `/api/themes/${theme.id}` })).json().data as Theme;
    expect(seen.shared_workspace_ids).toEqual([third.id]);
    // The owner unshares what it sees; the share it cannot see stays.
    await update(owner, theme.id, { ...CARS, shared_workspace_ids: [] });
    const after = (await call(rootCaller, { url: `/api/themes/${theme.id}` })).json().data as Theme;
    expect(after.shared_workspace_ids).toEqual([second.id]);
  });
});

describe('GET /api/themes/statistic', () => {
  it('counts the themes the project sees, by the database', async () => {
    const caller = await moderator();
    const neighbour = await moderator();
    const empty = await call(caller, { url: '/api/themes/statistic' });
    expect(empty.json().data).toEqual({
      total: 0,
      ready: 0,
      shared: 0,
      by_type: { general: 0, custom: 0 },
      by_gender: { boy: 0, girl: 0 },
    });
    await add(caller, { name: 'Cars', genders: ['boy'], ready: true });
    await add(caller, { name: 'Princesses', genders: ['girl'], type: 'custom' });
    await add(caller, { name: 'Space', genders: ['boy', 'girl'], ready: true });
    await alsoModeratorIn(neighbour, caller.workspace);
    await add(neighbour, {
      name: 'Boats',
      genders: ['girl'],
      type: 'custom',
      shared_workspace_ids: [caller.workspace.id],
    });
    await add(neighbour, { name: 'Castles' });
    const response = await call(caller, { url: '/api/themes/statistic' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      total: 4,
      ready: 2,
      shared: 1,
      by_type: { general: 2, custom: 2 },
      by_gender: { boy: 2, girl: 3 },
    });
  });
});

describe('the assets of a theme', () => {
  it('are set by PUT (answering the theme) and shown by GET grouped by type, every type present', async () => {
    const caller = await moderator();
    const theme = await add(caller);
    const [road, garage, racer, horn] = [
      await libraryAsset('Road'),
      await libraryAsset('Garage'),
      await libraryAsset('Racer', 'character'),
      await libraryAsset('Horn', 'sound'),
    ];
    const response = await setAssets(caller, theme.id, [horn.id, racer.id, road.id, garage.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().data as Theme).assets).toEqual(
      [garage, road, racer, horn].map((asset) => ({
        id: asset.id,
        type: asset.type,
        name: asset.name,
        file_url: asset.files[0]?.file_url,
      })),
    );
    const grouped = await call(caller, { url: `/api/themes/${theme.id}/assets` });
    expect(grouped.statusCode).toBe(200);
    expect(grouped.json().data).toEqual({
      background: [garage, road],
      character: [racer],
      prop: [],
      sound: [horn],
      game_background: [],
      game_prop: [],
    });
    // The list shows them too; setting again replaces them.
    expect((await call(caller, { url: '/api/themes' })).json().data[0].assets).toHaveLength(4);
    const replaced = await setAssets(caller, theme.id, [racer.id]);
    expect((replaced.json().data as Theme).assets.map((asset) => asset.id)).toEqual([racer.id]);
    expect((await setAssets(caller, theme.id, [])).json().data.assets).toEqual([]);
  });

  it('refuses ids that are no asset (422 naming them) and repeated ids, changing nothing', async () => {
    const caller = await moderator();
    const theme = await add(caller);
    const road = await libraryAsset('Road');
    await setAssets(caller, theme.id, [road.id]);
    const unknown = await setAssets(caller, theme.id, [road.id, 2_000_000_000]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      asset_ids: [message('assetNotFound', 'en', { ids: '2000000000' })],
    });
    const twice = await setAssets(caller, theme.id, [road.id, road.id]);
    expect(twice.json().errors).toEqual({ asset_ids: [message('unique')] });
    expect((await call(caller, { url: `/api/themes/${theme.id}` })).json().data.assets).toHaveLength(1);
  });
});

/** One request per route, for the access checks every route shares. */
const ROUTES: Record<string, { manage: boolean; item: boolean; request: (theme: Theme) => InjectOptions }> = {
  'GET themes': { manage: false, item: false, request: () => ({ url: '/api/themes' }) },
  'GET themes/statistic': { manage: false, item: false, request: () => ({ url: '/api/themes/statistic' }) },
  'GET themes/:id': { manage: false, item: true, request: (theme) => ({ url: `/api/themes/${theme.id}` }) },
  'GET themes/:id/assets': {
    manage: false,
    item: true,
    request: (theme) => ({ url: `/api/themes/${theme.id}/assets` }),
  },
  'POST themes': {
    manage: true,
    item: false,
    request: () => ({ method: 'POST', url: '/api/themes', payload: { ...CARS, name: 'New theme' } }),
  },
  'PUT themes/:id': {
    manage: true,
    item: true,
    request: (theme) => ({
      method: 'PUT',
      url: `/api/themes/${theme.id}`,
      payload: { ...CARS, name: 'Renamed' },
    }),
  },
  'DELETE themes/:id': {
    manage: true,
    item: true,
    request: (theme) => ({ method: 'DELETE', url: `/api/themes/${theme.id}` }),
  },
  'POST themes/toggle-ready': {
    manage: true,
    item: true,
    request: (theme) => ({
      method: 'POST',
      url: '/api/themes/toggle-ready',
      payload: { theme_id: theme.id },
    }),
  },
  'PUT themes/:id/assets': {
    manage: true,
    item: true,
    request: (theme) => ({
      method: 'PUT',
      url: `/api/themes/${theme.id}/assets`,
      payload: { asset_ids: [] },
    }),
  },
};

describe.each(Object.entries(ROUTES))('%s', (_route, { manage, item, request }) => {
  it('answers 401 without a token', async () => {
    const owner = await moderator();
    const response = await call(null, request(await add(owner)));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(['root', 'moderator', 'manager', 'admin', 'author', 'teacher', 'diagnostician'] as const)(
    'answers a %s as the permission table says',
    async (role) => {
      const owner = await moderator();
      const theme = await add(owner);
      const caller = await callerIn(owner.workspace, role);
      const response = await call(caller, request(theme));
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

  it('answers 403 role_not_held for a project the caller is not in', async () => {
    const owner = await moderator();
    const theme = await add(owner);
    const stranger = await moderator();
    const response = await call({ ...stranger, workspace: owner.workspace }, request(theme));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_not_held');
  });

  it.runIf(item)("answers 404 for another project's theme, as for a missing one", async () => {
    const owner = await moderator();
    const theme = await add(owner);
    // A moderator of both projects, acting in the other one.
    const both = await buildMember(t.db, owner.workspace, ['moderator']);
    const other = await buildWorkspace(t.db);
    await addMembership(t.db, both, other, ['moderator']);
    const caller = {
      workspace: other,
      user: both,
      token: await tokenFor(t.db, both),
      roleId: ROLE.moderator,
    };
    const foreign = await call(caller, request(theme));
    const missing = await call(caller, request({ ...theme, id: 2_000_000_000 }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await call(owner, { url: `/api/themes/${theme.id}` })).json().data).toEqual(theme);
  });
});
