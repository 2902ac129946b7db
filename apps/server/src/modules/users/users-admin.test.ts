import { randomBytes } from 'node:crypto';
import { PER_PAGE_MAX, ROLE, USERS_TERM_MAX, type ProjectUser, type RoleName } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.ts';
import { usersCsv } from './users-admin.service.ts';
import { assignments, auditLog, invitations, users, type WorkspaceRow } from '../../db/schema/index.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  addMembership,
  assignmentOf,
  buildMember,
  buildSignedInMember,
  buildUser,
  buildWorkspace,
  tokenFor,
  type Member,
} from '../../test/factories.ts';

const t = useTestApp();

/** A new project with an admin in it. */
async function projectWithAdmin(values: Parameters<typeof buildWorkspace>[1] = {}) {
  return buildSignedInMember(t.db, await buildWorkspace(t.db, values), 'admin');
}

const list = (caller: Member, query = '') => apiAs(t.app, caller).get('/api/users', { query });

const exportCsv = (caller: Member, query = '') =>
  apiAs(t.app, caller).get('/api/users/export.csv', { query });

const update = (caller: Member, payload: object, workspace = caller.workspace) =>
  apiAs(t.app, caller, { workspace }).put('/api/users/user', payload);

const removeRole = (caller: Member, payload: object, workspace = caller.workspace) =>
  apiAs(t.app, caller, { workspace }).post('/api/users/user/remove-role', payload);

const changeEnv = (token: string | null, payload: object) =>
  apiAs(t.app, null, { token }).post('/api/users/user/environment', payload);

/** A member of the project with a name of its own (to find it with `term`). */
const member = (workspace: WorkspaceRow, roles: RoleName[], user: Partial<typeof users.$inferInsert> = {}) =>
  buildMember(t.db, workspace, roles, { user });

/** A word that no other test's user has in its name or e-mail. */
const tag = () => `x${randomBytes(4).toString('hex')}`;

async function invite(
  workspace: WorkspaceRow,
  email: string,
  status: 'pending' | 'accepted',
  createdAt: Date,
) {
  await t.db.insert(invitations).values({
    workspaceId: workspace.id,
    email,
    roles: [ROLE.teacher],
    tokenHash: randomBytes(16).toString('hex'),
    status,
    expiresAt: new Date(Date.now() + 86_400_000),
    createdAt,
  });
}

const auditOf = (targetUserId: number) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetUserId, targetUserId)).orderBy(auditLog.id);

const checkToken = async (token: string) =>
  (await apiAs(t.app, null, { token }).get('/api/check-token')).json().data;

/** The roles that may not do an action, besides root-only ones. */
const NOT_LISTING = ['moderator', 'author', 'teacher', 'diagnostician'] as const;
const NOT_MANAGING = ['manager', 'moderator', 'author', 'teacher', 'diagnostician'] as const;

