import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { purgeSessionsJob } from '../modules/auth/auth.jobs.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { buildUser, tokenFor } from '../test/factories.ts';
import { hashToken } from '../auth/tokens.ts';
import { startJobs, type Jobs } from './queue.ts';

describe('pg-boss on the app database', () => {
  let testDb: TestDatabase;
  let jobs: Jobs;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    jobs = await startJobs(testDb.database, [purgeSessionsJob], pino({ level: 'silent' }), {
      pollingIntervalSeconds: 0.5,
    });
  }, 60_000);

  afterAll(async () => {
    await jobs?.stop();
    await testDb?.drop();
  });

  it('schedules the session purge hourly', async () => {
    const schedules = await jobs.boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'purge-expired-sessions', cron: '17 * * * *' }),
      ]),
    );
  });

  it('runs the purge job: expired and long-revoked sessions go, live ones stay', async () => {
    const db = testDb.database.db;
    const user = await buildUser(db);
    const live = await tokenFor(db, user);
    const expired = await tokenFor(db, user);
    const revokedLongAgo = await tokenFor(db, user);
    const revokedJustNow = await tokenFor(db, user);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    await db
      .update(sessions)
      .set({ revokedAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(sessions.tokenHash, hashToken(revokedLongAgo)));
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(revokedJustNow)));

    const id = await jobs.boss.send('purge-expired-sessions', {});
    expect(id).toBeTruthy();
    let job = await jobs.boss.getJobById('purge-expired-sessions', id!);
    for (
      let attempt = 0;
      attempt < 100 && job?.state !== 'completed' && job?.state !== 'failed';
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = await jobs.boss.getJobById('purge-expired-sessions', id!);
    }
    expect(job?.state).toBe('completed');
    expect(job?.output).toEqual({ deleted: 2 });

    const left = await db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.tokenHash).sort()).toEqual(
      [hashToken(live), hashToken(revokedJustNow)].sort(),
    );
  });
});
