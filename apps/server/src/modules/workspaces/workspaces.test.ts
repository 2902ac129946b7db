import { randomBytes } from 'node:crypto';
import {
  PER_PAGE_DEFAULT,
  ROLE,
  WORKSPACE_DESCRIPTION_MAX,
  WORKSPACE_TITLE_MAX,
  WORKSPACE_TITLE_MIN,
  type AuditAction,
  type RoleName,
} from '@logoschool/contract';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments, auditLog, users, workspaces, type WorkspaceRow } from '../../db/schema/index.ts';
import { apiAs, type Method } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { addMembership, buildMember, buildUser, buildWorkspace, tokenFor } from '../../test/factories.ts';

const t = useTestApp();

const getWorkspace = (id: number | string, token: string | null, query = '', headers = {}) =>
  apiAs(t.app, null, { token }).get(`/api/workspaces/${id}${query}`, { headers });

describe('GET /api/workspaces/:workspaceId', () => {
  it('returns the project to its member', async () => {
    const school = await buildWorkspace(t.db, {
      title: 'Gamma school',
      description: 'Speech therapy for children',
      envId: 3,
    });
    const member = await buildMember(t.db, school, ['teacher']);
    const response = await getWorkspace(school.id, await tokenFor(t.db, member));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        workspaceId: school.id,
        workspaceTitle: 'Gamma school',
        description: 'Speech therapy for children',
        env_id: 3,
        archived: false,
      },
    });
  });

  it.each(['manager', 'moderator', 'author', 'teacher'] as const)(
    'lets a %s read it acting as that role',
    async (role) => {
      const school = await buildWorkspace(t.db);
      const member = await buildMember(t.db, school, [role]);
      const response = await getWorkspace(school.id, await tokenFor(t.db, member), `?role_id=${ROLE[role]}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.workspaceId).toBe(school.id);
    },
  );

  it.each([
    ['admin', 'manager'],
    ['diagnostician', 'teacher'],
  ] as const)('lets a %s read it acting as such, or as the %s in them', async (role, base) => {
    const school = await buildWorkspace(t.db);
    const member = await buildMember(t.db, school, [role]);
    const token = await tokenFor(t.db, member);
    expect((await getWorkspace(school.id, token, `?role_id=${ROLE[role]}`)).statusCode).toBe(200);
    expect((await getWorkspace(school.id, token, `?role_id=${ROLE[base]}`)).statusCode).toBe(200);
    expect((await getWorkspace(school.id, token)).statusCode).toBe(200);
  });

  it('shows root any project, archived ones too', async () => {
    const archived = await buildWorkspace(t.db, { archived: true, title: 'Closed school' });
    const root = await buildUser(t.db, { isRoot: true });
    const response = await getWorkspace(archived.id, await tokenFor(t.db, root));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ workspaceTitle: 'Closed school', archived: true });
  });

  it('answers 401 without a token, and for a deactivated user', async () => {
    const school = await buildWorkspace(t.db);
    expect((await getWorkspace(school.id, null)).statusCode).toBe(401);
    const member = await buildMember(t.db, school, ['manager']);
    const token = await tokenFor(t.db, member);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, member.id));
    const response = await getWorkspace(school.id, token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_expired');
  });

  it("answers 404 for another project's id, in the request's language", async () => {
    const own = await buildWorkspace(t.db);
    const other = await buildWorkspace(t.db);
    const member = await buildMember(t.db, own, ['manager']);
    const response = await getWorkspace(other.id, await tokenFor(t.db, member), '', {
      'accept-language': 'en',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('answers 404 once the assignment is deactivated or archived, and 200 again when restored', async () => {
    const school = await buildWorkspace(t.db);
    const member = await buildMember(t.db, school, ['author']);
    await addMembership(t.db, member, await buildWorkspace(t.db), ['teacher']);
    const token = await tokenFor(t.db, member);
    const set = (values: { isActive?: boolean; archived?: boolean }) =>
      t.db
        .update(assignments)
        .set(values)
        .where(and(eq(assignments.userId, member.id), eq(assignments.workspaceId, school.id)));

    await set({ isActive: false });
    expect((await getWorkspace(school.id, token)).statusCode).toBe(404);
    await set({ isActive: true, archived: true });
    expect((await getWorkspace(school.id, token)).statusCode).toBe(404);
    await set({ archived: false });
    expect((await getWorkspace(school.id, token)).statusCode).toBe(200);
  });

  it('answers 404 for a project that does not exist, and for ids that are not ids', async () => {
    const root = await buildUser(t.db, { isRoot: true });
    const token = await tokenFor(t.db, root);
    for (const id of ['2000000000', 'abc', '-3', '0', '2.5']) {
      const response = await getWorkspace(id, token);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code, id).toBe('not_found');
    }
  });

  it('answers 403 role_not_held for a role held only in another project', async () => {
    const school = await buildWorkspace(t.db);
    const member = await buildMember(t.db, school, ['teacher']);
    await addMembership(t.db, member, await buildWorkspace(t.db), ['manager']);
    const response = await getWorkspace(school.id, await tokenFor(t.db, member), `?role_id=${ROLE.manager}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_not_held');
  });

  it.each(['abc', '0', '-2', '99'])('answers 422 for role_id=%s', async (roleId) => {
    const school = await buildWorkspace(t.db);
    const member = await buildMember(t.db, school, ['teacher']);
    const response = await getWorkspace(school.id, await tokenFor(t.db, member), `?role_id=${roleId}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toEqual(['role_id']);
  });
});

/** Text no other test's project title contains: keeps a list test to its own projects. */
const tag = () => randomBytes(4).toString('hex');

const send = (
  method: Method,
  url: string,
  token: string | null,
  payload?: object,
  headers: Record<string, string> = {},
) => apiAs(t.app, null, { token }).request(method, url, payload, { headers });

async function rootToken() {
  return tokenFor(t.db, await buildUser(t.db, { isRoot: true }));
}

/** A token of a user holding `role` in a project (a fresh one unless given). */
async function memberToken(role: RoleName, workspace?: WorkspaceRow) {
  return tokenFor(t.db, await buildMember(t.db, workspace ?? (await buildWorkspace(t.db)), [role]));
}

/** Every role but root: none of them may manage projects. */
const NOT_ROOT = ['manager', 'moderator', 'author', 'teacher', 'admin', 'diagnostician'] as const;

async function auditOf(workspaceId: number, action: AuditAction) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.workspaceId, workspaceId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}

async function rowOf(workspaceId: number) {
  const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  return row;
}

const titles = (response: { json(): { data: { workspaceTitle: string }[] } }) =>
  response.json().data.map((item) => item.workspaceTitle);

describe('GET /api/workspaces', () => {
  it('lists the active projects by title, ignoring case, with their members, to root', async () => {
    const mark = tag();
    const zeta = await buildWorkspace(t.db, { title: `zeta ${mark}`, description: 'Z', envId: 2 });
    const alpha = await buildWorkspace(t.db, { title: `Alpha ${mark}` });
    await buildWorkspace(t.db, { title: `beta ${mark}` });
    await buildWorkspace(t.db, { title: `Gamma ${mark}`, archived: true });
    await buildMember(t.db, zeta, ['teacher']);
    await buildMember(t.db, zeta, ['manager', 'admin']);
    await buildMember(t.db, zeta, ['author'], { isActive: false });
    await buildMember(t.db, zeta, ['author'], { archived: true });
    await buildMember(t.db, alpha, ['moderator']);

    const response = await send('GET', `/api/workspaces?term=${mark}`, await rootToken());
    expect(response.statusCode).toBe(200);
    expect(titles(response)).toEqual([`Alpha ${mark}`, `beta ${mark}`, `zeta ${mark}`]);
    expect(response.json().meta).toEqual({ total: 3, page: 1, per_page: PER_PAGE_DEFAULT });
    const item = response.json().data[2];
    expect(item).toEqual({
      workspaceId: zeta.id,
      workspaceTitle: `zeta ${mark}`,
      description: 'Z',
      env_id: 2,
      archived: false,
      members: 2,
      created_at: zeta.createdAt.toISOString(),
    });
    expect(response.json().data[0].members).toBe(1);
  });

  it('lists every active project without a term, and never an archived one', async () => {
    const active = await buildWorkspace(t.db);
    const archived = await buildWorkspace(t.db, { archived: true });
    const response = await send('GET', '/api/workspaces?per_page=100', await rootToken());
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((item: { workspaceId: number }) => item.workspaceId);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(archived.id);
    expect(response.json().data.every((item: { archived: boolean }) => !item.archived)).toBe(true);
  });

  it('finds a part of the title, ignoring case; % and _ match only themselves', async () => {
    const mark = tag();
    await buildWorkspace(t.db, { title: `A Speech ${mark} 100% fun` });
    await buildWorkspace(t.db, { title: `b speech ${mark} 1000 fun` });
    await buildWorkspace(t.db, { title: `Logo_${mark}` });
    await buildWorkspace(t.db, { title: `LogoX${mark}` });
    const token = await rootToken();
    const find = async (term: string) =>
      titles(await send('GET', `/api/workspaces?term=${encodeURIComponent(term)}`, token));
    expect(await find(`SPEECH ${mark.toUpperCase()}`)).toEqual([
      `A Speech ${mark} 100% fun`,
      `b speech ${mark} 1000 fun`,
    ]);
    expect(await find(`${mark} 100%`)).toEqual([`A Speech ${mark} 100% fun`]);
    expect(await find(`logo_${mark}`)).toEqual([`Logo_${mark}`]);
    expect(await find(`  ${mark} 1000  `)).toEqual([`b speech ${mark} 1000 fun`]);
    expect(await find(`${mark}-nothing`)).toEqual([]);
  });

  it('pages with page and per_page, and says the total', async () => {
    const mark = tag();
    for (const letter of ['e', 'a', 'd', 'c', 'b'])
      await buildWorkspace(t.db, { title: `${letter} ${mark}` });
    const token = await rootToken();
    const second = await send('GET', `/api/workspaces?term=${mark}&page=2&per_page=2`, token);
    expect(second.statusCode).toBe(200);
    expect(titles(second)).toEqual([`c ${mark}`, `d ${mark}`]);
    expect(second.json().meta).toEqual({ total: 5, page: 2, per_page: 2 });
    const beyond = await send('GET', `/api/workspaces?term=${mark}&page=4&per_page=2`, token);
    expect(beyond.json()).toEqual({ data: [], meta: { total: 5, page: 4, per_page: 2 } });
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    [`term=${'x'.repeat(WORKSPACE_TITLE_MAX + 1)}`, 'term'],
  ])('answers 422 for %s', async (query, field) => {
    const response = await send('GET', `/api/workspaces?${query}`, await rootToken());
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('answers 401 without a token', async () => {
    const response = await send('GET', '/api/workspaces', null);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(NOT_ROOT)('answers 403 to a %s', async (role) => {
    const response = await send('GET', '/api/workspaces', await memberToken(role));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });
});

describe('GET /api/workspaces/archived', () => {
  it('lists the archived projects by title, with their members, to root', async () => {
    const mark = tag();
    const closed = await buildWorkspace(t.db, { title: `Closed ${mark}`, archived: true });
    await buildWorkspace(t.db, { title: `archived ${mark}`, archived: true });
    await buildWorkspace(t.db, { title: `Open ${mark}` });
    await buildMember(t.db, closed, ['teacher']);
    await buildMember(t.db, closed, ['author'], { isActive: false });

    const response = await send(
      'GET',
      `/api/workspaces/archived?term=${mark.toUpperCase()}`,
      await rootToken(),
    );
    expect(response.statusCode).toBe(200);
    expect(titles(response)).toEqual([`archived ${mark}`, `Closed ${mark}`]);
    expect(response.json().meta).toEqual({ total: 2, page: 1, per_page: PER_PAGE_DEFAULT });
    expect(response.json().data[1]).toMatchObject({ workspaceId: closed.id, archived: true, members: 1 });
  });

  it('answers 422 for a bad page', async () => {
    const response = await send('GET', '/api/workspaces/archived?per_page=0', await rootToken());
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['per_page']);
  });

  it('answers 401 without a token', async () => {
    expect((await send('GET', '/api/workspaces/archived', null)).statusCode).toBe(401);
  });

  it.each(NOT_ROOT)('answers 403 to a %s', async (role) => {
    const response = await send('GET', '/api/workspaces/archived', await memberToken(role));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });
});

describe('POST /api/workspaces', () => {
  const create = (token: string | null, payload: object, headers: Record<string, string> = {}) =>
    send('POST', '/api/workspaces', token, payload, headers);

  it('creates a project, trimmed, and writes the audit log', async () => {
    const root = await buildUser(t.db, { isRoot: true });
    const title = `New school ${tag()}`;
    const response = await create(await tokenFor(t.db, root), {
      title: `  ${title}  `,
      description: '  For children  ',
      env_id: 2,
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      workspaceTitle: title,
      description: 'For children',
      env_id: 2,
      archived: false,
      members: 0,
    });
    expect(new Date(data.created_at).toISOString()).toBe(data.created_at);
    expect(await rowOf(data.workspaceId)).toMatchObject({ title, description: 'For children', envId: 2 });
    const [entry] = await auditOf(data.workspaceId, 'workspaces.create');
    expect(entry).toMatchObject({ actorId: root.id, details: { title, env_id: 2 } });
  });

  it('leaves an absent description empty', async () => {
    const response = await create(await rootToken(), { title: `Plain ${tag()}`, env_id: 1 });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.description).toBe('');
  });

  it('answers 409 with a field error for a title taken by any project, ignoring case', async () => {
    const taken = await buildWorkspace(t.db, { title: `Taken ${tag()}` });
    const closed = await buildWorkspace(t.db, { title: `Closed ${tag()}`, archived: true });
    const token = await rootToken();
    for (const title of [taken.title.toUpperCase(), ` ${taken.title.toLowerCase()} `, closed.title]) {
      const response = await create(token, { title, env_id: 1 }, { 'accept-language': 'en' });
      expect(response.statusCode, title).toBe(409);
      expect(response.json()).toEqual({
        message: 'This cannot be done in the current state.',
        code: 'conflict',
        errors: { title: ['This title is already taken.'] },
      });
    }
    const rows = await t.db.select().from(workspaces).where(eq(workspaces.title, taken.title.toUpperCase()));
    expect(rows).toEqual([]);
  });

  it.each([
    ['no title', { env_id: 1 }, 'title'],
    ['a blank title', { title: '   ', env_id: 1 }, 'title'],
    [
      'a title too short once trimmed',
      { title: ` ${'a'.repeat(WORKSPACE_TITLE_MIN - 1)} `, env_id: 1 },
      'title',
    ],
    ['a title too long', { title: 'a'.repeat(WORKSPACE_TITLE_MAX + 1), env_id: 1 }, 'title'],
    ['a title that is no text', { title: 42, env_id: 1 }, 'title'],
    [
      'a description too long',
      { title: 'Fine', description: 'd'.repeat(WORKSPACE_DESCRIPTION_MAX + 1), env_id: 1 },
      'description',
    ],
    ['no env_id', { title: 'Fine' }, 'env_id'],
    ['env_id 0', { title: 'Fine', env_id: 0 }, 'env_id'],
    ['a negative env_id', { title: 'Fine', env_id: -1 }, 'env_id'],
    ['a fractional env_id', { title: 'Fine', env_id: 1.5 }, 'env_id'],
    ['env_id as text', { title: 'Fine', env_id: '2' }, 'env_id'],
    ['an unknown field', { title: 'Fine', env_id: 1, archived: true }, 'archived'],
  ])('answers 422 for %s', async (_case, payload, field) => {
    const response = await create(await rootToken(), payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('takes titles and descriptions of the largest and smallest lengths', async () => {
    const token = await rootToken();
    const longest = `${tag()}${'l'.repeat(WORKSPACE_TITLE_MAX - 8)}`;
    const long = await create(token, {
      title: longest,
      description: 'd'.repeat(WORKSPACE_DESCRIPTION_MAX),
      env_id: 1,
    });
    expect(long.statusCode).toBe(201);
    expect(long.json().data.workspaceTitle).toBe(longest);
    const shortest = tag().slice(0, WORKSPACE_TITLE_MIN);
    await t.db.delete(workspaces).where(eq(workspaces.title, shortest));
    expect((await create(token, { title: shortest, env_id: 1 })).statusCode).toBe(201);
  });

  it('answers 401 without a token', async () => {
    const response = await create(null, { title: `Anon ${tag()}`, env_id: 1 });
    expect(response.statusCode).toBe(401);
  });

  it.each(NOT_ROOT)('answers 403 to a %s and creates nothing', async (role) => {
    const title = `Refused ${tag()}`;
    const response = await create(await memberToken(role), { title, env_id: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
    expect(await t.db.select().from(workspaces).where(eq(workspaces.title, title))).toEqual([]);
  });
});

describe('PUT /api/workspaces/:workspaceId', () => {
  const edit = (id: number | string, token: string | null, payload: object, headers = {}) =>
    send('PUT', `/api/workspaces/${id}`, token, payload, headers);

  it('changes the fields sent, keeps the others, and writes what changed to the audit log', async () => {
    const school = await buildWorkspace(t.db, { title: `Old ${tag()}`, description: 'Old text', envId: 1 });
    await buildMember(t.db, school, ['teacher']);
    const root = await buildUser(t.db, { isRoot: true });
    const title = `Renamed ${tag()}`;
    const response = await edit(school.id, await tokenFor(t.db, root), { title: ` ${title} `, env_id: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      workspaceId: school.id,
      workspaceTitle: title,
      description: 'Old text',
      env_id: 2,
      archived: false,
      members: 1,
      created_at: school.createdAt.toISOString(),
    });
    const row = await rowOf(school.id);
    expect(row).toMatchObject({ title, description: 'Old text', envId: 2 });
    expect(row?.updatedAt.getTime()).toBeGreaterThan(school.updatedAt.getTime());
    const [entry] = await auditOf(school.id, 'workspaces.update');
    expect(entry).toMatchObject({
      actorId: root.id,
      details: { changes: { title: { from: school.title, to: title }, env_id: { from: 1, to: 2 } } },
    });
  });

  it('clears the description with an empty text', async () => {
    const school = await buildWorkspace(t.db, { description: 'Something' });
    const response = await edit(school.id, await rootToken(), { description: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.description).toBe('');
  });

  it('changes nothing, and writes nothing, for an empty body or the same values', async () => {
    const school = await buildWorkspace(t.db, { description: 'Same' });
    const token = await rootToken();
    for (const payload of [{}, { title: school.title, description: 'Same', env_id: school.envId }]) {
      const response = await edit(school.id, token, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ workspaceTitle: school.title, description: 'Same' });
    }
    expect(await auditOf(school.id, 'workspaces.update')).toEqual([]);
    expect((await rowOf(school.id))?.updatedAt).toEqual(school.updatedAt);
  });

  it("lets a project change the case of its own title, but not take another's", async () => {
    const mark = tag();
    const school = await buildWorkspace(t.db, { title: `school ${mark}` });
    const other = await buildWorkspace(t.db, { title: `Other ${mark}`, archived: true });
    const token = await rootToken();
    const recased = await edit(school.id, token, { title: `School ${mark.toUpperCase()}` });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().data.workspaceTitle).toBe(`School ${mark.toUpperCase()}`);

    const taken = await edit(
      school.id,
      token,
      { title: other.title.toLowerCase() },
      { 'accept-language': 'pl' },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'conflict',
      errors: { title: ['Ta nazwa jest już zajęta.'] },
    });
    expect((await rowOf(school.id))?.title).toBe(`School ${mark.toUpperCase()}`);
  });

  it('edits an archived project too', async () => {
    const school = await buildWorkspace(t.db, { archived: true });
    const response = await edit(school.id, await rootToken(), { description: 'Kept for the record' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ archived: true, description: 'Kept for the record' });
  });

  it('answers 404 for a project that does not exist, and for ids that are not ids', async () => {
    const token = await rootToken();
    for (const id of ['2000000000', 'abc', '0', '-1']) {
      const response = await edit(id, token, { title: `Ghost ${tag()}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code, id).toBe('not_found');
    }
  });

  it.each([
    ['a blank title', { title: '  ' }, 'title'],
    ['a title too long', { title: 't'.repeat(WORKSPACE_TITLE_MAX + 1) }, 'title'],
    ['a null title', { title: null }, 'title'],
    ['a description too long', { description: 'd'.repeat(WORKSPACE_DESCRIPTION_MAX + 1) }, 'description'],
    ['env_id 0', { env_id: 0 }, 'env_id'],
    ['an unknown field', { archived: false }, 'archived'],
  ])('answers 422 for %s', async (_case, payload, field) => {
    const school = await buildWorkspace(t.db);
    const response = await edit(school.id, await rootToken(), payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('answers 401 without a token', async () => {
    const school = await buildWorkspace(t.db);
    expect((await edit(school.id, null, { description: 'x' })).statusCode).toBe(401);
  });

  it.each(NOT_ROOT)('answers 403 to a %s of the project and changes nothing', async (role) => {
    const school = await buildWorkspace(t.db, { description: 'Before' });
    const response = await edit(school.id, await memberToken(role, school), { description: 'After' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
    expect((await rowOf(school.id))?.description).toBe('Before');
  });
});

describe('POST /api/workspaces/:workspaceId/archive', () => {
  const archive = (id: number | string, token: string | null, query = '', headers = {}) =>
    send('POST', `/api/workspaces/${id}/archive${query}`, token, undefined, headers);

  it('lets root archive a project: it moves to the archived list, and the audit log keeps it', async () => {
    const mark = tag();
    const school = await buildWorkspace(t.db, { title: `Archive me ${mark}` });
    const root = await buildUser(t.db, { isRoot: true });
    const token = await tokenFor(t.db, root);
    const response = await archive(school.id, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ workspaceId: school.id, archived: true });
    expect(titles(await send('GET', `/api/workspaces?term=${mark}`, token))).toEqual([]);
    expect(titles(await send('GET', `/api/workspaces/archived?term=${mark}`, token))).toEqual([
      `Archive me ${mark}`,
    ]);
    const [entry] = await auditOf(school.id, 'workspaces.archive');
    expect(entry).toMatchObject({ actorId: root.id, details: { title: school.title, role: 'root' } });
  });

  it('lets an admin of the project archive it, acting as admin', async () => {
    const school = await buildWorkspace(t.db);
    const admin = await buildMember(t.db, school, ['admin']);
    const response = await archive(school.id, await tokenFor(t.db, admin), `?role_id=${ROLE.admin}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.archived).toBe(true);
    const [entry] = await auditOf(school.id, 'workspaces.archive');
    expect(entry).toMatchObject({ actorId: admin.id, details: { role: 'admin' } });
  });

  it("takes the members' roles there away until it is restored, leaving their assignments as they were", async () => {
    const school = await buildWorkspace(t.db);
    const other = await buildWorkspace(t.db);
    const teacher = await buildMember(t.db, school, ['teacher']);
    await addMembership(t.db, teacher, other, ['author']);
    const admin = await buildMember(t.db, school, ['admin']);
    const teacherToken = await tokenFor(t.db, teacher);
    const adminToken = await tokenFor(t.db, admin);
    const assignmentsOf = async (token: string) =>
      (await send('GET', '/api/check-token', token)).json().data.assignments as {
        workspaceId: number;
        archived: boolean;
        isActive: boolean;
      }[];

    expect((await archive(school.id, adminToken, `?role_id=${ROLE.admin}`)).statusCode).toBe(200);

    const seen = await assignmentsOf(teacherToken);
    expect(seen.find((a) => a.workspaceId === school.id)).toMatchObject({ archived: true, isActive: true });
    expect(seen.find((a) => a.workspaceId === other.id)).toMatchObject({ archived: false });
    expect((await getWorkspace(school.id, teacherToken)).statusCode).toBe(404);
    expect((await getWorkspace(other.id, teacherToken)).statusCode).toBe(200);
    // The admin, too, is no longer a member there: nothing to archive a second time.
    expect((await archive(school.id, adminToken, `?role_id=${ROLE.admin}`)).statusCode).toBe(404);
    const own = await t.db.select().from(assignments).where(eq(assignments.workspaceId, school.id));
    expect(own.map((row) => [row.isActive, row.archived])).toEqual([
      [true, false],
      [true, false],
    ]);

    expect((await send('POST', `/api/workspaces/${school.id}/restore`, await rootToken())).statusCode).toBe(
      200,
    );
    expect((await assignmentsOf(teacherToken)).find((a) => a.workspaceId === school.id)?.archived).toBe(
      false,
    );
    expect((await getWorkspace(school.id, teacherToken)).statusCode).toBe(200);
  });

  it('answers 409 for a project that already is archived', async () => {
    const school = await buildWorkspace(t.db, { archived: true });
    const response = await archive(school.id, await rootToken(), '', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This cannot be done in the current state.',
      code: 'conflict',
    });
    expect(await auditOf(school.id, 'workspaces.archive')).toEqual([]);
  });

  it('answers 404 for a project that does not exist, and for ids that are not ids', async () => {
    const token = await rootToken();
    for (const id of ['2000000000', 'abc', '0']) {
      const response = await archive(id, token);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code, id).toBe('not_found');
    }
  });

  it('answers 404 to an admin of another project', async () => {
    const school = await buildWorkspace(t.db);
    const admin = await buildMember(t.db, await buildWorkspace(t.db), ['admin']);
    const response = await archive(school.id, await tokenFor(t.db, admin), `?role_id=${ROLE.admin}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    expect((await rowOf(school.id))?.archived).toBe(false);
  });

  it.each(['manager', 'moderator', 'author', 'teacher', 'diagnostician'] as const)(
    'answers 403 to a %s of the project',
    async (role) => {
      const school = await buildWorkspace(t.db);
      const response = await archive(school.id, await memberToken(role, school), `?role_id=${ROLE[role]}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
      expect((await rowOf(school.id))?.archived).toBe(false);
    },
  );

  it('answers 403 to an admin acting as manager, the role selected when none is named', async () => {
    const school = await buildWorkspace(t.db);
    const token = await memberToken('admin', school);
    for (const query of [`?role_id=${ROLE.manager}`, '']) {
      const response = await archive(school.id, token, query);
      expect(response.statusCode, query).toBe(403);
      expect(response.json().code, query).toBe('forbidden');
    }
  });

  it('answers 403 role_not_held to a manager naming the admin role', async () => {
    const school = await buildWorkspace(t.db);
    const response = await archive(school.id, await memberToken('manager', school), `?role_id=${ROLE.admin}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_not_held');
  });

  it('answers 422 for a role_id that is no role', async () => {
    const school = await buildWorkspace(t.db);
    const response = await archive(school.id, await memberToken('admin', school), '?role_id=99');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['role_id']);
  });

  it('answers 401 without a token', async () => {
    const school = await buildWorkspace(t.db);
    expect((await archive(school.id, null)).statusCode).toBe(401);
  });
});

describe('POST /api/workspaces/:workspaceId/restore', () => {
  const restore = (id: number | string, token: string | null, headers = {}) =>
    send('POST', `/api/workspaces/${id}/restore`, token, undefined, headers);

  it('lets root restore an archived project, and the audit log keeps it', async () => {
    const mark = tag();
    const school = await buildWorkspace(t.db, { title: `Back ${mark}`, archived: true });
    await buildMember(t.db, school, ['teacher']);
    const root = await buildUser(t.db, { isRoot: true });
    const token = await tokenFor(t.db, root);
    const response = await restore(school.id, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ workspaceId: school.id, archived: false, members: 1 });
    expect(titles(await send('GET', `/api/workspaces?term=${mark}`, token))).toEqual([`Back ${mark}`]);
    expect(titles(await send('GET', `/api/workspaces/archived?term=${mark}`, token))).toEqual([]);
    const [entry] = await auditOf(school.id, 'workspaces.restore');
    expect(entry).toMatchObject({ actorId: root.id, details: { title: school.title } });
  });

  it('keeps an assignment archived on its own archived', async () => {
    const school = await buildWorkspace(t.db, { archived: true });
    const member = await buildMember(t.db, school, ['teacher'], { archived: true });
    await addMembership(t.db, member, await buildWorkspace(t.db), ['author']);
    expect((await restore(school.id, await rootToken())).statusCode).toBe(200);
    expect((await getWorkspace(school.id, await tokenFor(t.db, member))).statusCode).toBe(404);
  });

  it('answers 409 for a project that is not archived', async () => {
    const school = await buildWorkspace(t.db);
    const response = await restore(school.id, await rootToken());
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('conflict');
    expect(await auditOf(school.id, 'workspaces.restore')).toEqual([]);
  });

  it('answers 404 for a project that does not exist, and for ids that are not ids', async () => {
    const token = await rootToken();
    for (const id of ['2000000000', 'abc', '0']) {
      const response = await restore(id, token);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code, id).toBe('not_found');
    }
  });

  it('answers 401 without a token', async () => {
    const school = await buildWorkspace(t.db, { archived: true });
    expect((await restore(school.id, null)).statusCode).toBe(401);
  });

  it.each(NOT_ROOT)('answers 403 to a %s of the project, even acting as such', async (role) => {
    const school = await buildWorkspace(t.db, { archived: true });
    const member = await buildMember(t.db, school, [role]);
    // Another project keeps the member signed in with a role somewhere.
    await addMembership(t.db, member, await buildWorkspace(t.db), [role]);
    const response = await send(
      'POST',
      `/api/workspaces/${school.id}/restore?role_id=${ROLE[role]}`,
      await tokenFor(t.db, member),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
    expect((await rowOf(school.id))?.archived).toBe(true);
  });
});