describe('GET /api/users', () => {
  it("lists the project's members with roles, status, invitation status and last sign-in", async () => {
    const admin = await projectWithAdmin();
    const { workspace } = admin;
    const word = tag();
    const anna = await member(workspace, ['teacher', 'author'], { name: `Anna ${word}` });
    const boris = await member(workspace, ['manager'], { name: `boris ${word}` });
    const clara = await member(workspace, ['diagnostician'], { name: `Clara ${word}` });
    // Not listed: a member of another project, and an archived assignment.
    await member(await buildWorkspace(t.db), ['teacher'], { name: `Elsewhere ${word}` });
    await buildMember(t.db, workspace, ['teacher'], { archived: true, user: { name: `Gone ${word}` } });

    await invite(workspace, anna.email, 'pending', new Date('2024-01-01T00:00:00Z'));
    await invite(workspace, anna.email, 'accepted', new Date('2024-02-01T00:00:00Z'));
    await invite(workspace, boris.email.toUpperCase(), 'accepted', new Date('2024-01-01T00:00:00Z'));
    await invite(workspace, boris.email, 'pending', new Date('2024-03-01T00:00:00Z'));
    // Another project's invitation does not count.
    await invite(await buildWorkspace(t.db), clara.email, 'pending', new Date('2024-03-01T00:00:00Z'));

    await tokenFor(t.db, anna);
    // Root signing in as Clara is not Clara signing in.
    await createSession(t.db, clara.id, 3600, { impersonatorId: admin.user.id });

    const response = await list(admin, `&term=${word}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = response.json() as { data: ProjectUser[]; meta: object };
    expect(meta).toEqual({ total: 3, page: 1, per_page: 20 });
    expect(data.map((row) => row.name)).toEqual([`Anna ${word}`, `boris ${word}`, `Clara ${word}`]);
    expect(data[0]).toEqual({
      id: anna.id,
      name: `Anna ${word}`,
      email: anna.email,
      roles: ['author', 'teacher'],
      status: 'active',
      invitation_status: 'accepted',
      last_sign_in_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Date.now() - Date.parse(data[0]!.last_sign_in_at!)).toBeLessThan(60_000);
    expect(data[1]).toMatchObject({
      roles: ['manager'],
      invitation_status: 'pending',
      last_sign_in_at: null,
    });
    expect(data[2]).toMatchObject({
      roles: ['diagnostician'],
      invitation_status: null,
      last_sign_in_at: null,
    });
  });

  it('shows deactivated members (in the project, or as users) and filters by status', async () => {
    const admin = await projectWithAdmin();
    const word = tag();
    const active = await member(admin.workspace, ['teacher'], { name: `A ${word}` });
    const inactiveHere = await buildMember(t.db, admin.workspace, ['teacher'], {
      isActive: false,
      user: { name: `B ${word}` },
    });
    const inactiveUser = await member(admin.workspace, ['teacher'], { name: `C ${word}`, isActive: false });

    const all = (await list(admin, `&term=${word}`)).json().data as ProjectUser[];
    expect(all.map((row) => [row.id, row.status])).toEqual([
      [active.id, 'active'],
      [inactiveHere.id, 'deactivated'],
      [inactiveUser.id, 'deactivated'],
    ]);
    const deactivated = (await list(admin, `&term=${word}&status=deactivated`)).json();
    expect(deactivated.data.map((row: ProjectUser) => row.id)).toEqual([inactiveHere.id, inactiveUser.id]);
    expect(deactivated.meta.total).toBe(2);
    const onlyActive = (await list(admin, `&term=${word}&status=active`)).json().data as ProjectUser[];
    expect(onlyActive.map((row) => row.id)).toEqual([active.id]);
  });

  it('searches names and e-mails ignoring case, with % and _ taken literally', async () => {
    const admin = await projectWithAdmin();
    const word = tag();
    const byName = await member(admin.workspace, ['teacher'], { name: `Olena ${word.toUpperCase()}` });
    const byEmail = await member(admin.workspace, ['teacher'], {
      name: 'Someone Else',
      email: `${word}.mail@example.test`,
    });
    const percent = await member(admin.workspace, ['teacher'], { name: `100% ${word}` });
    const underscore = await member(admin.workspace, ['teacher'], { name: `a_b ${word}` });
    await member(admin.workspace, ['teacher'], { name: `100x ${word}z` });
    await member(admin.workspace, ['teacher'], { name: `axb ${word}z` });

    const ids = async (term: string) =>
      ((await list(admin, `&term=${encodeURIComponent(term)}`)).json().data as ProjectUser[])
        .map((row) => row.id)
        .sort((a, b) => a - b);
    expect(await ids(word.toUpperCase())).toHaveLength(6);
    expect(await ids(`OLENA ${word}`)).toEqual([byName.id]);
    expect(await ids(`${word.toUpperCase()}.MAIL@`)).toEqual([byEmail.id]);
    expect(await ids(`0% ${word}`)).toEqual([percent.id]);
    expect(await ids(`a_b ${word}`)).toEqual([underscore.id]);
    expect(await ids(`  a_b ${word} `)).toEqual([underscore.id]);
    expect(await ids(`nobody ${word}`)).toEqual([]);
  });

  it('searches Cyrillic names ignoring case', async () => {
    const admin = await projectWithAdmin();
    const word = tag();
    const user = await member(admin.workspace, ['teacher'], { name: `Ірина Коваль ${word}` });
    const found = await list(admin, `&term=${encodeURIComponent(`іРИНА коваль ${word}`)}`);
    expect(found.json().data.map((row: ProjectUser) => row.id)).toEqual([user.id]);
  });

  it('sorts by name, e-mail or status, either way, and pages', async () => {
    const admin = await projectWithAdmin();
    const word = tag();
    const c = await member(admin.workspace, ['teacher'], { name: `c ${word}`, email: `a-${word}@x.test` });
    const a = await member(admin.workspace, ['teacher'], { name: `A ${word}`, email: `c-${word}@x.test` });
    const b = await buildMember(t.db, admin.workspace, ['teacher'], {
      isActive: false,
      user: { name: `b ${word}`, email: `b-${word}@x.test` },
    });
    const order = async (query: string) =>
      ((await list(admin, `&term=${word}${query}`)).json().data as ProjectUser[]).map((row) => row.id);
    expect(await order('')).toEqual([a.id, b.id, c.id]);
    expect(await order('&sort=name&order=desc')).toEqual([c.id, b.id, a.id]);
    expect(await order('&sort=email')).toEqual([c.id, b.id, a.id]);
    expect(await order('&sort=email&order=desc')).toEqual([a.id, b.id, c.id]);
    expect(await order('&sort=status')).toEqual([a.id, c.id, b.id]);
    expect(await order('&sort=status&order=desc')).toEqual([b.id, a.id, c.id]);

    const page2 = (await list(admin, `&term=${word}&per_page=2&page=2`)).json();
    expect(page2.data.map((row: ProjectUser) => row.id)).toEqual([c.id]);
    expect(page2.meta).toEqual({ total: 3, page: 2, per_page: 2 });
    const beyond = (await list(admin, `&term=${word}&per_page=2&page=3`)).json();
    expect(beyond).toEqual({ data: [], meta: { total: 3, page: 3, per_page: 2 } });
  });

  it('is open to a manager, an admin acting as manager, and root', async () => {
    const manager = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'manager');
    const teacher = await member(manager.workspace, ['teacher']);
    expect((await list(manager)).json().data.map((row: ProjectUser) => row.id)).toContain(teacher.id);
    const admin = await buildMember(t.db, manager.workspace, ['admin']);
    const asManager: Member = { ...manager, user: admin, token: await tokenFor(t.db, admin) };
    expect((await list(asManager)).statusCode).toBe(200);
    const root = await buildSignedInMember(t.db, manager.workspace, 'root');
    const byRoot = await list(root);
    expect(byRoot.statusCode).toBe(200);
    expect(byRoot.json().meta.total).toBe(3);
  });

  it('answers 401 without a token', async () => {
    const admin = await projectWithAdmin();
    const response = await apiAs(t.app, admin, { token: null }).get('/api/users');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(NOT_LISTING)('answers 403 to a %s', async (role) => {
    const caller = await buildSignedInMember(t.db, await buildWorkspace(t.db), role);
    const response = await list(caller);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });

  it("answers 403 for another project's list", async () => {
    const manager = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'manager');
    const other = await buildWorkspace(t.db);
    const response = await apiAs(t.app, manager, { workspace: other }).get('/api/users');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_not_held');
  });

  it.each([
    ['sort', '&sort=role'],
    ['order', '&order=up'],
    ['status', '&status=pending'],
    ['per_page', `&per_page=${PER_PAGE_MAX + 1}`],
    ['per_page', '&per_page=0'],
    ['page', '&page=0'],
    ['page', '&page=abc'],
    ['term', `&term=${'a'.repeat(USERS_TERM_MAX + 1)}`],
  ])('answers 422 for a wrong %s (%s)', async (field, query) => {
    const manager = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'manager');
    const response = await list(manager, query);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('answers 422 without workspace_id or role_id', async () => {
    const manager = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'manager');
    const noProject = await apiAs(t.app, manager).get('/api/users', { workspace: null });
    expect(noProject.statusCode).toBe(422);
    expect(Object.keys(noProject.json().errors)).toEqual(['workspace_id']);
    const noRole = await apiAs(t.app, manager).get('/api/users', { roleId: null });
    expect(noRole.statusCode).toBe(422);
    expect(Object.keys(noRole.json().errors)).toEqual(['role_id']);
  });
});

describe('GET /api/users/export.csv', () => {
  const BOM = '\uFEFF';

  it('answers the list as CSV: BOM, header from the keys, empty nulls, quoted commas, quotes and newlines', async () => {
    const admin = await projectWithAdmin({ title: 'Export School' });
    const word = tag();
    const plain = await member(admin.workspace, ['teacher', 'author'], {
      name: `Anna ${word}`,
      email: `anna-${word}@example.test`,
    });
    const comma = await member(admin.workspace, ['manager'], {
      name: `Bondar, Ірина ${word}`,
      email: `bondar-${word}@example.test`,
    });
    const quotes = await member(admin.workspace, ['teacher'], {
      name: `Chorna "Kit" ${word}`,
      email: `chorna-${word}@example.test`,
    });
    const newline = await buildMember(t.db, admin.workspace, ['teacher'], {
      isActive: false,
      user: { name: `Dmytro\nLine ${word}`, email: `dmytro-${word}@example.test` },
    });
    await invite(admin.workspace, plain.email, 'accepted', new Date());
    await tokenFor(t.db, plain);
    const signedIn = ((await list(admin, `&term=${word}`)).json().data as ProjectUser[])[0]!.last_sign_in_at;

    const response = await exportCsv(admin, `&term=${word}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="users-Export School.csv"; filename*=UTF-8''users-Export%20School.csv`,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body).toBe(
      BOM +
        'id,name,email,roles,status,invitation_status,last_sign_in_at\r\n' +
        `${plain.id},Anna ${word},${plain.email},"author, teacher",active,accepted,${signedIn}\r\n` +
        `${comma.id},"Bondar, Ірина ${word}",${comma.email},manager,active,,\r\n` +
        `${quotes.id},"Chorna ""Kit"" ${word}",${quotes.email},teacher,active,,\r\n` +
        `${newline.id},"Dmytro\nLine ${word}",${newline.email},teacher,deactivated,,\r\n`,
    );
  });

  it('has every page of the list, with its filters and order', async () => {
    const admin = await projectWithAdmin();
    const word = tag();
    for (let i = 0; i < 23; i += 1) {
      await member(admin.workspace, ['teacher'], { name: `Member ${String(i).padStart(2, '0')} ${word}` });
    }
    const csv = (await exportCsv(admin, `&term=${word}&sort=name&order=desc`)).body;
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(24);
    const listed = (await list(admin, `&term=${word}&sort=name&order=desc&per_page=100`)).json().data;
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(
      listed.map((row: ProjectUser) => row.id),
    );
    expect(lines[1]).toContain(`Member 22 ${word}`);
  });

  it('writes a cell that would start a formula as text', async () => {
    const admin = await projectWithAdmin();
    const word = tag();
    const user = await member(admin.workspace, ['teacher'], { name: `=HYPERLINK("x") ${word}` });
    const csv = (await exportCsv(admin, `&term=${word}`)).body;
    expect(csv).toContain(`${user.id},"'=HYPERLINK(""x"") ${word}",`);
  });

  it('is empty but for the BOM when no user matches', async () => {
    const admin = await projectWithAdmin();
    const response = await exportCsv(admin, `&term=${tag()}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(BOM);
  });

  it('names the file after the project, keeping the plain name ASCII', async () => {
    const admin = await projectWithAdmin({ title: `Школа "Зірка" ${tag()}` });
    const disposition = (await exportCsv(admin)).headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="users-_____ _______ x[0-9a-f]{8}\.csv"; /);
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent(`users-${admin.workspace.title}.csv`)}`,
    );
  });

  it('answers 401 without a token, 403 to roles that may not list, 422 for a wrong filter', async () => {
    const workspace = await buildWorkspace(t.db);
    const unauthenticated = await apiAs(t.app, null).get(
      `/api/users/export.csv?workspace_id=${workspace.id}`,
    );
    expect(unauthenticated.statusCode).toBe(401);
    for (const role of NOT_LISTING) {
      const response = await exportCsv(await buildSignedInMember(t.db, workspace, role));
      expect(response.statusCode, role).toBe(403);
      expect(response.json().code, role).toBe('forbidden');
    }
    const manager = await buildSignedInMember(t.db, workspace, 'manager');
    expect((await exportCsv(manager)).statusCode).toBe(200);
    const wrong = await exportCsv(manager, '&sort=nope');
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['sort']);
  });
});

describe('PUT /api/users/user', () => {
  it("replaces a member's roles, answers the row, and check-token shows them", async () => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['teacher']);
    const targetToken = await tokenFor(t.db, target);
    const response = await update(admin, { user_id: target.id, roles: ['moderator', 'author', 'teacher'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: target.id,
      roles: ['moderator', 'author', 'teacher'],
      status: 'active',
    });
    expect((await assignmentOf(t.db, target.id, admin.workspace.id))?.roles).toEqual([
      ROLE.moderator,
      ROLE.author,
      ROLE.teacher,
    ]);
    const user = await checkToken(targetToken);
    expect(user.assignments[0].roles).toEqual(['moderator', 'author', 'teacher']);

    const [entry] = await auditOf(target.id);
    expect(entry).toMatchObject({
      action: 'users.update',
      actorId: admin.user.id,
      workspaceId: admin.workspace.id,
      details: {
        changes: { roles: { from: ['teacher'], to: ['moderator', 'author', 'teacher'] } },
        role: 'admin',
      },
    });
  });

  it('deactivates a member at once: their next request in the project is refused; activating restores it', async () => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['teacher']);
    const targetToken = await tokenFor(t.db, target);
    const students = () =>
      apiAs(t.app, null, { token: targetToken, workspace: admin.workspace, roleId: ROLE.teacher }).get(
        '/api/clients',
      );
    expect((await students()).statusCode).toBe(200);

    const response = await update(admin, { user_id: target.id, is_active: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: target.id, status: 'deactivated', roles: ['teacher'] });
    const refused = await students();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_not_held');
    expect((await checkToken(targetToken)).assignments[0]).toMatchObject({ isActive: false });

    const again = await update(admin, { user_id: target.id, is_active: true });
    expect(again.json().data.status).toBe('active');
    expect((await students()).statusCode).toBe(200);
    expect((await auditOf(target.id)).map((entry) => entry.details)).toEqual([
      { changes: { is_active: { from: true, to: false } }, role: 'admin' },
      { changes: { is_active: { from: false, to: true } }, role: 'admin' },
    ]);
  });

  it('changes roles and status together; a change to nothing writes no audit entry', async () => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['teacher', 'author']);
    const same = await update(admin, { user_id: target.id, roles: ['author', 'teacher'], is_active: true });
    expect(same.statusCode).toBe(200);
    expect(await auditOf(target.id)).toEqual([]);
    const empty = await update(admin, { user_id: target.id });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.roles).toEqual(['author', 'teacher']);
    expect(await auditOf(target.id)).toEqual([]);

    const both = await update(admin, { user_id: target.id, roles: ['admin'], is_active: false });
    expect(both.json().data).toMatchObject({ roles: ['admin'], status: 'deactivated' });
    expect(await auditOf(target.id)).toHaveLength(1);
  });

  it('is open to root', async () => {
    const workspace = await buildWorkspace(t.db);
    const root = await buildSignedInMember(t.db, workspace, 'root');
    const target = await member(workspace, ['teacher']);
    const response = await update(root, { user_id: target.id, roles: ['diagnostician'] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.roles).toEqual(['diagnostician']);
  });

  it('refuses an admin deactivating themselves, or dropping their own admin role, with 409', async () => {
    const admin = await projectWithAdmin();
    const deactivate = await update(admin, { user_id: admin.user.id, is_active: false });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json()).toMatchObject({
      code: 'conflict',
      errors: { is_active: ['You cannot deactivate yourself.'] },
    });
    const demote = await update(admin, { user_id: admin.user.id, roles: ['manager'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().errors).toEqual({ roles: ['You cannot remove your own admin role.'] });
    expect(await assignmentOf(t.db, admin.user.id, admin.workspace.id)).toMatchObject({
      roles: [ROLE.admin],
      isActive: true,
    });
    // Adding roles while keeping admin is fine.
    const more = await update(admin, {
      user_id: admin.user.id,
      roles: ['admin', 'teacher'],
      is_active: true,
    });
    expect(more.statusCode).toBe(200);
    expect(more.json().data.roles).toEqual(['teacher', 'admin']);
  });

  it('answers 404 for a user of another project, an unknown user and an archived membership', async () => {
    const admin = await projectWithAdmin();
    const stranger = await member(await buildWorkspace(t.db), ['teacher']);
    const archived = await buildMember(t.db, admin.workspace, ['teacher'], { archived: true });
    for (const userId of [stranger.id, archived.id, 2_000_000_000]) {
      const response = await update(admin, { user_id: userId, is_active: false });
      expect(response.statusCode, String(userId)).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    const [row] = await t.db.select().from(assignments).where(eq(assignments.userId, stranger.id));
    expect(row!.isActive).toBe(true);
  });

  it('answers 401 without a token', async () => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['teacher']);
    const response = await apiAs(t.app, admin, { token: null }).put('/api/users/user', {
      user_id: target.id,
      is_active: false,
    });
    expect(response.statusCode).toBe(401);
    expect((await assignmentOf(t.db, target.id, admin.workspace.id))?.isActive).toBe(true);
  });

  it.each(NOT_MANAGING)('answers 403 to a %s', async (role) => {
    const caller = await buildSignedInMember(t.db, await buildWorkspace(t.db), role);
    const target = await member(caller.workspace, ['teacher']);
    const response = await update(caller, { user_id: target.id, is_active: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
    expect((await assignmentOf(t.db, target.id, caller.workspace.id))?.isActive).toBe(true);
  });

  it.each([
    ['roles', { roles: [] }],
    ['roles.0', { roles: ['root'] }],
    ['roles.0', { roles: ['headmaster'] }],
    ['roles', { roles: ['teacher', 'teacher'] }],
    ['roles', { roles: 'teacher' }],
    ['is_active', { is_active: 'no' }],
    ['colour', { colour: 'red' }],
    ['user_id', { user_id: undefined, is_active: false }],
    ['user_id', { user_id: 'abc' }],
    ['user_id', { user_id: 0 }],
  ])('answers 422 for a wrong %s', async (field, body) => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['teacher']);
    const response = await update(admin, { user_id: target.id, ...body });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toEqual([field]);
    expect((await assignmentOf(t.db, target.id, admin.workspace.id))?.roles).toEqual([ROLE.teacher]);
  });

  it('says "choose at least one" for no roles', async () => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['teacher']);
    const response = await update(admin, { user_id: target.id, roles: [] });
    expect(response.json().errors.roles).toEqual(['Choose at least 1 option.']);
  });
});

describe('POST /api/users/user/remove-role', () => {
  it('takes one role and writes the audit log', async () => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['author', 'teacher']);
    const response = await removeRole(admin, { user_id: target.id, role: 'author' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: target.id, roles: ['teacher'], status: 'active' });
    expect((await assignmentOf(t.db, target.id, admin.workspace.id))?.roles).toEqual([ROLE.teacher]);
    const [entry] = await auditOf(target.id);
    expect(entry).toMatchObject({
      action: 'users.remove_role',
      actorId: admin.user.id,
      workspaceId: admin.workspace.id,
      details: { removed: 'author', roles: ['teacher'], role: 'admin' },
    });
  });

  it('lets an admin drop a role of their own other than admin', async () => {
    const admin = await projectWithAdmin();
    await t.db
      .update(assignments)
      .set({ roles: [ROLE.admin, ROLE.teacher] })
      .where(eq(assignments.userId, admin.user.id));
    const response = await removeRole(admin, { user_id: admin.user.id, role: 'teacher' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.roles).toEqual(['admin']);
  });

  it('refuses the last role with 409 and a field message in the caller’s language', async () => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['teacher']);
    const response = await removeRole(admin, { user_id: target.id, role: 'teacher' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'conflict',
      errors: { role: ['The last role of a user cannot be removed.'] },
    });
    const ru = await apiAs(t.app, admin).post(
      '/api/users/user/remove-role',
      { user_id: target.id, role: 'teacher' },
      { lang: 'ru' },
    );
    expect(ru.json().errors.role).toEqual(['Последнюю роль пользователя нельзя удалить.']);
    expect((await assignmentOf(t.db, target.id, admin.workspace.id))?.roles).toEqual([ROLE.teacher]);
    expect(await auditOf(target.id)).toEqual([]);
  });

  it('refuses a role the user does not hold with 409', async () => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['teacher', 'author']);
    const response = await removeRole(admin, { user_id: target.id, role: 'moderator' });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ role: ['The user does not have this role in the project.'] });
  });

  it('refuses an admin removing their own admin role with 409', async () => {
    const admin = await projectWithAdmin();
    await t.db
      .update(assignments)
      .set({ roles: [ROLE.admin, ROLE.teacher] })
      .where(eq(assignments.userId, admin.user.id));
    const response = await removeRole(admin, { user_id: admin.user.id, role: 'admin' });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ role: ['You cannot remove your own admin role.'] });
  });

  it('answers 404 for a user of another project and an unknown user', async () => {
    const admin = await projectWithAdmin();
    const stranger = await member(await buildWorkspace(t.db), ['teacher', 'author']);
    for (const userId of [stranger.id, 2_000_000_000]) {
      const response = await removeRole(admin, { user_id: userId, role: 'author' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    const [row] = await t.db.select().from(assignments).where(eq(assignments.userId, stranger.id));
    expect(row!.roles).toEqual([ROLE.teacher, ROLE.author]);
  });

  it('answers 401 without a token', async () => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['teacher', 'author']);
    const response = await apiAs(t.app, admin, { token: null }).post('/api/users/user/remove-role', {
      user_id: target.id,
      role: 'author',
    });
    expect(response.statusCode).toBe(401);
  });

  it.each(NOT_MANAGING)('answers 403 to a %s', async (role) => {
    const caller = await buildSignedInMember(t.db, await buildWorkspace(t.db), role);
    const target = await member(caller.workspace, ['teacher', 'author']);
    const response = await removeRole(caller, { user_id: target.id, role: 'author' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });

  it.each([
    ['role', { role: undefined }],
    ['role', { role: 'root' }],
    ['role', { role: 'headmaster' }],
    ['role', { role: ['author'] }],
    ['user_id', { user_id: undefined }],
    ['user_id', { user_id: -1 }],
    ['colour', { colour: 'red' }],
  ])('answers 422 for a wrong %s', async (field, body) => {
    const admin = await projectWithAdmin();
    const target = await member(admin.workspace, ['teacher', 'author']);
    const response = await removeRole(admin, { user_id: target.id, role: 'author', ...body });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([field]);
    expect((await assignmentOf(t.db, target.id, admin.workspace.id))?.roles).toEqual([
      ROLE.teacher,
      ROLE.author,
    ]);
  });
});

describe('usersCsv', () => {
  it('quotes a cell with a lone carriage return or line feed', () => {
    const row: ProjectUser = {
      id: 1,
      name: 'A\rB',
      email: 'c\nd@x.test',
      roles: [],
      status: 'active',
      invitation_status: null,
      last_sign_in_at: null,
    };
    expect(usersCsv([row])).toBe(
      '\uFEFFid,name,email,roles,status,invitation_status,last_sign_in_at\r\n1,"A\rB","c\nd@x.test",,active,,\r\n',
    );
  });
});

describe('POST /api/users/user/environment', () => {
  it("lets root change a user's environment, which check-token then shows", async () => {
    const root = await buildUser(t.db, { isRoot: true });
    const rootToken = await tokenFor(t.db, root);
    const target = await member(await buildWorkspace(t.db), ['teacher'], { envId: 1 });
    const response = await changeEnv(rootToken, { user_id: target.id, env_id: 3 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      id: target.id,
      email: target.email,
      name: target.name,
      env_id: 3,
    });
    expect((await checkToken(await tokenFor(t.db, target))).env_id).toBe(3);
    const [entry] = await auditOf(target.id);
    expect(entry).toMatchObject({
      action: 'users.change_environment',
      actorId: root.id,
      workspaceId: null,
      details: { email: target.email, from: 1, to: 3 },
    });
    // The same environment again changes nothing and writes nothing.
    expect((await changeEnv(rootToken, { user_id: target.id, env_id: 3 })).statusCode).toBe(200);
    expect(await auditOf(target.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown user', async () => {
    const root = await buildUser(t.db, { isRoot: true });
    const response = await changeEnv(await tokenFor(t.db, root), { user_id: 2_000_000_000, env_id: 2 });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it('answers 401 without a token', async () => {
    const target = await buildUser(t.db);
    expect((await changeEnv(null, { user_id: target.id, env_id: 2 })).statusCode).toBe(401);
  });

  it.each(['admin', 'manager', 'moderator', 'author', 'teacher', 'diagnostician'] as const)(
    'answers 403 to a %s',
    async (role) => {
      const caller = await buildSignedInMember(t.db, await buildWorkspace(t.db), role);
      const target = await member(caller.workspace, ['teacher']);
      const response = await changeEnv(caller.token, { user_id: target.id, env_id: 2 });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
      const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
      expect(row!.envId).toBe(1);
    },
  );

  it.each([
    ['env_id', { env_id: 0 }],
    ['env_id', { env_id: 1.5 }],
    ['env_id', { env_id: '2' }],
    ['env_id', { env_id: undefined }],
    ['user_id', { user_id: undefined }],
    ['colour', { colour: 'red' }],
  ])('answers 422 for a wrong %s', async (field, body) => {
    const root = await buildUser(t.db, { isRoot: true });
    const target = await buildUser(t.db);
    const response = await changeEnv(await tokenFor(t.db, root), { user_id: target.id, env_id: 2, ...body });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });
});

describe('a member of two projects', () => {
  it('is deactivated and changed only in the project the admin acts in', async () => {
    const admin = await projectWithAdmin();
    const other = await buildWorkspace(t.db);
    const target = await member(admin.workspace, ['teacher', 'author']);
    await addMembership(t.db, target, other, ['teacher', 'author']);
    await update(admin, { user_id: target.id, is_active: false });
    await removeRole(admin, { user_id: target.id, role: 'author' });
    expect(await assignmentOf(t.db, target.id, admin.workspace.id)).toMatchObject({
      isActive: false,
      roles: [ROLE.teacher],
    });
    expect(await assignmentOf(t.db, target.id, other.id)).toMatchObject({
      isActive: true,
      roles: [ROLE.teacher, ROLE.author],
    });
  });
});
