import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  CATEGORY_NAME_MIN,
  LANGUAGES,
  type Category,
  type CategoryPlace,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exercises } from '../../db/schema/index.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { apiAs, EVERY_ROLE, expectAllowed, type Api, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  addMembership,
  buildCategory,
  buildExercise,
  buildSignedInMember,
  buildUser,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';

const t = useTestApp();

/** A moderator of a new project. */
const moderator = async () => buildSignedInMember(t.db, await buildWorkspace(t.db), 'moderator');

/** A category of a new project, written straight to the table: another project's. */
const foreignCategory = async () => buildCategory(t.db, (await buildWorkspace(t.db)).id, { name: 'Foreign' });

const CATEGORIES = '/api/workspaces/:workspaceId/categories';

const list = (caller: Member) => apiAs(t.app, caller).get(CATEGORIES);

const create = (caller: Member, payload: object, lang?: string) =>
  apiAs(t.app, caller).post(CATEGORIES, { workspace_id: caller.workspace.id, ...payload }, { lang });

const update = (caller: Member, id: number, payload: object) =>
  apiAs(t.app, caller).put(`${CATEGORIES}/${id}`, payload);

const remove = (caller: Member, id: number) => apiAs(t.app, caller).delete(`${CATEGORIES}/${id}`);

const bulk = (caller: Member, items: object[], workspaceId = caller.workspace.id) =>
  apiAs(t.app, caller).put(CATEGORIES, { workspace_id: workspaceId, items });

/** A category made through the API. */
async function add(caller: Member, name: string, parent = 0, values: object = {}): Promise<Category> {
  const response = await create(caller, { name, parent, ...values });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function tree(caller: Member): Promise<Category[]> {
  const response = await list(caller);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Every category of a tree, depth first. */
const flatten = (nodes: Category[]): Category[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

/** The places of a tree, by id. */
const places = (nodes: Category[]): CategoryPlace[] =>
  flatten(nodes)
    .map(({ id, parent, order }) => ({ id, parent, order }))
    .sort((a, b) => a.id - b.id);

/** Names of a tree, nested as it is: `name` for a leaf, `[name, children]` otherwise. */
const shape = (nodes: Category[]): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.name, shape(node.children)] : node.name));

/** The one field error message `key` in a language. */
const message = (key: FieldMessage, lang = 'en' as (typeof LANGUAGES)[number], params = {}) =>
  text(lang, `fields.${key}`, params);

/**
 * The tree invariants: one tree holding exactly `ids`, every category reachable from the root
 * (parent 0) and each level's orders 0..n-1 in the order shown.
 */
