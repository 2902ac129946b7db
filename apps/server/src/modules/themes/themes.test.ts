import {
  LANGUAGES,
  THEME_AGE_MAX,
  THEME_NAME_MAX,
  THEME_NAME_MIN,
  type Asset,
  type Language,
  type Theme,
} from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import type { WorkspaceRow } from '../../db/schema/index.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { encodePng, sineTone } from '../../db/demo/encode.ts';
import { apiAs, EVERY_ROLE, expectAllowed, type Api, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  addMembership,
  buildSignedInMember,
  buildTheme,
  buildUser,
  buildWorkspace,
  tokenFor,
  type Member,
} from '../../test/factories.ts';
import { filePart } from '../../test/multipart.ts';

const t = useTestApp();

/** The caller is a moderator of `workspace` too, so it may share themes there. */
async function alsoModeratorIn(caller: Member, workspace: WorkspaceRow): Promise<WorkspaceRow> {
  await addMembership(t.db, caller.user, workspace, ['moderator']);
  return workspace;
}

/** A new project the caller moderates too: one it may share its themes with. */
const projectOf = async (caller: Member) => alsoModeratorIn(caller, await buildWorkspace(t.db));

/** A moderator of a new project. */
const moderator = async () => buildSignedInMember(t.db, await buildWorkspace(t.db), 'moderator');

const CARS = { name: 'Cars', genders: ['boy'], age_from: 3, age_to: 7, type: 'general' };

const create = (caller: Member, body: object, lang?: Language) =>
  apiAs(t.app, caller).post('/api/themes', body, { lang });

