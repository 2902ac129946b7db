import fs from 'node:fs';
import { API, ROLE, type User } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { openDatabase, type Database, type NotifyListener } from '../db/client.ts';
import { assignments, sessions, users, workspaces } from '../db/schema/index.ts';
import { testConfig, useTestApp } from '../test/app.ts';
import { bearer, buildMember, buildWorkspace, tokenFor } from '../test/factories.ts';
import { SessionCache } from './session-cache.ts';

const t = useTestApp();
/** A second instance of the app on the same database: its own connections and its own cache. */
let other: { app: App; database: Database };

beforeAll(async () => {
  // A second pool, as another process would have.
  const database = await openDatabase({ url: t.testDb.url });
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  other = { app, database };
}, 60_000);

afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
  if (other) fs.rmSync(other.app.config.dataDir, { recursive: true, force: true });
});

const checkToken = (app: App, token: string) =>
  app.inject({ method: 'GET', url: `/api${API.checkToken}`, headers: bearer(token) });

/** What check-token answers, once the other instance has heard of a change (at once on this one). */
async function settled(app: App, token: string, done: (status: number, user: User | undefined) => boolean) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await checkToken(app, token);
    const user = response.statusCode === 200 ? (response.json().data as User) : undefined;
    if (done(response.statusCode, user)) return { status: response.statusCode, user };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the other instance never heard of the change');
}

async function signedIn() {
  const workspace = await buildWorkspace(t.db);
  const user = await buildMember(t.db, workspace, ['teacher']);
  const token = await tokenFor(t.db, user);
  // Both instances keep the caller now.
  for (const app of [t.app, other.app]) expect((await checkToken(app, token)).statusCode).toBe(200);
  return { workspace, user, token };
}

describe('a signed-in caller kept in memory (issue 13)', () => {
  it('refuses a token at once after logout, here and on the other instance', async () => {
    const { token } = await signedIn();
    const logout = await t.app.inject({ method: 'POST', url: `/api${API.logout}`, headers: bearer(token) });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await checkToken(t.app, token)).statusCode).toBe(401);
    expect((await settled(other.app, token, (status) => status === 401)).status).toBe(401);
  });

  it('refuses a deactivated user at once, whoever deactivated them', async () => {
    const { user, token } = await signedIn();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await checkToken(t.app, token)).statusCode).toBe(401);
    expect((await settled(other.app, token, (status) => status === 401)).status).toBe(401);
  });

  it('shows changed roles and a member deactivated in a project on the next call', async () => {
    const { user, workspace, token } = await signedIn();
    await t.db
      .update(assignments)
      .set({ roles: [ROLE.moderator], isActive: false })
      .where(eq(assignments.userId, user.id));
    const here = (await checkToken(t.app, token)).json().data as User;
    expect(here.assignments).toEqual([
      expect.objectContaining({ workspaceId: workspace.id, roles: ['moderator'], isActive: false }),
    ]);
    const there = await settled(other.app, token, (_, seen) => seen?.assignments[0]?.isActive === false);
    expect(there.user?.assignments[0]?.roles).toEqual(['moderator']);
  });

  it('shows an archived project on the next call', async () => {
    const { workspace, token } = await signedIn();
    await t.db.update(workspaces).set({ archived: true }).where(eq(workspaces.id, workspace.id));
    const here = (await checkToken(t.app, token)).json().data as User;
    expect(here.assignments[0]?.archived).toBe(true);
    const there = await settled(other.app, token, (_, seen) => seen?.assignments[0]?.archived === true);
    expect(there.user?.assignments[0]?.archived).toBe(true);
  });

  it('refuses a session ended in the table, and one past its expiry', async () => {
    const { user, token } = await signedIn();
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await checkToken(t.app, token)).statusCode).toBe(401);
    const second = await tokenFor(t.db, user, 1);
    expect((await checkToken(t.app, second)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await checkToken(t.app, second)).statusCode).toBe(401);
  });

  it('answers a kept caller without a query', async () => {
    const { token } = await signedIn();
    const queries: string[] = [];
    // Every drizzle statement is prepared by the handle's session: count them.
    const session = (t.db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } })
      .session;
    const prepare = session.prepareQuery;
    session.prepareQuery = function (this: unknown, ...args: unknown[]) {
      queries.push(String((args[0] as { sql: string }).sql));
      return prepare.apply(this, args);
    };
    try {
      expect((await checkToken(t.app, token)).statusCode).toBe(200);
    } finally {
      session.prepareQuery = prepare;
    }
    expect(queries).toEqual([]);
    // The same count sees a caller that is not kept.
    const fresh = await signedIn();
    await t.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, fresh.user.id));
    session.prepareQuery = function (this: unknown, ...args: unknown[]) {
      queries.push(String((args[0] as { sql: string }).sql));
      return prepare.apply(this, args);
    };
    try {
      expect((await checkToken(t.app, fresh.token)).json().data.name).toBe('Renamed');
    } finally {
      session.prepareQuery = prepare;
    }
    expect(queries.length).toBeGreaterThan(0);
  });
});

describe('SessionCache', () => {
  /** A database stand-in whose notifications the test sends. */
  function fakeDatabase() {
    let listener: NotifyListener = () => {};
    return {
      onNotify: (added: NotifyListener) => {
        listener = added;
        return () => {
          listener = () => {};
        };
      },
      tell: (event: Parameters<NotifyListener>[0]) => listener(event),
    };
  }
  const caller = (userId: number, expiresAt = 10_000_000, impersonatorId: number | null = null) => ({
    session: { id: userId, userId, impersonatorId },
    user: { id: userId, assignments: [] } as unknown as User,
    expiresAt,
    lastSeenAt: 0,
  });

  it('forgets a user’s tokens, and tokens used to act as them, when told', () => {
    const database = fakeDatabase();
    const cache = new SessionCache(database, () => 1000);
    cache.set('a', caller(1), cache.mark());
    cache.set('b', caller(2, 10_000_000, 1), cache.mark());
    cache.set('c', caller(3), cache.mark());
    database.tell({ channel: 'auth_changed', payload: '1' });
    expect([cache.get('a'), cache.get('b')]).toEqual([null, null]);
    expect(cache.get('c')).not.toBeNull();
    database.tell({ channel: 'auth_changed', payload: '*' });
    expect(cache.size).toBe(0);
  });

  it('keeps nothing read before a change was heard, and empties when notifications may be lost', () => {
    const database = fakeDatabase();
    const cache = new SessionCache(database, () => 1000);
    const mark = cache.mark();
    database.tell({ channel: 'auth_changed', payload: '9' });
    cache.set('a', caller(1), mark);
    expect(cache.get('a')).toBeNull();
    cache.set('a', caller(1), cache.mark());
    database.tell({ lost: true });
    expect(cache.get('a')).toBeNull();
  });

  it('lets no entry outlive its session or half a minute', () => {
    let now = 0;
    const cache = new SessionCache(fakeDatabase(), () => now);
    cache.set('short', caller(1, 5_000), cache.mark());
    cache.set('long', caller(2), cache.mark());
    now = 5_000;
    expect(cache.get('short')).toBeNull();
    expect(cache.get('long')).not.toBeNull();
    now = 30_001;
    expect(cache.get('long')).toBeNull();
  });

  it('stops hearing once closed', () => {
    const database = fakeDatabase();
    const cache = new SessionCache(database, () => 0);
    cache.close();
    cache.set('a', caller(1), cache.mark());
    database.tell({ channel: 'auth_changed', payload: '1' });
    expect(cache.get('a')).not.toBeNull();
  });
});
