import { ROLE } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { hashToken } from '../../auth/tokens.ts';
import { apiWithToken } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import {
  TEST_PASSWORD,
  addMembership,
  bearer,
  buildMember,
  buildUser,
  buildWorkspace,
  tokenFor,
} from '../../test/factories.ts';

const t = useTestApp({ LOGIN_RATE_LIMIT_EMAIL: '3', LOGIN_LOCK_SECONDS: '60' });

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  apiWithToken(t.app, null).post('/api/login', { email, password }, { headers });

describe('POST /api/login', () => {
  it('returns a token and the user with every project and role', async () => {
    const school = await buildWorkspace(t.db, { title: 'Alpha school', envId: 2 });
    const user = await buildMember(t.db, school, ['moderator', 'teacher']);
    const response = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({ id: user.id, email: user.email, is_root: false, is_active: true });
    expect(data.user.assignments).toEqual([
      {
        workspaceId: school.id,
        workspaceTitle: 'Alpha school',
        description: '',
        env_id: 2,
        roles: ['moderator', 'teacher'],
        isActive: true,
        archived: false,
      },
    ]);
    expect(response.json().data.user).not.toHaveProperty('passwordHash');
  });

  it('stores only the hash of the token', async () => {
    const user = await buildUser(t.db);
    const { token } = (await login(user.email, TEST_PASSWORD)).json().data;
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers a wrong e-mail and a wrong password with the same 401', async () => {
    const user = await buildUser(t.db);
    const wrongPassword = await login(user.email, 'not-the-password');
    const wrongEmail = await login('nobody-at-all@example.test', TEST_PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
    expect(wrongPassword.json().code).toBe('invalid_credentials');
  });

  it('answers in the language of Accept-Language, Russian by default', async () => {
    const uk = await login('nobody-uk@example.test', TEST_PASSWORD, { 'accept-language': 'uk-UA,uk;q=0.9' });
    const en = await login('nobody-en@example.test', TEST_PASSWORD, { 'accept-language': 'en-GB' });
    const pl = await login('nobody-pl@example.test', TEST_PASSWORD, { 'accept-language': 'pl' });
    const none = await login('nobody-ru@example.test', TEST_PASSWORD);
    expect(uk.json().message).toBe('Невірний email або пароль.');
    expect(en.json().message).toBe('Wrong email or password.');
    expect(pl.json().message).toBe('Nieprawidłowy e-mail lub hasło.');
    expect(none.json().message).toBe('Неверный email или пароль.');
  });

  it('refuses only a deactivated account with 403; a member deactivated everywhere signs in', async () => {
    const school = await buildWorkspace(t.db);
    const other = await buildWorkspace(t.db);
    const deactivated = await buildUser(t.db, { isActive: false });
    const everywhere = await buildMember(t.db, school, ['teacher'], { isActive: false });
    await addMembership(t.db, everywhere, other, ['author'], { isActive: false });
    const somewhere = await buildMember(t.db, school, ['teacher'], { isActive: false });
    await addMembership(t.db, somewhere, other, ['author']);
    const withoutProjects = await buildUser(t.db);

    const refused = await login(deactivated.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('user_inactive');
    expect((await login(somewhere.email, TEST_PASSWORD)).statusCode).toBe(200);
    // Like a user without projects, a member deactivated in every project signs in and sees the
    // no-projects notice (spec §2, §6): the assignments are there, inactive, giving no role.
    expect((await login(withoutProjects.email, TEST_PASSWORD)).statusCode).toBe(200);
    const signedIn = await login(everywhere.email, TEST_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = signedIn.json().data;
    expect(user.is_active).toBe(true);
    expect(user.assignments.map((a: { isActive: boolean }) => a.isActive)).toEqual([false, false]);
    const api = apiWithToken(t.app, token);
    expect((await api.get('/api/check-token')).statusCode).toBe(200);
    // Nothing in those projects opens to them.
    for (const [workspace, roleId] of [
      [school, ROLE.teacher],
      [other, ROLE.author],
    ] as const) {
      const call = await api.get(`/api/clients?workspace_id=${workspace.id}&role_id=${roleId}`);
      expect(call.statusCode).toBe(403);
      expect(call.json().code).toBe('role_not_held');
    }
  });

  it.each([
    [{ email: 'not-an-email', password: TEST_PASSWORD }, 'email'],
    [{ email: 'a@example.test', password: 'short' }, 'password'],
    [{ email: 'a@example.test', password: 'x'.repeat(129) }, 'password'],
    [{ email: 'a@example.test' }, 'password'],
    [{ email: 'a@example.test', password: 12345678 }, 'password'],
    [{ email: 'a@example.test', password: TEST_PASSWORD, remember: true }, 'remember'],
  ])('rejects %j with 422 naming %s', async (payload, field) => {
    const response = await apiWithToken(t.app, null).post('/api/login', payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('tells a missing field from a wrong one', async () => {
    const response = await apiWithToken(t.app, null).post(
      '/api/login',
      { email: 'a@example.test' },
      { lang: 'en' },
    );
    expect(response.json().errors).toEqual({ password: ['Required.'] });
  });

  it('rejects malformed JSON, a body that is not an object, and a form post with 4xx', async () => {
    const malformed = await apiWithToken(t.app, null).post('/api/login', '{"email": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('malformed_json');
    const array = await apiWithToken(t.app, null).post('/api/login', [1, 2]);
    expect(array.statusCode).toBe(422);
    const form = await apiWithToken(t.app, null).post('/api/login', 'email=a&password=b', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().code).toBe('unsupported_media_type');
  });

  it('makes an e-mail wait after repeated failures, without locking its owner out for long', async () => {
    // The clock stands still while the attempts are made, however slow the machine, and then moves on.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const user = await buildUser(t.db);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
      }
      const limited = await login(user.email, TEST_PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('too_many_login_attempts');
      expect(limited.headers['retry-after']).toBe('60');
      // Another address from the same place is not affected.
      const other = await buildUser(t.db);
      expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 59_000);
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + 1_000);
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await buildUser(t.db);
    await login(user.email, 'wrong-password');
    await login(user.email, 'wrong-password');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    await login(user.email, 'wrong-password');
    await login(user.email, 'wrong-password');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('GET /api/check-token', () => {
  it('returns the user with assignments', async () => {
    const school = await buildWorkspace(t.db);
    const user = await buildMember(t.db, school, ['admin']);
    const response = await apiWithToken(t.app, await tokenFor(t.db, user)).get('/api/check-token');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: user.id,
      assignments: [{ workspaceId: school.id, roles: ['admin'] }],
    });
  });

  it.each([
    ['no token', {}],
    ['an unknown token', bearer('x'.repeat(43))],
    ['a malformed header', { authorization: 'Token abc' }],
  ])('answers 401 for %s', async (_case, headers) => {
    const response = await apiWithToken(t.app, null).get('/api/check-token', { headers });
    expect(response.statusCode).toBe(401);
    expect(['unauthenticated', 'session_expired']).toContain(response.json().code);
  });

  it('answers 401 for an expired token, and slides the expiry of a used one', async () => {
    const user = await buildUser(t.db);
    const expired = await tokenFor(t.db, user);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    expect((await apiWithToken(t.app, expired).get('/api/check-token')).statusCode).toBe(401);

    const live = await tokenFor(t.db, user, 60);
    const longAgo = new Date(Date.now() - 3600_000);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: longAgo, expiresAt: new Date(Date.now() + 30_000) })
      .where(eq(sessions.tokenHash, hashToken(live)));
    expect((await apiWithToken(t.app, live).get('/api/check-token')).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(live)));
    // SESSION_TTL defaults to a week: the expiry moved from 30 s ahead to about a week ahead.
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
  });

  it('answers 401 once the user is deactivated', async () => {
    const user = await buildUser(t.db);
    const token = await tokenFor(t.db, user);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await revokeUserSessions(t.db, user.id);
    expect((await apiWithToken(t.app, token).get('/api/check-token')).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the token at once', async () => {
    const user = await buildUser(t.db);
    const token = await tokenFor(t.db, user);
    const other = await tokenFor(t.db, user);
    const response = await apiWithToken(t.app, token).post('/api/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    const after = await apiWithToken(t.app, token).get('/api/check-token');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session_expired');
    // Other sessions of the same user stay open.
    expect((await apiWithToken(t.app, other).get('/api/check-token')).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await apiWithToken(t.app, null).post('/api/logout')).statusCode).toBe(401);
  });
});

describe('POST /api/login-as-user', () => {
  const loginAs = (token: string | null, payload: unknown) =>
    apiWithToken(t.app, token).post('/api/login-as-user', payload as object);

  it('gives root a token for the user and writes the audit log', async () => {
    const root = await buildUser(t.db, { isRoot: true });
    const school = await buildWorkspace(t.db);
    const target = await buildMember(t.db, school, ['teacher']);
    const response = await loginAs(await tokenFor(t.db, root), { user_id: target.id });
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json().data;
    expect(user.id).toBe(target.id);
    const me = await apiWithToken(t.app, token).get('/api/check-token');
    expect(me.json().data.id).toBe(target.id);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, target.id));
    expect(entries).toMatchObject([{ action: 'auth.login_as_user', actorId: root.id }]);
  });

  it('answers 401 without a token', async () => {
    expect((await loginAs(null, { user_id: 1 })).statusCode).toBe(401);
  });

  it.each(['manager', 'moderator', 'author', 'teacher', 'admin', 'diagnostician'] as const)(
    'answers 403 to a %s',
    async (role) => {
      const school = await buildWorkspace(t.db);
      const caller = await buildMember(t.db, school, [role]);
      const target = await buildMember(t.db, school, ['teacher']);
      const response = await loginAs(await tokenFor(t.db, caller), { user_id: target.id });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    },
  );

  it('answers 404 for a user that does not exist and 422 for a bad id', async () => {
    const root = await buildUser(t.db, { isRoot: true });
    const token = await tokenFor(t.db, root);
    expect((await loginAs(token, { user_id: 999_999 })).statusCode).toBe(404);
    expect((await loginAs(token, { user_id: 'seven' })).statusCode).toBe(422);
    expect((await loginAs(token, {})).statusCode).toBe(422);
  });

  it('refuses a deactivated account with 403, not a member deactivated in their project', async () => {
    const root = await buildUser(t.db, { isRoot: true });
    const rootToken = await tokenFor(t.db, root);
    const target = await buildUser(t.db, { isActive: false });
    const response = await loginAs(rootToken, { user_id: target.id });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('user_inactive');
    // Root sees what such a member sees: no projects.
    const member = await buildMember(t.db, await buildWorkspace(t.db), ['teacher'], { isActive: false });
    const asMember = await loginAs(rootToken, { user_id: member.id });
    expect(asMember.statusCode, asMember.body).toBe(200);
  });
});