function expectOneTree(nodes: Category[], ids: number[], parent = 0) {
  const seen = flatten(nodes).map((node) => node.id);
  if (parent === 0) expect(seen.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  nodes.forEach((node, position) => {
    expect(node.parent).toBe(parent);
    expect(node.order).toBe(position);
    expectOneTree(node.children, ids, node.id);
  });
}

describe('GET /api/workspaces/:workspaceId/categories', () => {
  it('answers the tree: top categories with parent 0, each level by order then id', async () => {
    const caller = await moderator();
    const sounds = await add(caller, 'Sounds', 0, { is_folder: true, description: 'All the sounds' });
    const vocabulary = await add(caller, 'Vocabulary');
    const whistling = await add(caller, 'Whistling sounds', sounds.id, { is_folder: true });
    await add(caller, '[S]', whistling.id);
    await add(caller, '[Z]', whistling.id);
    await add(caller, 'Grammar', 0, { order: 1 });
    const animals = await add(caller, 'Animals', vocabulary.id, { link_id: whistling.id });

    const nodes = await tree(caller);
    expect(shape(nodes)).toEqual([
      ['Sounds', [['Whistling sounds', ['[S]', '[Z]']]]],
      'Grammar',
      ['Vocabulary', ['Animals']],
    ]);
    expect(nodes[0]).toMatchObject({
      id: sounds.id,
      name: 'Sounds',
      description: 'All the sounds',
      parent: 0,
      is_folder: true,
      link_id: null,
      order: 0,
    });
    expect(flatten(nodes).find((node) => node.id === animals.id)).toEqual({
      id: animals.id,
      name: 'Animals',
      description: '',
      parent: vocabulary.id,
      is_folder: false,
      link_id: whistling.id,
      order: 0,
      children: [],
    });
    expectOneTree(
      nodes,
      flatten(nodes).map((node) => node.id),
    );
  });

  it('answers an empty list for a project without categories, and only its own project', async () => {
    const caller = await moderator();
    const other = await moderator();
    await add(other, 'Sounds');
    expect(await tree(caller)).toEqual([]);
  });
});

describe('POST /api/workspaces/:workspaceId/categories', () => {
  it('adds a category last among its siblings, trimmed, with the defaults', async () => {
    const caller = await moderator();
    await add(caller, 'Sounds');
    const response = await create(caller, { name: '  Vocabulary  ', parent: 0 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Vocabulary',
        description: '',
        parent: 0,
        is_folder: false,
        link_id: null,
        order: 1,
        children: [],
      },
    });
  });

  it('puts a category at the order given, as a number or a numeric string, the others moving down', async () => {
    const caller = await moderator();
    for (const name of ['A1', 'B1', 'C1']) await add(caller, name);
    expect((await add(caller, 'First', 0, { order: 0 })).order).toBe(0);
    expect((await add(caller, 'Third', 0, { order: '2' })).order).toBe(2);
    expect((await add(caller, 'Last', 0, { order: ' 99 ' })).order).toBe(5);
    const nodes = await tree(caller);
    expect(shape(nodes)).toEqual(['First', 'A1', 'Third', 'B1', 'C1', 'Last']);
    expectOneTree(
      nodes,
      flatten(nodes).map((node) => node.id),
    );
  });

  it.each(['abc', '', '1.5', '-2', 1.5, -1, true])(
    'refuses the order %j with a field error',
    async (order) => {
      const caller = await moderator();
      const response = await create(caller, { name: 'Sounds', parent: 0, order });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('validation_failed');
      expect(Object.keys(response.json().errors)).toEqual(['order']);
      if (typeof order === 'string' || order === 1.5) {
        expect(response.json().errors.order).toEqual([message('wholeNumber')]);
      }
      expect(await tree(caller)).toEqual([]);
    },
  );

  it.each(LANGUAGES)('bounds the name and the description (spec §5), in %s', async (lang) => {
    const caller = await moderator();
    const short = await create(caller, { name: ` ${'x'.repeat(CATEGORY_NAME_MIN - 1)} `, parent: 0 }, lang);
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({
      name: [message('tooShortString', lang, { count: CATEGORY_NAME_MIN })],
    });
    const long = await create(caller, { name: 'x'.repeat(CATEGORY_NAME_MAX + 1), parent: 0 }, lang);
    expect(long.json().errors).toEqual({
      name: [message('tooLongString', lang, { count: CATEGORY_NAME_MAX })],
    });
    const missing = await create(caller, { parent: 0 }, lang);
    expect(missing.json().errors).toEqual({ name: [message('required', lang)] });
    const description = await create(
      caller,
      { name: 'Sounds', parent: 0, description: 'x'.repeat(CATEGORY_DESCRIPTION_MAX + 1) },
      lang,
    );
    expect(description.json().errors).toEqual({
      description: [message('tooLongString', lang, { count: CATEGORY_DESCRIPTION_MAX })],
    });
    expect((await create(caller, { name: 'x'.repeat(CATEGORY_NAME_MAX), parent: 0 }, lang)).statusCode).toBe(
      201,
    );
  });

  it('needs workspace_id, the project of the path', async () => {
    const caller = await moderator();
    const other = await moderator();
    const wrong = await create(caller, { name: 'Sounds', parent: 0, workspace_id: other.workspace.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      workspace_id: [message('workspaceMismatch', 'en', { workspaceId: caller.workspace.id })],
    });
    const missing = await apiAs(t.app, caller).post(CATEGORIES, { name: 'Sounds', parent: 0 });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['workspace_id']);
    expect(await tree(caller)).toEqual([]);
    expect(await tree(other)).toEqual([]);
  });

  it("refuses a parent or a link that is unknown or another project's, alike", async () => {
    const caller = await moderator();
    const foreign = await foreignCategory();
    for (const id of [foreign.id, 2_000_000_000]) {
      const parent = await create(caller, { name: 'Sounds', parent: id });
      expect(parent.statusCode).toBe(422);
      expect(parent.json().errors).toEqual({ parent: [message('categoryNotFound')] });
      const link = await create(caller, { name: 'Sounds', parent: 0, link_id: id });
      expect(link.json().errors).toEqual({ link_id: [message('categoryNotFound')] });
    }
    expect(await tree(caller)).toEqual([]);
  });
});

