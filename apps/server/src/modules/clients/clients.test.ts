import {
  BIRTHDATE_MIN,
  CLIENT_COMMENT_MAX,
  CLIENT_NAME_MAX,
  CLIENT_PARENT_REQUEST_MAX,
  CLIENT_REMOTE_ID_MAX,
  CLIENT_THEME_NAME_MAX,
  CLIENT_THEMES_MAX,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  ROLE,
  todayIso,
  type Client,
  type RoleName,
} from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import type { WorkspaceRow } from '../../db/schema/index.ts';
import { apiAs, type Api, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { themeShares } from '../../db/schema/index.ts';
import {
  addMembership,
  buildSignedInMember,
  buildTheme,
  buildWorkspace,
  type Member,
} from '../../test/factories.ts';

const t = useTestApp();

/** A teacher (or a member in `role`) of a project, a new one unless given, signed in. */
async function buildTeacher(workspace?: WorkspaceRow, role: RoleName = 'teacher'): Promise<Member> {
  return buildSignedInMember(t.db, workspace ?? (await buildWorkspace(t.db)), role);
}

const list = (teacher: Member, query = '') => apiAs(t.app, teacher).get('/api/clients', { query });

const show = (teacher: Member, id: number | string, workspace = teacher.workspace) =>
  apiAs(t.app, teacher, { workspace }).get(`/api/clients/${id}`);

const create = (teacher: Member, payload: object, workspace = teacher.workspace) =>
  apiAs(t.app, teacher, { workspace }).post('/api/clients', payload);

const update = (teacher: Member, id: number | string, payload: object, workspace = teacher.workspace) =>
  apiAs(t.app, teacher, { workspace }).put(`/api/clients/${id}`, payload);

/** A student created through the API. */
async function buildClient(teacher: Member, values: object = {}, workspace = teacher.workspace) {
  const payload = { client_name: 'Olena Koval', child_name: 'Sofiia', ...values };
  const response = await create(teacher, payload, workspace);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Client;
}

/** A day `days` after a 'YYYY-MM-DD' day. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The same day of the year, `years` earlier (8 keeps 29 February a real day). */
const yearsBefore = (day: string, years: number) =>
  `${String(Number(day.slice(0, 4)) - years).padStart(4, '0')}${day.slice(4)}`;

const VALID = { client_name: 'Olena Koval', child_name: 'Sofiia Koval' };

/** One request per route, for the checks every route shares. */
const ROUTES: Record<string, (api: Api, clientId: number) => Promise<Response>> = {
  'GET /api/clients': (api) => api.get('/api/clients'),
  'GET /api/clients/:clientId': (api, id) => api.get(`/api/clients/${id}`),
  'POST /api/clients': (api) => api.post('/api/clients', VALID),
  'PUT /api/clients/:clientId': (api, id) => api.put(`/api/clients/${id}`, { parent_request: 'Sound R' }),
  'GET /api/clients/duplicates': (api, id) =>
    api.get('/api/clients/duplicates', { query: `parent_email=a%40b.test&except_id=${id}` }),
  'GET /api/clients/:clientId/path': (api, id) => api.get(`/api/clients/${id}/path`),
};

describe.each(Object.entries(ROUTES))('%s', (route, request) => {
  it('answers a teacher, and a diagnostician acting as a teacher or as themselves', async () => {
    const teacher = await buildTeacher();
    const client = await buildClient(teacher);
    const response = await request(apiAs(t.app, teacher), client.id);
    expect(response.statusCode, response.body).toBe(route.startsWith('POST') ? 201 : 200);
    expect(response.json()).toHaveProperty('data');

    const diagnostician = await buildTeacher(undefined, 'diagnostician');
    const own = await buildClient(diagnostician);
    for (const roleId of [ROLE.teacher, ROLE.diagnostician]) {
      const answer = await request(apiAs(t.app, diagnostician, { roleId }), own.id);
      expect(answer.statusCode, answer.body).toBeLessThan(300);
    }
  });

  it('answers 401 without a token, and for an unknown one', async () => {
    const teacher = await buildTeacher();
    const client = await buildClient(teacher);
    const anonymous = await request(apiAs(t.app, teacher, { token: null }), client.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
    expect((await request(apiAs(t.app, teacher, { token: 'x'.repeat(43) }), client.id)).statusCode).toBe(401);
  });

  it.each(['root', 'manager', 'moderator', 'author', 'admin'] as const)(
    'answers 403 to a %s acting as themselves',
    async (role) => {
      const teacher = await buildTeacher();
      const client = await buildClient(teacher);
      const caller = await buildSignedInMember(t.db, teacher.workspace, role);
      const response = await request(apiAs(t.app, caller), client.id);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    },
  );

  it('answers 403 role_not_held to a teacher naming a project where they are not a teacher', async () => {
    const teacher = await buildTeacher();
    const client = await buildClient(teacher);
    // An author in another project, and a stranger to a third.
    const authored = await buildWorkspace(t.db);
    await addMembership(t.db, teacher.user, authored, ['author']);
    for (const workspace of [authored, await buildWorkspace(t.db)]) {
      const response = await request(apiAs(t.app, teacher, { workspace }), client.id);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('role_not_held');
    }
  });

  it('answers 422 when the query does not name the project and the role', async () => {
    const teacher = await buildTeacher();
    const client = await buildClient(teacher);
    for (const [acting, field] of [
      [{ workspace: null }, 'workspace_id'],
      [{ roleId: null }, 'role_id'],
    ] as const) {
      const response = await request(apiAs(t.app, teacher, acting), client.id);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });
});

describe('GET /api/clients', () => {
  it("lists only the caller's own students in the named project, by child name", async () => {
    const teacher = await buildTeacher();
    const colleague = await buildTeacher(teacher.workspace);
    const elsewhere = await buildWorkspace(t.db);
    await addMembership(t.db, teacher.user, elsewhere, ['teacher']);
    await buildClient(teacher, { child_name: 'boris' });
    await buildClient(teacher, { child_name: 'Anna' });
    await buildClient(teacher, { child_name: 'Clara' });
    await buildClient(colleague, { child_name: 'Alla' });
    await buildClient(teacher, { child_name: 'Aaron' }, elsewhere);

    const response = await list(teacher);
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(data.map((client: Client) => client.child_name)).toEqual(['Anna', 'boris', 'Clara']);
    expect(meta).toEqual({ total: 3, page: 1, per_page: PER_PAGE_DEFAULT });
    const colleagues = (await list(colleague)).json().data;
    expect(colleagues.map((client: Client) => client.child_name)).toEqual(['Alla']);
    const other = (await apiAs(t.app, teacher, { workspace: elsewhere }).get('/api/clients')).json().data;
    expect(other.map((client: Client) => client.child_name)).toEqual(['Aaron']);
  });

  it('shows every field of a student', async () => {
    const teacher = await buildTeacher();
    const created = await buildClient(teacher, {
      birthdate: '2019-05-14',
      comment_for_teacher: 'Likes short sessions',
      custom_themes: ['dinosaurs', 'space'],
      parent_request: 'Sound R in words',
    });
    const [listed] = (await list(teacher)).json().data;
    expect(listed).toEqual({ ...created, current_plan: null, next_lesson: null });
    expect(listed).toEqual({
      current_plan: null,
      next_lesson: null,
      id: expect.any(Number),
      workspace_id: teacher.workspace.id,
      teacher_id: teacher.user.id,
      client_name: 'Olena Koval',
      child_name: 'Sofiia',
      birthdate: '2019-05-14',
      age: expect.any(Number),
      comment_for_teacher: 'Likes short sessions',
      language: 'uk',
      parent_email: '',
      parent_phone: '',
      themes: [],
      custom_themes: ['dinosaurs', 'space'],
      parent_request: 'Sound R in words',
      remote_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    });
  });

  it("searches the client's and the child's name for a part of it, ignoring case", async () => {
    const teacher = await buildTeacher();
    await buildClient(teacher, { client_name: 'Olena Koval', child_name: 'Sofiia Koval' });
    await buildClient(teacher, { client_name: 'Ирина Петрова', child_name: 'Миша Петров' });
    await buildClient(teacher, { client_name: 'Mark 100%', child_name: 'Jan_Nowak' });
    await buildClient(teacher, { client_name: 'Mark 1000', child_name: 'Jan Nowak' });
    const names = async (term: string) =>
      (await list(teacher, `&term=${encodeURIComponent(term)}`))
        .json()
        .data.map((client: Client) => client.child_name);

    expect(await names('olena')).toEqual(['Sofiia Koval']);
    expect(await names('FIIA')).toEqual(['Sofiia Koval']);
    expect(await names('  koval ')).toEqual(['Sofiia Koval']);
    expect(await names('петров')).toEqual(['Миша Петров']);
    expect(await names('МИША')).toEqual(['Миша Петров']);
    // LIKE wildcards in the term are plain characters.
    expect(await names('100%')).toEqual(['Jan_Nowak']);
    expect(await names('n_n')).toEqual(['Jan_Nowak']);
    expect(await names('nobody-like-this')).toEqual([]);
    expect(await names('')).toHaveLength(4);
    const counted = await list(teacher, '&term=jan');
    expect(counted.json().meta.total).toBe(2);
  });

  it('pages the list and says how many there are', async () => {
    const teacher = await buildTeacher();
    for (const name of ['Eve', 'Dan', 'Cid', 'Bea', 'Ada']) await buildClient(teacher, { child_name: name });
    const page = async (query: string) => (await list(teacher, query)).json();

    const second = await page('&page=2&per_page=2');
    expect(second.data.map((client: Client) => client.child_name)).toEqual(['Cid', 'Dan']);
    expect(second.meta).toEqual({ total: 5, page: 2, per_page: 2 });
    expect((await page('&page=3&per_page=2')).data.map((client: Client) => client.child_name)).toEqual([
      'Eve',
    ]);
    expect(await page('&page=4&per_page=2')).toEqual({ data: [], meta: { total: 5, page: 4, per_page: 2 } });
  });

  it.each([
    ['page=0', 'page'],
    ['page=x', 'page'],
    [`per_page=${PER_PAGE_MAX + 1}`, 'per_page'],
    [`term=${'a'.repeat(CLIENT_NAME_MAX + 1)}`, 'term'],
  ])('answers 422 for %s', async (query, field) => {
    const teacher = await buildTeacher();
    const response = await list(teacher, `&${query}`);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('counts ages in whole years, a year more from the birthday on', async () => {
    const teacher = await buildTeacher();
    const today = todayIso();
    const birthday = yearsBefore(today, 8);
    await buildClient(teacher, { child_name: 'A born eight years ago today', birthdate: birthday });
    await buildClient(teacher, { child_name: 'B eight tomorrow', birthdate: addDays(birthday, 1) });
    await buildClient(teacher, { child_name: 'C eight yesterday', birthdate: addDays(birthday, -1) });
    await buildClient(teacher, { child_name: 'D born today', birthdate: today });
    await buildClient(teacher, { child_name: 'E birthdate unknown' });
    const ages = (await list(teacher)).json().data.map((client: Client) => client.age);
    expect(ages).toEqual([8, 7, 8, 0, null]);
  });
});

describe('GET /api/clients/:clientId', () => {
  it('returns one of the caller’s students', async () => {
    const teacher = await buildTeacher();
    const client = await buildClient(teacher, { birthdate: yearsBefore(todayIso(), 8) });
    const response = await show(teacher, client.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: client });
    expect(client.age).toBe(8);
  });

  it("answers 404 for another teacher's student, one of another project, and one that is not", async () => {
    const teacher = await buildTeacher();
    const colleague = await buildTeacher(teacher.workspace);
    const theirs = await buildClient(colleague);
    const elsewhere = await buildWorkspace(t.db);
    await addMembership(t.db, teacher.user, elsewhere, ['teacher']);
    const ownElsewhere = await buildClient(teacher, {}, elsewhere);

    for (const response of [
      await show(teacher, theirs.id),
      await show(teacher, ownElsewhere.id),
      await show(teacher, 2_000_000_000),
      await show(teacher, 'abc'),
      await show(teacher, 0),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    // Each is there for its owner, in its project.
    expect((await show(colleague, theirs.id)).statusCode).toBe(200);
    expect((await show(teacher, ownElsewhere.id, elsewhere)).statusCode).toBe(200);
  });
});

describe('POST /api/clients', () => {
  it('adds a student of the caller in the named project, trimmed, with empty defaults', async () => {
    const teacher = await buildTeacher();
    const response = await create(teacher, { client_name: '  Olena Koval ', child_name: ' Sofiia\t' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      workspace_id: teacher.workspace.id,
      teacher_id: teacher.user.id,
      client_name: 'Olena Koval',
      child_name: 'Sofiia',
      birthdate: null,
      age: null,
      comment_for_teacher: '',
      custom_themes: [],
      parent_request: '',
    });
    expect((await show(teacher, response.json().data.id)).json().data).toEqual(response.json().data);
  });

  it('keeps every field given', async () => {
    const teacher = await buildTeacher();
    const birthdate = yearsBefore(todayIso(), 8);
    const payload = {
      ...VALID,
      birthdate,
      comment_for_teacher: 'Likes short sessions',
      custom_themes: [' dinosaurs ', 'Space'],
      parent_request: 'Sound R in words',
    };
    const { data } = (await create(teacher, payload)).json();
    expect(data).toMatchObject({
      ...payload,
      custom_themes: ['dinosaurs', 'Space'],
      age: 8,
    });
  });

  it('takes the longest texts and the most themes allowed, and the earliest birthdate', async () => {
    const teacher = await buildTeacher();
    const response = await create(teacher, {
      client_name: 'c'.repeat(CLIENT_NAME_MAX),
      child_name: 'd'.repeat(CLIENT_NAME_MAX),
      birthdate: BIRTHDATE_MIN,
      comment_for_teacher: 'e'.repeat(CLIENT_COMMENT_MAX),
      parent_request: 'f'.repeat(CLIENT_PARENT_REQUEST_MAX),
      custom_themes: Array.from({ length: CLIENT_THEMES_MAX }, (_, i) =>
        `${i}`.padEnd(CLIENT_THEME_NAME_MAX, 't'),
      ),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.custom_themes).toHaveLength(CLIENT_THEMES_MAX);
  });

  it("keeps the lesson language, the parent's contacts, the CRM id and the linked themes, by name", async () => {
    const teacher = await buildTeacher();
    const zoo = await buildTheme(t.db, teacher.workspace.id, { name: 'Zoo' });
    const cars = await buildTheme(t.db, teacher.workspace.id, { name: 'cars' });
    // A theme another project shares with this one is offered too.
    const elsewhere = await buildWorkspace(t.db);
    const space = await buildTheme(t.db, elsewhere.id, { name: 'Space' });
    await t.db.insert(themeShares).values({ themeId: space.id, workspaceId: teacher.workspace.id });
    const response = await create(teacher, {
      ...VALID,
      language: 'pl',
      parent_email: ' Olena@Example.COM ',
      parent_phone: '+48 (600) 123-456',
      remote_id: 'crm-42',
      theme_ids: [zoo.id, space.id, cars.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      language: 'pl',
      parent_email: 'olena@example.com',
      parent_phone: '+48600123456',
      remote_id: 'crm-42',
      themes: [
        { id: cars.id, name: 'cars' },
        { id: space.id, name: 'Space' },
        { id: zoo.id, name: 'Zoo' },
      ],
    });
  });

  it('refuses a theme the project does not see, and a CRM id another student has, writing nothing', async () => {
    const teacher = await buildTeacher();
    const elsewhere = await buildWorkspace(t.db);
    const hidden = await buildTheme(t.db, elsewhere.id);
    const unseen = await create(teacher, { ...VALID, theme_ids: [hidden.id] });
    expect(unseen.statusCode).toBe(422);
    expect(unseen.json().errors).toEqual({ theme_ids: ['No such theme in the project.'] });
    await buildClient(teacher, { remote_id: 'crm-1' });
    // Another teacher of the same project: CRM ids are the school's, one student each.
    const colleague = await buildTeacher(teacher.workspace);
    const taken = await create(colleague, { ...VALID, remote_id: 'crm-1' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      remote_id: ['Another student of the project already has this CRM id.'],
    });
    expect((await list(colleague)).json().meta.total).toBe(0);
    // Another project may use the same id.
    await addMembership(t.db, teacher.user, elsewhere, ['teacher']);
    const other = await create(teacher, { ...VALID, remote_id: 'crm-1' }, elsewhere);
    expect(other.statusCode, other.body).toBe(201);
  });

  it('answers 422 naming a missing name', async () => {
    const teacher = await buildTeacher();
    const response = await create(teacher, { client_name: 'Olena Koval' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ child_name: ['Required.'] });
  });
});

describe('PUT /api/clients/:clientId', () => {
  it('changes the fields given and keeps the others', async () => {
    const teacher = await buildTeacher();
    const client = await buildClient(teacher, {
      birthdate: '2019-05-14',
      custom_themes: ['dinosaurs'],
      parent_request: 'Sound R',
    });
    const response = await update(teacher, client.id, {
      child_name: ' Sofiia Koval ',
      custom_themes: ['space', 'cars'],
      comment_for_teacher: 'Likes short sessions',
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({
      ...client,
      child_name: 'Sofiia Koval',
      custom_themes: ['space', 'cars'],
      comment_for_teacher: 'Likes short sessions',
      updated_at: expect.any(String),
    });
    expect(Date.parse(data.updated_at)).toBeGreaterThanOrEqual(Date.parse(client.updated_at));
    expect((await show(teacher, client.id)).json().data).toEqual(data);
  });

  it('clears the birthdate, the themes and the texts', async () => {
    const teacher = await buildTeacher();
    const client = await buildClient(teacher, {
      birthdate: '2019-05-14',
      custom_themes: ['dinosaurs'],
      parent_request: 'Sound R',
      comment_for_teacher: 'Shy',
    });
    const { data } = (
      await update(teacher, client.id, {
        birthdate: null,
        custom_themes: [],
        parent_request: '',
        comment_for_teacher: '',
      })
    ).json();
    expect(data).toMatchObject({
      birthdate: null,
      age: null,
      custom_themes: [],
      parent_request: '',
      comment_for_teacher: '',
    });
  });

  it('replaces the linked themes, clears the CRM id, and keeps its own CRM id on a save', async () => {
    const teacher = await buildTeacher();
    const zoo = await buildTheme(t.db, teacher.workspace.id, { name: 'Zoo' });
    const cars = await buildTheme(t.db, teacher.workspace.id, { name: 'Cars' });
    const client = await buildClient(teacher, { theme_ids: [zoo.id], remote_id: 'crm-7' });
    const same = await update(teacher, client.id, { remote_id: 'crm-7', theme_ids: [cars.id] });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.themes).toEqual([{ id: cars.id, name: 'Cars' }]);
    const cleared = await update(teacher, client.id, { remote_id: '', theme_ids: [] });
    expect(cleared.json().data).toMatchObject({ remote_id: null, themes: [] });
  });

  it('takes an empty change', async () => {
    const teacher = await buildTeacher();
    const client = await buildClient(teacher);
    const response = await update(teacher, client.id, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...client, updated_at: expect.any(String) });
  });

  it("answers 404 for another teacher's student and one of another project, and changes neither", async () => {
    const teacher = await buildTeacher();
    const colleague = await buildTeacher(teacher.workspace);
    const theirs = await buildClient(colleague);
    const elsewhere = await buildWorkspace(t.db);
    await addMembership(t.db, teacher.user, elsewhere, ['teacher']);
    const ownElsewhere = await buildClient(teacher, {}, elsewhere);

    for (const response of [
      await update(teacher, theirs.id, { child_name: 'Taken over' }),
      await update(teacher, ownElsewhere.id, { child_name: 'Taken over' }),
      await update(teacher, 2_000_000_000, { child_name: 'Taken over' }),
      await update(teacher, 'abc', { child_name: 'Taken over' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    expect((await show(colleague, theirs.id)).json().data).toEqual(theirs);
    expect((await show(teacher, ownElsewhere.id, elsewhere)).json().data).toEqual(ownElsewhere);
  });
});

/** Each invalid input, for both POST and PUT: the one field named, and its message. */
describe.each([
  ['POST', (teacher: Member, _id: number, payload: object) => create(teacher, { ...VALID, ...payload })],
  ['PUT', (teacher: Member, id: number, payload: object) => update(teacher, id, payload)],
] as const)('%s validation', (method, send) => {
  const tomorrow = addDays(todayIso(), 1);
  it.each([
    [{ client_name: '' }, 'client_name', 'Required.'],
    [{ child_name: '   ' }, 'child_name', 'Required.'],
    [{ child_name: 'x'.repeat(CLIENT_NAME_MAX + 1) }, 'child_name', `At most ${CLIENT_NAME_MAX} characters.`],
    [{ client_name: null }, 'client_name', 'Required.'],
    [{ birthdate: tomorrow }, 'birthdate', 'The date cannot be in the future.'],
    [{ birthdate: '2023-02-30' }, 'birthdate', 'Enter a real date as YYYY-MM-DD.'],
    [{ birthdate: '14.05.2019' }, 'birthdate', 'Enter a real date as YYYY-MM-DD.'],
    [{ birthdate: '1899-12-31' }, 'birthdate', `The date cannot be earlier than ${BIRTHDATE_MIN}.`],
    [
      { comment_for_teacher: 'x'.repeat(CLIENT_COMMENT_MAX + 1) },
      'comment_for_teacher',
      `At most ${CLIENT_COMMENT_MAX} characters.`,
    ],
    [
      { parent_request: 'x'.repeat(CLIENT_PARENT_REQUEST_MAX + 1) },
      'parent_request',
      `At most ${CLIENT_PARENT_REQUEST_MAX} characters.`,
    ],
    [{ custom_themes: ['cars', 'Cars '] }, 'custom_themes', 'Values must not repeat.'],
    [
      { custom_themes: Array.from({ length: CLIENT_THEMES_MAX + 1 }, (_, i) => `theme ${i}`) },
      'custom_themes',
      `At most ${CLIENT_THEMES_MAX} items.`,
    ],
    [{ custom_themes: ['cars', ' '] }, 'custom_themes.1', 'Required.'],
    [
      { custom_themes: ['x'.repeat(CLIENT_THEME_NAME_MAX + 1)] },
      'custom_themes.0',
      `At most ${CLIENT_THEME_NAME_MAX} characters.`,
    ],
    [{ custom_themes: 'cars' }, 'custom_themes', 'Expected array.'],
    [{ language: 'de' }, 'language', 'Allowed values: uk, ru, en, pl.'],
    [{ parent_email: 'olena@' }, 'parent_email', 'Enter a valid email address.'],
    [
      { parent_phone: '0501234567' },
      'parent_phone',
      'Enter the number in international format, e.g. +447700900123.',
    ],
    [{ remote_id: 'crm 1' }, 'remote_id', 'Wrong format.'],
    [
      { remote_id: 'x'.repeat(CLIENT_REMOTE_ID_MAX + 1) },
      'remote_id',
      `At most ${CLIENT_REMOTE_ID_MAX} characters.`,
    ],
    [{ theme_ids: [1, 1] }, 'theme_ids', 'Values must not repeat.'],
    [{ theme_ids: [0] }, 'theme_ids.0', 'At least 1.'],
    [{ age: 7 }, 'age', 'Unknown field.'],
    [{ teacher_id: 1 }, 'teacher_id', 'Unknown field.'],
    [{ workspace_id: 1 }, 'workspace_id', 'Unknown field.'],
  ])('refuses %j with 422 naming %s', async (payload, field, message) => {
    const teacher = await buildTeacher();
    const client = await buildClient(teacher);
    const response = await send(teacher, client.id, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(response.json().errors).toEqual({ [field]: [message] });
    // Nothing was written.
    expect((await list(teacher)).json().data).toEqual([{ ...client, current_plan: null, next_lesson: null }]);
  });

  it('answers in the language of the request', async () => {
    const teacher = await buildTeacher();
    const client = await buildClient(teacher);
    const response = await apiAs(t.app, teacher).request(
      method,
      `/api/clients${method === 'POST' ? '' : `/${client.id}`}`,
      { ...VALID, birthdate: tomorrow },
      { lang: 'uk' },
    );
    expect(response.json().errors).toEqual({ birthdate: ['Дата не може бути в майбутньому.'] });
  });
});
