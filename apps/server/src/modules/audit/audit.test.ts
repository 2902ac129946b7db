import { PER_PAGE_DEFAULT, type AuditAction } from '@logoschool/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { apiWithToken } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildMember, buildUser, buildWorkspace, tokenFor } from '../../test/factories.ts';
import { writeAudit } from './audit.service.ts';

const t = useTestApp();

const readLog = (token: string | null, query = '') =>
  apiWithToken(t.app, token).get(`/api/audit-log${query}`);

async function rootToken() {
  return tokenFor(t.db, await buildUser(t.db, { isRoot: true }));
}

async function countOf(action?: AuditAction) {
  const [row] = await t.db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined);
  return row?.count ?? 0;
}

/** Ids of the whole log, newest first, as the API should list them. */
async function allIds(action?: AuditAction) {
  const rows = await t.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return rows.map((row) => row.id);
}

describe('GET /api/audit-log', () => {
  beforeAll(async () => {
    const actor = await buildUser(t.db, { isRoot: true });
    for (let n = 0; n < 23; n += 1) {
      await writeAudit(t.db, {
        action: n % 3 === 0 ? 'auth.login_as_user' : 'settings.write',
        actorId: actor.id,
        details: { n },
        ip: '127.0.0.1',
      });
    }
  });

  it('lists what sensitive actions wrote, newest first, to root', async () => {
    const token = await rootToken();
    const school = await buildWorkspace(t.db);
    const target = await buildMember(t.db, school, ['teacher']);
    await apiWithToken(t.app, token).post('/api/login-as-user', { user_id: target.id });
    await apiWithToken(t.app, token).post('/api/storage/app_settings/maintenance', 'true', {
      headers: { 'content-type': 'application/json' },
    });
    const response = await readLog(token, '?per_page=2');
    expect(response.statusCode).toBe(200);
    const [settings, loginAs] = response.json().data;
    expect(settings).toMatchObject({
      action: 'settings.write',
      target_user_id: null,
      workspace_id: null,
      details: { key: 'app_settings', env_id: 1, subkeys: ['maintenance'] },
    });
    expect(loginAs).toMatchObject({
      action: 'auth.login_as_user',
      target_user_id: target.id,
      details: { email: target.email },
    });
    expect(loginAs.actor_id).toBe(settings.actor_id);
    expect(typeof settings.id).toBe('number');
    expect(new Date(settings.created_at).toISOString()).toBe(settings.created_at);
    expect(settings.id).toBeGreaterThan(loginAs.id);
  });

  it('pages with page and per_page, and says the total', async () => {
    const token = await rootToken();
    const ids = await allIds();
    const total = await countOf();
    expect(total).toBeGreaterThan(20);

    const first = await readLog(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ total, page: 1, per_page: PER_PAGE_DEFAULT });
    expect(first.json().data.map((entry: { id: number }) => entry.id)).toEqual(
      ids.slice(0, PER_PAGE_DEFAULT),
    );

    const second = await readLog(token, '?page=2&per_page=7');
    expect(second.json().meta).toEqual({ total, page: 2, per_page: 7 });
    expect(second.json().data.map((entry: { id: number }) => entry.id)).toEqual(ids.slice(7, 14));

    const lastPage = Math.ceil(total / 7);
    const last = await readLog(token, `?page=${lastPage}&per_page=7`);
    expect(last.json().data.map((entry: { id: number }) => entry.id)).toEqual(ids.slice((lastPage - 1) * 7));

    const beyond = await readLog(token, `?page=${lastPage + 1}&per_page=7`);
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual({ data: [], meta: { total, page: lastPage + 1, per_page: 7 } });
  });

  it.each(['auth.login_as_user', 'settings.write'] as const)('filters by action=%s', async (action) => {
    const token = await rootToken();
    const response = await readLog(token, `?action=${action}&per_page=100`);
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta.total).toBe(await countOf(action));
    expect(meta.total).toBeLessThan(await countOf());
    expect(data.map((entry: { id: number }) => entry.id)).toEqual(await allIds(action));
    expect(data.every((entry: { action: string }) => entry.action === action)).toBe(true);
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=1000', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['action=auth.login', 'action'],
  ])('answers 422 for %s', async (query, field) => {
    const response = await readLog(await rootToken(), `?${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('takes the largest page size', async () => {
    const response = await readLog(await rootToken(), '?per_page=100');
    expect(response.statusCode).toBe(200);
    expect(response.json().meta.per_page).toBe(100);
  });

  it('answers 401 without a token', async () => {
    const response = await readLog(null);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it.each(['manager', 'moderator', 'author', 'teacher', 'admin', 'diagnostician'] as const)(
    'answers 403 to a %s',
    async (role) => {
      const school = await buildWorkspace(t.db);
      const member = await buildMember(t.db, school, [role]);
      const response = await readLog(await tokenFor(t.db, member));
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    },
  );

  it('answers 403 to a user without projects, and to one whose assignment lists the root role', async () => {
    const school = await buildWorkspace(t.db);
    for (const user of [await buildUser(t.db), await buildMember(t.db, school, ['root'])]) {
      const response = await readLog(await tokenFor(t.db, user));
      expect(response.statusCode).toBe(403);
    }
  });
});