describe('PUT /api/workspaces/:workspaceId/categories/:id', () => {
  it('changes the fields sent, keeping the others, and answers the category with its subtree', async () => {
    const caller = await moderator();
    const target = await add(caller, 'Target');
    const sounds = await add(caller, 'Sounds', 0, {
      description: 'Old',
      is_folder: true,
      link_id: target.id,
    });
    const child = await add(caller, '[S]', sounds.id);
    const response = await update(caller, sounds.id, { name: ' Speech sounds ', parent: 0 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      ...sounds,
      name: 'Speech sounds',
      children: [child],
    });
    const cleared = await update(caller, sounds.id, {
      ...response.json().data,
      workspace_id: caller.workspace.id,
      description: '',
      is_folder: false,
      link_id: null,
    });
    expect(cleared.json().data).toMatchObject({ description: '', is_folder: false, link_id: null });
  });

  it('moves a category to another parent, last there, and closes up the group it left', async () => {
    const caller = await moderator();
    const [a, b, c] = [await add(caller, 'A1'), await add(caller, 'B1'), await add(caller, 'C1')];
    await add(caller, 'B child', b.id);
    const moved = await update(caller, a.id, { name: 'A1', parent: b.id });
    expect(moved.json().data).toMatchObject({ parent: b.id, order: 1 });
    const nodes = await tree(caller);
    expect(shape(nodes)).toEqual([['B1', ['B child', 'A1']], 'C1']);
    expectOneTree(
      nodes,
      flatten(nodes).map((node) => node.id),
    );
    const back = await update(caller, a.id, { name: 'A1', parent: 0, order: '1' });
    expect(back.json().data).toMatchObject({ parent: 0, order: 1 });
    expect(shape(await tree(caller))).toEqual([['B1', ['B child']], 'A1', 'C1']);
    expect((await update(caller, c.id, { name: 'C1', parent: 0, order: 0 })).json().data.order).toBe(0);
    expect(shape(await tree(caller))).toEqual(['C1', ['B1', ['B child']], 'A1']);
  });

  it('refuses a parent that is the category itself or inside it (409 category_cycle), changing nothing', async () => {
    const caller = await moderator();
    const sounds = await add(caller, 'Sounds');
    const hissing = await add(caller, 'Hissing', sounds.id);
    const sh = await add(caller, '[Sh]', hissing.id);
    const before = await tree(caller);
    for (const parent of [sounds.id, hissing.id, sh.id]) {
      const response = await update(caller, sounds.id, { name: 'Renamed', parent });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'category_cycle',
        message: text('en', 'errors.category_cycle'),
      });
    }
    expect(await tree(caller)).toEqual(before);
  });

  it("refuses a parent or link that is unknown or another project's, and a link to itself", async () => {
    const caller = await moderator();
    const sounds = await add(caller, 'Sounds');
    const foreign = await foreignCategory();
    for (const id of [foreign.id, 2_000_000_000]) {
      const parent = await update(caller, sounds.id, { name: 'Sounds', parent: id });
      expect(parent.json().errors).toEqual({ parent: [message('categoryNotFound')] });
      const link = await update(caller, sounds.id, { name: 'Sounds', parent: 0, link_id: id });
      expect(link.json().errors).toEqual({ link_id: [message('categoryNotFound')] });
    }
    const self = await update(caller, sounds.id, { name: 'Sounds', parent: 0, link_id: sounds.id });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ link_id: [message('categoryLinkSelf')] });
    const otherId = await update(caller, sounds.id, { id: sounds.id + 1, name: 'Sounds', parent: 0 });
    expect(Object.keys(otherId.json().errors)).toEqual(['id']);
    const short = await update(caller, sounds.id, { name: 'S', parent: 0 });
    expect(short.json().errors).toEqual({
      name: [message('tooShortString', 'en', { count: CATEGORY_NAME_MIN })],
    });
  });
});

