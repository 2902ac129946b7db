import { randomBytes } from 'node:crypto';
import {
  INVITATION_TOKEN_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLE,
  type Language,
  type RoleName,
} from '@logoschool/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { hashToken } from '../../auth/tokens.ts';
import { auditLog, invitations, mails } from '../../db/schema/index.ts';
import { CATALOGUES, text } from '../../i18n/index.ts';
import { HIDDEN } from '../../mail/mailer.ts';
import { escapeHtml } from '../../mail/compose.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import { apiAs } from '../../test/api.ts';
import {
  addMembership,
  assignmentOf,
  buildMember,
  buildSignedInMember,
  buildUser,
  buildWorkspace,
  tokenFor,
  TEST_PASSWORD,
  type Member,
} from '../../test/factories.ts';
import { startSmtpServer, unreachableSmtpUrl, type TestSmtpServer } from '../../test/smtp.ts';

const WEB_ORIGIN = 'http://localhost:5173';
const t = useTestApp({ CORS_ORIGINS: WEB_ORIGIN });

/**
 * Another app on this file's database with its own configuration (an SMTP server, small limits),
 * for the tests of the enclosing describe. `env` is read when the app is built.
 */
function useOtherApp(env: () => Record<string, string>) {
  const context = {} as { app: App };
  beforeAll(async () => {
    context.app = await buildApp({ config: testConfig(env()), database: t.testDb.database });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
  });
  return context;
}

/** A new project with a manager in it, named so that mails and answers can be told. */
async function projectWithManager(values: Parameters<typeof buildWorkspace>[1] = {}) {
  return buildSignedInMember(t.db, await buildWorkspace(t.db, values), 'manager', { name: 'The manager' });
}

/** An address nobody else in this file uses. */
const newEmail = () => `invitee-${randomBytes(5).toString('hex')}@example.test`;

const invite = (caller: Member, payload: Record<string, unknown> = {}, app: App = t.app) =>
  apiAs(app, caller).post('/api/invitations/invite', {
    email: newEmail(),
    workspace_id: caller.workspace.id,
    roles: ['teacher'],
    ...payload,
  });

const resend = (caller: Member, invitationId: number | string, workspace = caller.workspace) =>
  apiAs(t.app, caller, { workspace }).post('/api/invitations/invite/send', { invitation_id: invitationId });

const cancel = (caller: Member, invitationId: number | string, workspace = caller.workspace) =>
  apiAs(t.app, caller, { workspace }).delete(`/api/invitations/${invitationId}`);

const addExisting = (caller: Member, payload: Record<string, unknown>) =>
  apiAs(t.app, caller).post('/api/invitations/invite/existing-user', {
    workspace_id: caller.workspace.id,
    roles: ['teacher'],
    ...payload,
  });

const list = (caller: Member, query = '') => apiAs(t.app, caller).get('/api/invitations', { query });

const preview = (token: string, lang = 'en', app: App = t.app) =>
  apiAs(app, null).get(`/api/invitations/invite/accept?token=${encodeURIComponent(token)}`, { lang });

const accept = (payload: Record<string, unknown>, lang = 'en', app: App = t.app) =>
  apiAs(app, null).post(
    '/api/invitations/invite/accept',
    {
      name: 'New Teacher',
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
      ...payload,
    },
    { lang },
  );

const acceptSigningIn = (payload: Record<string, unknown>, lang = 'en', app: App = t.app) =>
  apiAs(app, null).post('/api/invitations/invite/accept/sign-in', payload, { lang });

const login = (email: string, password: string, app: App = t.app) =>
  apiAs(app, null).post('/api/login', { email, password });

/** The newest mail kept for an address. */
async function lastMailTo(email: string) {
  const [mail] = await t.db.select().from(mails).where(eq(mails.to, email)).orderBy(desc(mails.id)).limit(1);
  return mail!;
}

/** An invitation's link: `/accept-invite`, or `/accept-new-role` in the mail to an account's owner. */
const LINK = /(https?:\/\/[^\s"<>]+)\/accept-(?:invite|new-role)\?token=([\w-]+)/;

/** The link of an invitation mail: its base address and its token. */
function linkIn(text: string) {
  const match = LINK.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return { base: match[1]!, token: decodeURIComponent(match[2]!) };
}

const tokenMailedTo = async (email: string) => linkIn((await lastMailTo(email)).text).token;

async function invitationRow(id: number) {
  const [row] = await t.db.select().from(invitations).where(eq(invitations.id, id));
  return row;
}

/** Moves an invitation's expiry into the past, as time would. */
const expire = (id: number) =>
  t.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invitations.id, id));

const auditOf = (action: string, workspaceId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.workspaceId, workspaceId)))
    .orderBy(auditLog.id);

/** An invitation made through the API: its id, address and mailed token. */
async function invited(caller: Member, roles: RoleName[] = ['teacher']) {
  const email = newEmail();
  const response = await invite(caller, { email, roles });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data.id as number, email, token: await tokenMailedTo(email) };
}

const registrationFailed = (lang: Language) => text(lang, 'alternatives.registrationFailed');
/** The start of the sign-in variant's "how to accept", up to its first placeholder. */
const HOW_EXISTING = CATALOGUES.en.mail.invite.howExisting.split('{{')[0]!;
const NOT_INVITING = ['moderator', 'author', 'teacher', 'diagnostician'] as const;