async function add(caller: Member, body: object = {}): Promise<Theme> {
  const response = await create(caller, { ...CARS, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const update = (caller: Member, id: number, body: object) =>
  apiAs(t.app, caller).put(`/api/themes/${id}`, body);

const names = async (caller: Member, query = '') => {
  const response = await apiAs(t.app, caller).get('/api/themes', { query });
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
  const response = await apiAs(t.app, null, { token: await root() }).upload('/api/assets', [
    { name: 'name', value: name },
    { name: 'type', value: type },
    file,
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const setAssets = (caller: Member, id: number, assetIds: number[]) =>
  apiAs(t.app, caller).put(`/api/themes/${id}/assets`, { asset_ids: assetIds });

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
    expect(await errorsOf({ genders: [] })).toEqual({
      genders: [message('tooFewItems', lang, { count: 1 })],
    });
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
      name: [message('tooShortString', lang, { count: THEME_NAME_MIN })],
    });
    expect(await errorsOf({ name: 'x'.repeat(THEME_NAME_MAX + 1) })).toEqual({
      name: [message('tooLongString', lang, { count: THEME_NAME_MAX })],
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
    const boats = (await apiAs(t.app, caller).get('/api/themes', { query: 'term=boat' })).json()
      .data[0] as Theme;
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
      expect((await apiAs(t.app, caller).get('/api/themes', { query })).statusCode, query).toBe(422);
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
    expect((await apiAs(t.app, caller).get(`/api/themes/${own.id}`)).json()).toEqual({ data: own });
    expect((await apiAs(t.app, caller).get(`/api/themes/${shared.id}`)).json()).toEqual({ data: shared });
    const foreign = await apiAs(t.app, caller).get(`/api/themes/${unshared.id}`);
    const missing = await apiAs(t.app, caller).get('/api/themes/2000000000');
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
  const toggle = (caller: Member, body: object) =>
    apiAs(t.app, caller).post('/api/themes/toggle-ready', body);

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
    const foreign = await buildTheme(t.db, (await buildWorkspace(t.db)).id);
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
    const response = await apiAs(t.app, caller).delete(`/api/themes/${theme.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(await names(caller)).toEqual([]);
    expect((await apiAs(t.app, caller).delete(`/api/themes/${theme.id}`)).statusCode).toBe(404);
    const library = await apiAs(t.app, null, { token: await root() }).get(`/api/assets/${asset.id}`);
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
    const changes: Parameters<Api['request']>[] = [
      ['PUT', `/api/themes/${theme.id}`, { ...CARS, name: 'Mine now' }],
      ['DELETE', `/api/themes/${theme.id}`],
      ['POST', '/api/themes/toggle-ready', { theme_id: theme.id }],
      ['PUT', `/api/themes/${theme.id}/assets`, { asset_ids: [asset.id] }],
    ];
    for (const change of changes) {
      const response = await apiAs(t.app, reader).request(...change);
      expect(response.statusCode, change[1]).toBe(403);
      expect(response.json()).toEqual({
        code: 'theme_not_owned',
        message: text('en', 'errors.theme_not_owned'),
      });
    }
    expect((await apiAs(t.app, reader).get(`/api/themes/${theme.id}`)).json().data).toEqual(theme);
    expect((await apiAs(t.app, reader).get(`/api/themes/${theme.id}/assets`)).statusCode).toBe(200);
    // Unshared, it is gone from the other project.
    await update(owner, theme.id, { ...CARS, name: 'Boats', shared_workspace_ids: [] });
    expect((await apiAs(t.app, reader).get(`/api/themes/${theme.id}`)).statusCode).toBe(404);
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
    const outsider = await buildSignedInMember(t.db, foreign, 'moderator');
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
    const rootCaller = await buildSignedInMember(t.db, owner.workspace, 'root');
    // Root shares the owner's theme with a project the owner is not in.
    const theme = await add(owner, { shared_workspace_ids: [third.id] });
    const byRoot = await update(rootCaller, theme.id, {
      ...CARS,
      shared_workspace_ids: [second.id, third.id],
    });
    expect(byRoot.json().data.shared_workspace_ids).toEqual([second.id, third.id].sort((a, b) => a - b));
    const seen = (await apiAs(t.app, owner).get(`/api/themes/${theme.id}`)).json().data as Theme;
    expect(seen.shared_workspace_ids).toEqual([third.id]);
    // The owner unshares what it sees; the share it cannot see stays.
    await update(owner, theme.id, { ...CARS, shared_workspace_ids: [] });
    const after = (await apiAs(t.app, rootCaller).get(`/api/themes/${theme.id}`)).json().data as Theme;
    expect(after.shared_workspace_ids).toEqual([second.id]);
  });
});

describe('GET /api/themes/statistic', () => {
  it('counts the themes the project sees, by the database', async () => {
    const caller = await moderator();
    const neighbour = await moderator();
    const empty = await apiAs(t.app, caller).get('/api/themes/statistic');
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
    const response = await apiAs(t.app, caller).get('/api/themes/statistic');
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
    const grouped = await apiAs(t.app, caller).get(`/api/themes/${theme.id}/assets`);
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
    expect((await apiAs(t.app, caller).get('/api/themes')).json().data[0].assets).toHaveLength(4);
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
    expect((await apiAs(t.app, caller).get(`/api/themes/${theme.id}`)).json().data.assets).toHaveLength(1);
  });
});

/** One request per route, for the access checks every route shares. */
const ROUTES: Record<
  string,
  { manage: boolean; item: boolean; request: (api: Api, id: number) => Promise<Response> }
> = {
  'GET themes': { manage: false, item: false, request: (api) => api.get('/api/themes') },
  'GET themes/statistic': { manage: false, item: false, request: (api) => api.get('/api/themes/statistic') },
  'GET themes/:id': { manage: false, item: true, request: (api, id) => api.get(`/api/themes/${id}`) },
  'GET themes/:id/assets': {
    manage: false,
    item: true,
    request: (api, id) => api.get(`/api/themes/${id}/assets`),
  },
  'POST themes': {
    manage: true,
    item: false,
    request: (api) => api.post('/api/themes', { ...CARS, name: 'New theme' }),
  },
  'PUT themes/:id': {
    manage: true,
    item: true,
    request: (api, id) => api.put(`/api/themes/${id}`, { ...CARS, name: 'Renamed' }),
  },
  'DELETE themes/:id': { manage: true, item: true, request: (api, id) => api.delete(`/api/themes/${id}`) },
  'POST themes/toggle-ready': {
    manage: true,
    item: true,
    request: (api, id) => api.post('/api/themes/toggle-ready', { theme_id: id }),
  },
  'PUT themes/:id/assets': {
    manage: true,
    item: true,
    request: (api, id) => api.put(`/api/themes/${id}/assets`, { asset_ids: [] }),
  },
};

describe.each(Object.entries(ROUTES))('%s', (_route, { manage, request }) => {
  it('answers 401 without a token', async () => {
    const owner = await moderator();
    const response = await request(apiAs(t.app, owner, { token: null }), (await add(owner)).id);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(EVERY_ROLE)('answers a %s as the permission table says', async (role) => {
    const owner = await moderator();
    const theme = await add(owner);
    const caller = await buildSignedInMember(t.db, owner.workspace, role);
    const response = await request(apiAs(t.app, caller), theme.id);
    const allowed = manage
      ? ['root', 'moderator']
      : ['root', 'moderator', 'author', 'teacher', 'diagnostician'];
    expectAllowed(response, allowed.includes(role));
  });

  it('answers 403 role_not_held for a project the caller is not in', async () => {
    const owner = await moderator();
    const theme = await add(owner);
    const stranger = await moderator();
    const response = await request(apiAs(t.app, stranger, { workspace: owner.workspace }), theme.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_not_held');
  });
});

/** The routes of one theme: another project's answers as a missing one. */
const ITEM_ROUTES = Object.entries(ROUTES).filter(([, route]) => route.item);

describe.each(ITEM_ROUTES)('%s', (_route, { request }) => {
  it("answers 404 for another project's theme, as for a missing one", async () => {
    const owner = await moderator();
    const theme = await add(owner);
    // A moderator of both projects, acting in the other one.
    const caller = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'moderator');
    await addMembership(t.db, caller.user, owner.workspace, ['moderator']);
    const foreign = await request(apiAs(t.app, caller), theme.id);
    const missing = await request(apiAs(t.app, caller), 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await apiAs(t.app, owner).get(`/api/themes/${theme.id}`)).json().data).toEqual(theme);
  });
});