describe('DELETE /api/workspaces/:workspaceId/categories/:id', () => {
  it('refuses a category with subcategories (409 category_in_use), in the request language', async () => {
    const caller = await moderator();
    const sounds = await add(caller, 'Sounds');
    await add(caller, '[S]', sounds.id);
    for (const lang of LANGUAGES) {
      const response = await apiAs(t.app, caller).delete(`${CATEGORIES}/${sounds.id}`, { lang });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'category_in_use',
        message: text(lang, 'errors.category_in_use'),
      });
    }
    expect(flatten(await tree(caller))).toHaveLength(2);
  });

  it('refuses a category that exercises are in (409 category_in_use), then deletes it once they left', async () => {
    const caller = await moderator();
    const sounds = await add(caller, 'Sounds');
    const author = await buildUser(t.db);
    const exercise = await buildExercise(t.db, caller.workspace.id, author.id, { categoryId: sounds.id });
    const refused = await remove(caller, sounds.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'category_in_use',
      message: text('en', 'errors.category_in_use'),
    });
    // Only the category's own exercises count: once the exercise moves, it is free, the other not.
    const other = await add(caller, 'Grammar');
    await t.db.update(exercises).set({ categoryId: other.id }).where(eq(exercises.id, exercise.id));
    expect((await remove(caller, sounds.id)).statusCode).toBe(200);
    expect((await remove(caller, other.id)).statusCode).toBe(409);
    await t.db.delete(exercises).where(eq(exercises.id, exercise.id));
    expect((await remove(caller, other.id)).statusCode).toBe(200);
  });

  it('deletes a leaf, closes up its siblings and clears links to it', async () => {
    const caller = await moderator();
    const [a, b] = [await add(caller, 'A1'), await add(caller, 'B1')];
    const c = await add(caller, 'C1', 0, { link_id: a.id });
    const response = await remove(caller, a.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    const nodes = await tree(caller);
    expect(nodes.map(({ id, order, link_id }) => ({ id, order, link_id }))).toEqual([
      { id: b.id, order: 0, link_id: null },
      { id: c.id, order: 1, link_id: null },
    ]);
    expect((await remove(caller, a.id)).statusCode).toBe(404);
  });
});