describe('POST /api/invitations/invite', () => {
  it('invites an address, keeps only the hash of its token and puts the mail in the outbox', async () => {
    const manager = await projectWithManager({ title: 'Sunny school' });
    const email = newEmail();
    const response = await invite(manager, {
      email: `  ${email.toUpperCase()} `,
      roles: ['teacher', 'author'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      workspace_id: manager.workspace.id,
      email,
      roles: ['author', 'teacher'],
      status: 'pending',
      invited_by: { id: manager.user.id, name: 'The manager' },
      accepted_at: null,
      mail_delivered: false,
      mail_delivery: 'outbox',
    });
    expect(data.sent_at).not.toBeNull();
    const expiresIn = Date.parse(data.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);

    const mail = await lastMailTo(email);
    expect(mail).toMatchObject({ delivery: 'outbox', error: null });
    expect(mail.subject).toBe('Invitation to the project “Sunny school” on Logoschool');
    expect(mail.text).toContain('The manager invites you to the project “Sunny school”');
    expect(mail.text).toContain('Author, Speech therapist');
    const { base, token } = linkIn(mail.text);
    expect(base).toBe('http://localhost:80');
    expect(mail.html).toContain(`/accept-invite?token=${token}`);
    // The mail reached nobody: the inviter gets its link to pass on themselves.
    expect(data.invitation_link).toBe(`${base}/accept-invite?token=${token}`);
    const row = await invitationRow(data.id);
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(row?.tokenHash).not.toContain(token);

    const [entry] = await auditOf('invitations.invite', manager.workspace.id);
    expect(entry).toMatchObject({ actorId: manager.user.id, ip: '127.0.0.1' });
    expect(entry?.details).toMatchObject({ invitation_id: data.id, email, roles: ['teacher', 'author'] });
  });

  it('lets root and an admin invite, and an admin acting as manager', async () => {
    const workspace = await buildWorkspace(t.db);
    for (const role of ['root', 'admin'] as const) {
      const response = await invite(await buildSignedInMember(t.db, workspace, role));
      expect(response.statusCode, role).toBe(201);
    }
    const admin = await buildSignedInMember(t.db, workspace, 'admin');
    expect((await invite({ ...admin, roleId: ROLE.manager })).statusCode).toBe(201);
  });

  it('answers 401 without a token', async () => {
    const manager = await projectWithManager();
    const response = await invite({ ...manager, token: '' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(NOT_INVITING)('answers 403 to a %s', async (role) => {
    const caller = await buildSignedInMember(t.db, await buildWorkspace(t.db), role);
    const response = await invite(caller);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });

  it('refuses another project (403: no role held there)', async () => {
    const manager = await projectWithManager();
    const other = await buildWorkspace(t.db);
    const response = await apiAs(t.app, manager, { workspace: other }).post('/api/invitations/invite', {
      email: newEmail(),
      workspace_id: other.id,
      roles: ['teacher'],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_not_held');
  });

  it('renews a pending invitation of the same address instead of doubling it', async () => {
    const manager = await projectWithManager();
    const first = await invited(manager, ['teacher']);
    await expire(first.id);
    const again = await invite(manager, { email: first.email, roles: ['moderator'] });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ id: first.id, roles: ['moderator'], status: 'pending' });
    const rows = await t.db.select().from(invitations).where(eq(invitations.email, first.email));
    expect(rows).toHaveLength(1);
    const token = await tokenMailedTo(first.email);
    expect(token).not.toBe(first.token);
    expect(again.json().data.invitation_link).toMatch(new RegExp(`/accept-invite\\?token=${token}$`));
    expect((await preview(first.token)).statusCode).toBe(404);
    expect((await preview(token)).json().data.roles).toEqual(['moderator']);
    const entries = await auditOf('invitations.invite', manager.workspace.id);
    expect(entries.map((entry) => (entry.details as { renewed: boolean }).renewed)).toEqual([false, true]);
  });

  it('invites the same address to two projects separately', async () => {
    const email = newEmail();
    for (const manager of [await projectWithManager(), await projectWithManager()]) {
      expect((await invite(manager, { email })).statusCode).toBe(201);
    }
    expect(await t.db.select().from(invitations).where(eq(invitations.email, email))).toHaveLength(2);
  });

  it.each([
    ['a bad e-mail', { email: 'not-an-email' }, 'email'],
    ['no e-mail', { email: undefined }, 'email'],
    ['no roles', { roles: [] }, 'roles'],
    ['the root role', { roles: ['root'] }, 'roles.0'],
    ['an unknown role', { roles: ['janitor'] }, 'roles.0'],
    ['a repeated role', { roles: ['teacher', 'teacher'] }, 'roles'],
    ['an unknown field', { extra: 1 }, 'extra'],
    ['an unknown project', { workspace_id: 2_000_000_000 }, 'workspace_id'],
  ])('answers 422 for %s', async (_case, payload, field) => {
    const manager = await projectWithManager();
    const response = await invite(manager, payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('answers 422 naming the project acted in when the body names another', async () => {
    const manager = await projectWithManager();
    await addMembership(t.db, manager.user, await buildWorkspace(t.db), ['manager']);
    const other = await buildWorkspace(t.db);
    const response = await invite(manager, { workspace_id: other.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.workspace_id).toEqual([
      `Must be the project of the request address (${manager.workspace.id}).`,
    ]);
  });

  it('answers 403 when root names a project that does not exist', async () => {
    const root = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'root');
    const missing = { ...root.workspace, id: 2_000_000_000 };
    const response = await invite({ ...root, workspace: missing });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('role_not_held');
  });

  it('refuses to invite into an archived project (409)', async () => {
    const root = await buildSignedInMember(t.db, await buildWorkspace(t.db, { archived: true }), 'root');
    const response = await invite(root);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ workspace_id: ['The project is archived.'] });
  });

  it('writes the mail in the language of the request', async () => {
    const manager = await projectWithManager({ title: 'Сонечко' });
    const email = newEmail();
    const response = await apiAs(t.app, manager).post(
      '/api/invitations/invite',
      { email, workspace_id: manager.workspace.id, roles: ['teacher'] },
      { lang: 'uk-UA,uk;q=0.9' },
    );
    expect(response.statusCode).toBe(201);
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Запрошення до проєкту «Сонечко» у Logoschool');
    expect(mail.text).toContain(text('uk', 'mail.invite.action'));
    expect(mail.text).toContain('Логопед');
    expect(mail.html).toContain('<html lang="uk">');
  });

  it('links to the web page the request came from when the API lets that origin in', async () => {
    const manager = await projectWithManager();
    const email = newEmail();
    await apiAs(t.app, manager).post(
      '/api/invitations/invite',
      { email, workspace_id: manager.workspace.id, roles: ['teacher'] },
      { headers: { origin: WEB_ORIGIN } },
    );
    expect(linkIn((await lastMailTo(email)).text).base).toBe(WEB_ORIGIN);
    const other = newEmail();
    await apiAs(t.app, manager).post(
      '/api/invitations/invite',
      { email: other, workspace_id: manager.workspace.id, roles: ['teacher'] },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(linkIn((await lastMailTo(other)).text).base).toBe('http://localhost:80');
  });
});

describe('POST /api/invitations/invite/send', () => {
  it('mails the invitation again with a new link and expiry; the old link stops working', async () => {
    const manager = await projectWithManager();
    const first = await invited(manager);
    await expire(first.id);
    expect((await list(manager)).json().data[0].status).toBe('expired');
    const response = await resend(manager, first.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: first.id,
      status: 'pending',
      mail_delivered: false,
      mail_delivery: 'outbox',
    });
    expect(Date.parse(response.json().data.expires_at)).toBeGreaterThan(Date.now());
    const token = await tokenMailedTo(first.email);
    expect(token).not.toBe(first.token);
    expect(response.json().data.invitation_link).toMatch(new RegExp(`/accept-invite\\?token=${token}$`));
    expect((await preview(first.token)).statusCode).toBe(404);
    expect((await preview(token)).statusCode).toBe(200);
    const [entry] = await auditOf('invitations.resend', manager.workspace.id);
    expect(entry?.details).toMatchObject({ invitation_id: first.id, email: first.email });
  });

  it('lets root resend', async () => {
    const manager = await projectWithManager();
    const { id } = await invited(manager);
    const root = await buildSignedInMember(t.db, manager.workspace, 'root');
    expect((await resend(root, id)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const manager = await projectWithManager();
    const { id } = await invited(manager);
    expect((await resend({ ...manager, token: '' }, id)).statusCode).toBe(401);
  });

  it.each(NOT_INVITING)('answers 403 to a %s', async (role) => {
    const manager = await projectWithManager();
    const { id } = await invited(manager);
    const response = await resend(await buildSignedInMember(t.db, manager.workspace, role), id);
    expect(response.statusCode).toBe(403);
  });

  it("answers 404 for another project's invitation and for none", async () => {
    const manager = await projectWithManager();
    const theirs = await invited(await projectWithManager());
    for (const id of [theirs.id, 2_000_000_000]) {
      const response = await resend(manager, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    expect(await tokenMailedTo(theirs.email)).toBe(theirs.token);
  });

  it('answers 409 for an accepted invitation', async () => {
    const manager = await projectWithManager();
    const { id, token } = await invited(manager);
    expect((await accept({ token })).statusCode).toBe(201);
    const response = await resend(manager, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('invitation_accepted');
  });

  it('mails the sign-in variant when the address has meanwhile got an account', async () => {
    const manager = await projectWithManager();
    const { id, email } = await invited(manager);
    await buildUser(t.db, { email });
    const response = await resend(manager, id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await lastMailTo(email)).text).toContain(HOW_EXISTING);
  });

  it('answers 409 already_member when the address has meanwhile joined the project', async () => {
    const manager = await projectWithManager();
    const { id, email } = await invited(manager);
    await buildMember(t.db, manager.workspace, ['teacher'], { user: { email } });
    const response = await resend(manager, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('already_member');
  });

  it.each([['abc'], [0], [null]])('answers 422 for invitation_id %j', async (id) => {
    const manager = await projectWithManager();
    const response = await resend(manager, id as number);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['invitation_id']);
  });
});

describe('DELETE /api/invitations/:invitationId', () => {
  it('cancels a pending invitation: it leaves the list and its link stops working', async () => {
    const manager = await projectWithManager();
    const { id, email, token } = await invited(manager, ['author']);
    const response = await cancel(manager, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id } });
    expect(await invitationRow(id)).toBeUndefined();
    expect((await list(manager)).json().data).toEqual([]);
    expect((await preview(token)).statusCode).toBe(404);
    const [entry] = await auditOf('invitations.cancel', manager.workspace.id);
    expect(entry?.details).toMatchObject({ invitation_id: id, email, roles: ['author'] });
    expect((await cancel(manager, id)).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const manager = await projectWithManager();
    const { id } = await invited(manager);
    expect((await cancel({ ...manager, token: '' }, id)).statusCode).toBe(401);
  });

  it.each(NOT_INVITING)('answers 403 to a %s', async (role) => {
    const manager = await projectWithManager();
    const { id } = await invited(manager);
    expect((await cancel(await buildSignedInMember(t.db, manager.workspace, role), id)).statusCode).toBe(403);
    expect(await invitationRow(id)).toBeDefined();
  });

  it("answers 404 for another project's invitation and for an id that is none", async () => {
    const manager = await projectWithManager();
    const theirs = await invited(await projectWithManager());
    for (const id of [theirs.id, 'abc', 0]) {
      const response = await cancel(manager, id);
      expect(response.statusCode, String(id)).toBe(404);
    }
    expect(await invitationRow(theirs.id)).toBeDefined();
  });

  it('answers 409 for an accepted invitation', async () => {
    const manager = await projectWithManager();
    const { id, token } = await invited(manager);
    await accept({ token });
    const response = await cancel(manager, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('invitation_accepted');
  });
});

describe('POST /api/invitations/invite/existing-user', () => {
  it('answers 401 without a token', async () => {
    const manager = await projectWithManager();
    const user = await buildUser(t.db);
    expect((await addExisting({ ...manager, token: '' }, { email: user.email })).statusCode).toBe(401);
  });

  it.each(NOT_INVITING)('answers 403 to a %s', async (role) => {
    const caller = await buildSignedInMember(t.db, await buildWorkspace(t.db), role);
    const user = await buildUser(t.db);
    expect((await addExisting(caller, { email: user.email })).statusCode).toBe(403);
  });

  it('lets root invite a user', async () => {
    const root = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'root');
    const user = await buildUser(t.db);
    expect((await addExisting(root, { email: user.email })).statusCode).toBe(201);
  });

  it.each([
    ['a bad e-mail', { email: 'nope' }, 'email'],
    ['no roles', { roles: [] }, 'roles'],
    ['the root role', { roles: ['root'] }, 'roles.0'],
    ['an unknown project', { workspace_id: 2_000_000_000 }, 'workspace_id'],
  ])('answers 422 for %s', async (_case, payload, field) => {
    const manager = await projectWithManager();
    const user = await buildUser(t.db);
    const response = await addExisting(manager, { email: user.email, ...payload });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });
});

describe('an address that already has an account: consent, and no telling', () => {
  /** The answer's shape: its keys and the keys of its data, with the types of the values. */
  const shape = (body: { data: Record<string, unknown> }) =>
    Object.entries(body.data)
      .map(([key, value]) => `${key}:${value === null ? 'null' : typeof value}`)
      .sort();

  it.each(['invite', 'invite/existing-user'])(
    'answers POST /%s the same, status and shape, whether or not the address has an account',
    async (route) => {
      const manager = await projectWithManager();
      const existing = await buildMember(t.db, await buildWorkspace(t.db), ['author']);
      const post = (email: string) =>
        apiAs(t.app, manager).post(`/api/invitations/${route}`, {
          email,
          workspace_id: manager.workspace.id,
          roles: ['teacher'],
        });
      const known = await post(existing.email);
      const unknown = await post(newEmail());
      expect(known.statusCode, known.body).toBe(201);
      expect(unknown.statusCode, unknown.body).toBe(201);
      expect(Object.keys(known.json())).toEqual(Object.keys(unknown.json()));
      expect(shape(known.json())).toEqual(shape(unknown.json()));
      expect(known.json().data).toMatchObject({
        email: existing.email,
        status: 'pending',
        roles: ['teacher'],
      });
      expect(await assignmentOf(t.db, existing.id, manager.workspace.id)).toBeUndefined();
    },
  );

  it('makes the existing user a member only once they accept by signing in', async () => {
    const manager = await projectWithManager({ title: 'Second school' });
    const user = await buildMember(t.db, await buildWorkspace(t.db), ['author'], { user: { name: 'Olena' } });
    const response = await addExisting(manager, {
      email: user.email.toUpperCase(),
      roles: ['teacher', 'moderator'],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await assignmentOf(t.db, user.id, manager.workspace.id)).toBeUndefined();
    const [invitedEntry] = await auditOf('invitations.invite', manager.workspace.id);
    expect(invitedEntry).toMatchObject({ actorId: manager.user.id, targetUserId: user.id });
    expect(invitedEntry?.details).toMatchObject({ email: user.email, existing_account: true });
    const members = (await apiAs(t.app, manager).get('/api/users')).json().data;
    expect(members.map((row: { id: number }) => row.id)).not.toContain(user.id);

    const mail = await lastMailTo(user.email);
    expect(mail.subject).toBe('Invitation to the project “Second school” on Logoschool');
    expect(mail.text).toContain('with the roles: Moderator, Speech therapist');
    expect(mail.text).toContain(HOW_EXISTING);
    const token = linkIn(mail.text).token;
    expect((await preview(token)).json().data).toMatchObject({ email: user.email, existing_account: true });

    const wrong = await acceptSigningIn({ token, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_credentials');
    expect(await assignmentOf(t.db, user.id, manager.workspace.id)).toBeUndefined();

    const accepted = await acceptSigningIn({ token, password: TEST_PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { data } = accepted.json();
    expect(data.user.id).toBe(user.id);
    expect(data.user.assignments).toContainEqual(
      expect.objectContaining({ workspaceId: manager.workspace.id, roles: ['moderator', 'teacher'] }),
    );
    expect((await apiAs(t.app, null, { token: data.token }).get('/api/check-token')).json().data.id).toBe(
      user.id,
    );
    expect(await assignmentOf(t.db, user.id, manager.workspace.id)).toMatchObject({
      roles: [ROLE.moderator, ROLE.teacher],
      isActive: true,
      archived: false,
    });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, user.email));
    expect(row).toMatchObject({ status: 'accepted', acceptedUserId: user.id });
    const [entry] = await auditOf('invitations.accept', manager.workspace.id);
    expect(entry).toMatchObject({ actorId: user.id, targetUserId: user.id });
    expect(entry?.details).toMatchObject({ existing_account: true, roles: ['moderator', 'teacher'] });

    const again = await acceptSigningIn({ token, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invitation_accepted');
  });

  it('brings back a member removed before, with the invited roles, once they accept', async () => {
    const manager = await projectWithManager();
    const user = await buildMember(t.db, manager.workspace, ['author'], { archived: true, isActive: false });
    expect((await invite(manager, { email: user.email, roles: ['teacher'] })).statusCode).toBe(201);
    expect(await assignmentOf(t.db, user.id, manager.workspace.id)).toMatchObject({ archived: true });
    const accepted = await acceptSigningIn({
      token: await tokenMailedTo(user.email),
      password: TEST_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await assignmentOf(t.db, user.id, manager.workspace.id)).toMatchObject({
      roles: [ROLE.teacher],
      isActive: true,
      archived: false,
    });
  });

  it('answers 409 already_member for a member of the project, a deactivated one too', async () => {
    const manager = await projectWithManager();
    const member = await buildMember(t.db, manager.workspace, ['teacher']);
    const deactivated = await buildMember(t.db, manager.workspace, ['teacher'], { isActive: false });
    for (const user of [member, deactivated, manager.user]) {
      for (const response of [
        await invite(manager, { email: user.email }),
        await addExisting(manager, { email: user.email }),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          code: 'already_member',
          message: `User ${user.email} is already a member of this project.`,
        });
      }
    }
  });

  it("answers a root user's address like any other; root accepting is told they are in every project", async () => {
    const manager = await projectWithManager();
    const root = await buildUser(t.db, { isRoot: true });
    const response = await addExisting(manager, { email: root.email });
    expect(response.statusCode, response.body).toBe(201);
    const accepted = await acceptSigningIn({
      token: await tokenMailedTo(root.email),
      password: TEST_PASSWORD,
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().code).toBe('already_member');
    expect(await assignmentOf(t.db, root.id, manager.workspace.id)).toBeUndefined();
  });

  it('refuses signing in with a link whose address has no account, as a wrong password (401)', async () => {
    const manager = await projectWithManager();
    const { token, id } = await invited(manager);
    const response = await acceptSigningIn({ token, password: 'a-new-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('invalid_credentials');
    expect((await invitationRow(id))?.status).toBe('pending');
  });

  it('refuses a user deactivated everywhere (403) and keeps them out of the project', async () => {
    const manager = await projectWithManager();
    const user = await buildUser(t.db, { isActive: false });
    await invite(manager, { email: user.email });
    const response = await acceptSigningIn({
      token: await tokenMailedTo(user.email),
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('user_inactive');
    expect(await assignmentOf(t.db, user.id, manager.workspace.id)).toBeUndefined();
  });

  it('answers 429 past the failed sign-ins allowed for the address, as sign-in does', async () => {
    const manager = await projectWithManager();
    const user = await buildUser(t.db);
    await invite(manager, { email: user.email });
    const token = await tokenMailedTo(user.email);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await acceptSigningIn({ token, password: 'wrong-password' })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await acceptSigningIn({ token, password: TEST_PASSWORD })).json().code).toBe(
      'too_many_login_attempts',
    );
  });
});

describe('GET /api/invitations', () => {
  it("lists the project's invitations newest first with status, inviter and times", async () => {
    const manager = await projectWithManager();
    const accepted = await invited(manager, ['author']);
    const expired = await invited(manager);
    const pending = await invited(manager, ['moderator', 'teacher']);
    await invited(await projectWithManager());
    await accept({ token: accepted.token });
    await expire(expired.id);
    const response = await list(manager);
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toEqual({ total: 3, page: 1, per_page: 20 });
    expect(data.map((row: { id: number }) => row.id)).toEqual([pending.id, expired.id, accepted.id]);
    expect(data.map((row: { status: string }) => row.status)).toEqual(['pending', 'expired', 'accepted']);
    expect(data[0]).toMatchObject({
      email: pending.email,
      roles: ['moderator', 'teacher'],
      invited_by: { id: manager.user.id, name: 'The manager' },
      accepted_at: null,
    });
    expect(data[2].accepted_at).not.toBeNull();
    for (const row of data) {
      for (const time of [row.expires_at, row.sent_at, row.created_at])
        expect(Date.parse(time)).not.toBeNaN();
    }
  });

  it('pages and keeps one status', async () => {
    const manager = await projectWithManager();
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await invited(manager)).id);
    await expire(ids[0]!);
    const second = (await list(manager, '&per_page=2&page=2')).json();
    expect(second.meta).toEqual({ total: 3, page: 2, per_page: 2 });
    expect(second.data.map((row: { id: number }) => row.id)).toEqual([ids[0]]);
    const expired = (await list(manager, '&status=expired')).json();
    expect(expired.data.map((row: { id: number }) => row.id)).toEqual([ids[0]]);
    const pending = (await list(manager, '&status=pending')).json();
    expect(pending.meta.total).toBe(2);
    expect((await list(manager, '&status=accepted')).json().data).toEqual([]);
    expect((await list(manager, '&status=lost')).statusCode).toBe(422);
    expect((await list(manager, '&per_page=1000')).statusCode).toBe(422);
  });

  it('shows null for an inviter who no longer exists', async () => {
    const workspace = await buildWorkspace(t.db);
    const admin = await buildSignedInMember(t.db, workspace, 'admin');
    await t.db.insert(invitations).values({
      workspaceId: workspace.id,
      email: newEmail(),
      roles: [ROLE.teacher],
      tokenHash: randomBytes(16).toString('hex'),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect((await list(admin)).json().data[0].invited_by).toBeNull();
  });

  it('answers 401 without a token', async () => {
    const manager = await projectWithManager();
    expect((await list({ ...manager, token: '' })).statusCode).toBe(401);
  });

  it.each(['moderator', 'author', 'teacher', 'diagnostician'] as const)(
    'answers 403 to a %s',
    async (role) => {
      expect((await list(await buildSignedInMember(t.db, await buildWorkspace(t.db), role))).statusCode).toBe(
        403,
      );
    },
  );

  it('lets root list any project', async () => {
    const manager = await projectWithManager();
    await invited(manager);
    const root = await buildSignedInMember(t.db, manager.workspace, 'root');
    expect((await list(root)).json().meta.total).toBe(1);
  });
});

describe('GET /api/invitations/invite/accept', () => {
  it('shows the invited address, project, roles and expiry without signing in', async () => {
    const manager = await projectWithManager({ title: 'Little stars' });
    const { id, email, token } = await invited(manager, ['teacher', 'diagnostician']);
    const response = await preview(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      email,
      workspace_title: 'Little stars',
      roles: ['teacher', 'diagnostician'],
      expires_at: (await invitationRow(id))!.expiresAt.toISOString(),
      existing_account: false,
    });
  });

  it('answers 404 invitation_not_found for an unknown token', async () => {
    const response = await preview('x'.repeat(43));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'invitation_not_found',
      message: text('en', 'errors.invitation_not_found'),
    });
  });

  it.each(['en', 'ru'] as const)(
    'answers 410 invitation_expired for an expired link, in %s',
    async (lang) => {
      const manager = await projectWithManager();
      const { id, token } = await invited(manager);
      await expire(id);
      const response = await preview(token, lang);
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({
        code: 'invitation_expired',
        message: text(lang, 'errors.invitation_expired'),
      });
      if (lang === 'en') expect(response.json().message).toBe('The invitation has expired.');
    },
  );

  it('answers 409 for an accepted invitation, and tells an address that got an account to sign in', async () => {
    const manager = await projectWithManager();
    const first = await invited(manager);
    await accept({ token: first.token });
    expect((await preview(first.token)).json().code).toBe('invitation_accepted');
    const second = await invited(manager);
    await buildUser(t.db, { email: second.email });
    const response = await preview(second.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.existing_account).toBe(true);
  });

  it.each([
    ['no token', ''],
    ['an overlong token', `?token=${'a'.repeat(INVITATION_TOKEN_MAX + 1)}`],
  ])('answers 422 for %s', async (_case, query) => {
    const response = await apiAs(t.app, null).get(`/api/invitations/invite/accept${query}`);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['token']);
  });
});

describe('POST /api/invitations/invite/accept', () => {
  it('creates the user in the project with the invited roles, signs them in, and accepts once', async () => {
    const manager = await projectWithManager({ title: 'Accept school', envId: 2 });
    const { id, email, token } = await invited(manager, ['author', 'teacher']);
    const response = await accept({ token, name: '  Maria Teacher  ' });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data.user).toMatchObject({
      email,
      name: 'Maria Teacher',
      is_root: false,
      is_active: true,
      env_id: 2,
    });
    expect(data.user.assignments).toEqual([
      expect.objectContaining({
        workspaceId: manager.workspace.id,
        workspaceTitle: 'Accept school',
        roles: ['author', 'teacher'],
        isActive: true,
        archived: false,
      }),
    ]);
    const me = await apiAs(t.app, null, { token: data.token }).get('/api/check-token');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(data.user.id);
    expect((await login(email, 'a-new-password')).statusCode).toBe(200);

    const row = await invitationRow(id);
    expect(row).toMatchObject({ status: 'accepted', acceptedUserId: data.user.id });
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    const users = (await apiAs(t.app, manager).get('/api/users')).json().data;
    expect(users).toContainEqual(expect.objectContaining({ email, invitation_status: 'accepted' }));
    const [entry] = await auditOf('invitations.accept', manager.workspace.id);
    expect(entry).toMatchObject({ actorId: data.user.id, targetUserId: data.user.id });

    const again = await accept({ token, name: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'invitation_accepted', message: registrationFailed('en') });
  });

  it.each(['en', 'ru', 'uk', 'pl'] as const)(
    'tells an unknown or expired link in the words of the registration error, in %s',
    async (lang) => {
      const unknown = await accept({ token: 'y'.repeat(43) }, lang);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'invitation_not_found', message: registrationFailed(lang) });
      const manager = await projectWithManager();
      const { id, token, email } = await invited(manager);
      await expire(id);
      const expired = await accept({ token }, lang);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ code: 'invitation_expired', message: registrationFailed(lang) });
      expect((await login(email, 'a-new-password')).statusCode).toBe(401);
    },
  );

  it('answers 409 user_exists when the address got an account meanwhile', async () => {
    const manager = await projectWithManager();
    const { email, token } = await invited(manager);
    await buildUser(t.db, { email });
    const response = await accept({ token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'user_exists', message: `User ${email} already exists.` });
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['a short name', { name: ' A ' }, 'name', 'At least 2 characters.'],
    ['a long name', { name: 'n'.repeat(NAME_MAX + 1) }, 'name', `At most ${NAME_MAX} characters.`],
    [
      'a short password',
      { password: 'short', password_confirmation: 'short' },
      'password',
      `At least ${PASSWORD_MIN} characters.`,
    ],
    [
      'a long password',
      { password: 'p'.repeat(PASSWORD_MAX + 1), password_confirmation: 'p'.repeat(PASSWORD_MAX + 1) },
      'password',
      `At most ${PASSWORD_MAX} characters.`,
    ],
    [
      'a repeat that differs',
      { password_confirmation: 'another-password' },
      'password_confirmation',
      'The passwords do not match.',
    ],
    ['no repeat', { password_confirmation: undefined }, 'password_confirmation', 'Required.'],
    ['no token', { token: undefined }, 'token', 'Required.'],
  ])('answers 422 for %s', async (_case, payload, field, message) => {
    const manager = await projectWithManager();
    const { token, id } = await invited(manager);
    const response = await accept({ token, ...payload });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
    expect((await invitationRow(id))?.status).toBe('pending');
  });

  describe('rate limit', () => {
    const limited = useOtherApp(() => ({ LOGIN_RATE_LIMIT_IP: '2' }));

    it('answers 429 with Retry-After past the sign-in limit per address', async () => {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await accept({ token: 'z'.repeat(43) }, 'en', limited.app)).statusCode);
      }
      expect(statuses).toEqual([404, 404, 429]);
      const response = await accept({ token: 'z'.repeat(43) }, 'en', limited.app);
      expect(response.json().code).toBe('rate_limited');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});

describe('GET /api/mails', () => {
  it('shows root the outbox newest first', async () => {
    const manager = await projectWithManager();
    const first = await invited(manager);
    const second = await invited(manager);
    const root = await buildUser(t.db, { isRoot: true });
    const response = await apiAs(t.app, null, { token: await tokenFor(t.db, root) }).get(
      '/api/mails?per_page=100',
    );
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta.total).toBeGreaterThanOrEqual(2);
    const mine = data.filter((mail: { to: string }) => [first.email, second.email].includes(mail.to));
    expect(mine.map((mail: { to: string }) => mail.to)).toEqual([second.email, first.email]);
    expect(mine[0]).toEqual({
      id: expect.any(Number),
      to: second.email,
      subject: expect.stringContaining('Invitation'),
      text: expect.stringContaining(`/accept-invite?token=${second.token}`),
      delivery: 'outbox',
      error: null,
      created_at: expect.any(String),
    });
  });

  it('answers 401 without a token', async () => {
    expect((await apiAs(t.app, null).get('/api/mails')).statusCode).toBe(401);
  });

  it.each(['manager', 'admin', 'moderator', 'teacher'] as const)('answers 403 to a %s', async (role) => {
    const caller = await buildSignedInMember(t.db, await buildWorkspace(t.db), role);
    const response = await apiAs(t.app, null, { token: caller.token }).get('/api/mails');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });

  it('answers 422 for a page size past the limit', async () => {
    const root = await buildUser(t.db, { isRoot: true });
    expect(
      (await apiAs(t.app, null, { token: await tokenFor(t.db, root) }).get('/api/mails?per_page=0'))
        .statusCode,
    ).toBe(422);
  });
});

describe('mail over SMTP', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());
  const withSmtp = useOtherApp(() => ({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://school.example/',
    MAIL_FROM: 'Logoschool <hello@school.example>',
  }));

  it('sends the invitation; its link registers the person, who then signs in with the password', async () => {
    const manager = await projectWithManager({ title: 'Mail <school> & "friends"' });
    const email = newEmail();
    const invitedResponse = await invite(manager, { email, roles: ['moderator'] }, withSmtp.app);
    expect(invitedResponse.statusCode, invitedResponse.body).toBe(201);
    // A mailed link stays with the invitee alone.
    expect(invitedResponse.json().data).toMatchObject({
      mail_delivered: true,
      mail_delivery: 'smtp',
      invitation_link: null,
    });
    expect(invitedResponse.json().data.sent_at).not.toBeNull();

    const received = smtp.received.find((mail) => mail.to && 'text' in mail.to && mail.to.text === email);
    expect(received).toBeDefined();
    expect(received!.from?.value).toEqual([{ name: 'Logoschool', address: 'hello@school.example' }]);
    expect(received!.subject).toBe('Invitation to the project “Mail <school> & "friends"” on Logoschool');
    expect(received!.html).toContain(escapeHtml('“Mail <school> & "friends"”'));
    expect(received!.html).not.toContain('<school>');
    const { base, token } = linkIn(received!.text ?? '');
    expect(base).toBe('https://school.example');
    expect(received!.html).toContain(`https://school.example/accept-invite?token=${token}`);

    const shown = await preview(token, 'en', withSmtp.app);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ email, roles: ['moderator'] });
    const registered = await accept(
      { token, name: 'Mailed Person', password: 'mailed-password', password_confirmation: 'mailed-password' },
      'en',
      withSmtp.app,
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const signedIn = await login(email, 'mailed-password', withSmtp.app);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user.assignments[0]).toMatchObject({
      workspaceId: manager.workspace.id,
      roles: ['moderator'],
    });

    // The kept copy of a delivered mail has no live link.
    const kept = await lastMailTo(email);
    expect(kept.delivery).toBe('smtp');
    expect(kept.text).not.toContain(token);
    expect(kept.html).not.toContain(token);
    expect(kept.text).toContain(`/accept-invite?token=${HIDDEN}`);
  });

  it('sends an existing user the invitation to accept by signing in', async () => {
    const manager = await projectWithManager();
    const user = await buildUser(t.db);
    const sent = await apiAs(withSmtp.app, manager).post('/api/invitations/invite/existing-user', {
      email: user.email,
      workspace_id: manager.workspace.id,
      roles: ['author'],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({
      email: user.email,
      mail_delivered: true,
      mail_delivery: 'smtp',
    });
    const received = smtp.received.filter(
      (mail) => mail.to && 'text' in mail.to && mail.to.text === user.email,
    );
    expect(received).toHaveLength(1);
    expect(received[0]!.text).toContain(HOW_EXISTING);
    // The owner of an account is sent where a signed-in account joins in one step.
    expect(received[0]!.text).toContain('https://school.example/accept-new-role?token=');
    const { base, token } = linkIn(received[0]!.text ?? '');
    expect(base).toBe('https://school.example');
    const accepted = await acceptSigningIn({ token, password: TEST_PASSWORD }, 'en', withSmtp.app);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  describe('when the SMTP server refuses the mail', () => {
    let refusing: TestSmtpServer;
    beforeAll(async () => {
      refusing = await startSmtpServer({ refuse: true });
    });
    afterAll(async () => refusing?.close());
    const refused = useOtherApp(() => ({ SMTP_URL: refusing.url }));

    it('still invites, says the mail was not delivered and keeps the refusal', async () => {
      const manager = await projectWithManager();
      const email = newEmail();
      const response = await invite(manager, { email }, refused.app);
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        mail_delivered: false,
        mail_delivery: 'failed',
        sent_at: null,
      });
      const kept = await lastMailTo(email);
      expect(kept.delivery).toBe('failed');
      expect(kept.error).toMatch(/denied|550/i);
      // Root can still pass the link on by hand: it is kept; and the inviter has it too.
      const { base, token } = linkIn(kept.text);
      expect((await preview(token)).statusCode).toBe(200);
      expect(response.json().data.invitation_link).toBe(`${base}/accept-invite?token=${token}`);
    });
  });

  describe('when the SMTP server cannot be reached', () => {
    let url: string;
    beforeAll(async () => {
      url = await unreachableSmtpUrl();
    });
    const unreachable = useOtherApp(() => ({ SMTP_URL: url }));

    it('still invites and records the failure, which the outbox shows', async () => {
      const manager = await projectWithManager();
      const email = newEmail();
      const response = await invite(manager, { email }, unreachable.app);
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ mail_delivered: false, mail_delivery: 'failed' });
      const root = await buildUser(t.db, { isRoot: true });
      const outbox = (
        await apiAs(t.app, null, { token: await tokenFor(t.db, root) }).get('/api/mails?per_page=100')
      ).json().data;
      const mail = outbox.find((row: { to: string }) => row.to === email);
      expect(mail).toMatchObject({
        delivery: 'failed',
        error: expect.stringMatching(/ECONNREFUSED|connect/i),
      });
    });
  });
});