describe('PUT /api/workspaces/:workspaceId/categories (bulk)', () => {
  it('moves and reorders at once; orders become positions; answers every category', async () => {
    const caller = await moderator();
    const [a, b, c] = [await add(caller, 'A1'), await add(caller, 'B1'), await add(caller, 'C1')];
    const [a1, a2] = [await add(caller, 'A-one', a.id), await add(caller, 'A-two', a.id)];
    const response = await bulk(caller, [
      { id: c.id, parent: 0, order: 0 },
      { id: a.id, parent: 0, order: '5' },
      { id: b.id, parent: 0, order: 3 },
      { id: a2.id, parent: c.id, order: 0 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.categories).toEqual([
      { id: c.id, parent: 0, order: 0 },
      { id: b.id, parent: 0, order: 1 },
      { id: a.id, parent: 0, order: 2 },
      { id: a1.id, parent: a.id, order: 0 },
      { id: a2.id, parent: c.id, order: 0 },
    ]);
    const nodes = await tree(caller);
    expect(shape(nodes)).toEqual([['C1', ['A-two']], 'B1', ['A1', ['A-one']]]);
    expect(places(nodes)).toEqual(
      [...response.json().data.categories].sort((x: CategoryPlace, y: CategoryPlace) => x.id - y.id),
    );
  });

  it('breaks ties of the given orders by id', async () => {
    const caller = await moderator();
    const [a, b] = [await add(caller, 'A1'), await add(caller, 'B1')];
    const response = await bulk(caller, [
      { id: b.id, parent: 0, order: 0 },
      { id: a.id, parent: 0, order: 0 },
    ]);
    expect(response.json().data.categories.map((p: CategoryPlace) => p.id)).toEqual([a.id, b.id]);
  });

  it('refuses a loop, an unknown or foreign category or parent, and a repeated id, changing nothing', async () => {
    const caller = await moderator();
    const sounds = await add(caller, 'Sounds');
    const hissing = await add(caller, 'Hissing', sounds.id);
    const foreign = await foreignCategory();
    const before = await tree(caller);
    const refusals: [object[], number, string | string[]][] = [
      [[{ id: sounds.id, parent: hissing.id, order: 0 }], 409, 'category_cycle'],
      [[{ id: sounds.id, parent: sounds.id, order: 0 }], 409, 'category_cycle'],
      [
        [
          { id: hissing.id, parent: 0, order: 0 },
          { id: foreign.id, parent: 0, order: 1 },
        ],
        422,
        ['items.1.id'],
      ],
      [[{ id: 2_000_000_000, parent: 0, order: 1 }], 422, ['items.0.id']],
      [[{ id: hissing.id, parent: foreign.id, order: 0 }], 422, ['items.0.parent']],
      [[{ id: hissing.id, parent: 0, order: 'first' }], 422, ['items.0.order']],
      [
        [
          { id: hissing.id, parent: 0, order: 0 },
          { id: hissing.id, parent: sounds.id, order: 0 },
        ],
        422,
        ['items'],
      ],
    ];
    for (const [items, status, expected] of refusals) {
      const response = await bulk(caller, items);
      expect(response.statusCode, JSON.stringify(items)).toBe(status);
      if (typeof expected === 'string') expect(response.json().code).toBe(expected);
      else expect(Object.keys(response.json().errors)).toEqual(expected);
      expect(await tree(caller)).toEqual(before);
    }
    const field = await bulk(caller, [{ id: hissing.id, parent: foreign.id, order: 0 }]);
    expect(field.json().errors).toEqual({ 'items.0.parent': [message('categoryNotFound')] });
  });

  it('needs workspace_id, the project of the path', async () => {
    const caller = await moderator();
    const response = await bulk(caller, [], caller.workspace.id + 1);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['workspace_id']);
    expect((await bulk(caller, [])).json()).toEqual({ data: { categories: [] } });
  });
});

/** One request per route, for the access checks every route shares. */
const ROUTES: Record<string, { manage: boolean; request: (api: Api, id: number) => Promise<Response> }> = {
  'GET categories': { manage: false, request: (api) => api.get(CATEGORIES) },
  'POST categories': {
    manage: true,
    request: (api) => api.post(CATEGORIES, { workspace_id: api.workspaceId, name: 'New one', parent: 0 }),
  },
  'PUT categories (bulk)': {
    manage: true,
    request: (api, id) =>
      api.put(CATEGORIES, { workspace_id: api.workspaceId, items: [{ id, parent: 0, order: 0 }] }),
  },
  'PUT categories/:id': {
    manage: true,
    request: (api, id) => api.put(`${CATEGORIES}/${id}`, { name: 'Renamed', parent: 0 }),
  },
  'DELETE categories/:id': { manage: true, request: (api, id) => api.delete(`${CATEGORIES}/${id}`) },
};

/** A category of the owner's project, written straight to the table: what the routes act on. */
const sounds = async (owner: Member) => buildCategory(t.db, owner.workspace.id, { name: 'Sounds' });

describe.each(Object.entries(ROUTES))('%s', (route, { manage, request }) => {
  it('answers 401 without a token', async () => {
    const owner = await moderator();
    const category = await sounds(owner);
    const response = await request(apiAs(t.app, owner, { token: null }), category.id);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(EVERY_ROLE)('answers a %s as the permission table says', async (role) => {
    const owner = await moderator();
    const category = await sounds(owner);
    const caller = await buildSignedInMember(t.db, owner.workspace, role);
    const response = await request(apiAs(t.app, caller), category.id);
    const allowed = manage
      ? ['root', 'moderator']
      : ['root', 'moderator', 'author', 'teacher', 'diagnostician'];
    expectAllowed(response, allowed.includes(role));
  });

  it("answers 404 for a project the caller is not in, and for another project's category", async () => {
    const owner = await moderator();
    const category = await sounds(owner);
    const stranger = await moderator();
    const outside = await request(apiAs(t.app, stranger, { workspace: owner.workspace }), category.id);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe('not_found');
    if (!route.includes(':id')) return;
    // A moderator of both projects names the category under the other one: as unknown as a missing id.
    const caller = await buildSignedInMember(t.db, stranger.workspace, 'moderator');
    await addMembership(t.db, caller.user, owner.workspace, ['moderator']);
    const foreign = await request(apiAs(t.app, caller), category.id);
    const missing = await request(apiAs(t.app, caller), 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(flatten(await tree(owner)).map((node) => node.name)).toEqual(['Sounds']);
  });
});

/** Mostly `usual`, one time in ten `value`. */
const rarely = (usual: fc.Arbitrary<number>, value: number) =>
  fc.oneof({ arbitrary: usual, weight: 9 }, { arbitrary: fc.constant(value), weight: 1 });

describe('the tree after any sequence of bulk moves (property, on the database)', () => {
  it('stays exactly one valid tree, refusing invalid moves with nothing changed', async () => {
    const scenario = fc.integer({ min: 1, max: 8 }).chain((size) =>
      fc.record({
        parents: fc.tuple(...Array.from({ length: size }, (_, index) => fc.integer({ min: 0, max: index }))),
        steps: fc.array(
          fc.uniqueArray(
            fc.record({
              // Indexes into the tree; now and then `size`, an id that is not there.
              node: rarely(fc.integer({ min: 0, max: size - 1 }), size),
              parent: rarely(fc.integer({ min: -1, max: size - 1 }), size),
              order: fc.oneof(
                fc.integer({ min: 0, max: size + 1 }),
                fc.integer({ min: 0, max: 9 }).map(String),
              ),
            }),
            { selector: (move) => move.node, minLength: 1, maxLength: 4 },
          ),
          { minLength: 1, maxLength: 5 },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(scenario, async ({ parents, steps }) => {
        const caller = await moderator();
        const ids: number[] = [];
        for (const [index, parent] of parents.entries()) {
          ids.push((await add(caller, `Category ${index}`, parent === 0 ? 0 : ids[parent - 1])).id);
        }
        // -1 and the tree's size name a parent or a category that is not in the project.
        const idAt = (index: number) => (index === -1 ? 0 : (ids[index] ?? 2_000_000_000));
        let before = await tree(caller);
        expectOneTree(before, ids);
        for (const moves of steps) {
          const items = moves.map((move) => ({
            id: idAt(move.node),
            parent: idAt(move.parent),
            order: move.order,
          }));
          const response = await bulk(caller, items);
          const after = await tree(caller);
          expectOneTree(after, ids);
          if (response.statusCode === 200) {
            for (const item of items) {
              expect(flatten(after).find((node) => node.id === item.id)?.parent).toBe(item.parent);
            }
            expect(places(after)).toEqual(
              [...response.json().data.categories].sort((x: CategoryPlace, y: CategoryPlace) => x.id - y.id),
            );
          } else {
            expect([409, 422], response.body).toContain(response.statusCode);
            expect(after).toEqual(before);
          }
          before = after;
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
