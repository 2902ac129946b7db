import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXERCISE_STATUS } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exerciseFiles, exercises, sessions } from '../db/schema/index.ts';
import { DirectoryFileStore } from '../files/files.ts';
import { PPTX_MIME } from '../files/pptx-deck.ts';
import { purgeSessionsJob } from '../modules/auth/index.ts';
import {
  EXERCISE_FILES,
  RENDER_SLIDES,
  renderSlidesJob,
  sweepExerciseFilesJob,
  SWEEP_GRACE_MS,
} from '../modules/exercises/index.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { buildExercise, buildUser, buildWorkspace, tokenFor } from '../test/factories.ts';
import { pptxDeck } from '../test/pptx.ts';
import { hashToken } from '../auth/tokens.ts';
import { startJobs, type Jobs } from './queue.ts';

describe('pg-boss on the app database', () => {
  let testDb: TestDatabase;
  let jobs: Jobs;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-jobs-'));
  const files = new DirectoryFileStore(dataDir);

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // No LibreOffice at this path: the job takes the deck's thumbnail, quickly and on any machine.
    const render = renderSlidesJob({ files, sofficePath: '/nonexistent/soffice', pdftoppmPath: 'pdftoppm' });
    jobs = await startJobs(
      testDb.database,
      [purgeSessionsJob, render, sweepExerciseFilesJob(files)],
      pino({ level: 'silent' }),
      {
        pollingIntervalSeconds: 0.5,
      },
    );
  }, 60_000);

  afterAll(async () => {
    await jobs?.stop();
    await testDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends a job and waits for it to end; its final state. */
  async function runJob(name: string, data: object) {
    const id = await jobs.boss.send(name, data);
    expect(id).toBeTruthy();
    let job = await jobs.boss.getJobById(name, id!);
    for (
      let attempt = 0;
      attempt < 100 && job?.state !== 'completed' && job?.state !== 'failed';
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = await jobs.boss.getJobById(name, id!);
    }
    return job;
  }

  it('runs the render-slides job with the data it was sent', async () => {
    const db = testDb.database.db;
    const workspace = await buildWorkspace(db);
    const user = await buildUser(db);
    const exercise = await buildExercise(db, workspace.id, user.id, {
      statusId: EXERCISE_STATUS.draft,
      slidesStatus: 'pending',
    });
    const deck = pptxDeck([['One'], ['Two']]);
    const storedName = await files.save(EXERCISE_FILES, deck, 'pptx');
    const [file] = await db
      .insert(exerciseFiles)
      .values({
        exerciseId: exercise.id,
        kind: 'presentation',
        storedName,
        mime: PPTX_MIME,
        size: deck.length,
        originalName: 'deck.pptx',
      })
      .returning();
    const job = await runJob(RENDER_SLIDES, { exerciseId: exercise.id, fileId: file!.id });
    expect(job?.state).toBe('completed');
    expect(job?.output).toEqual({ status: 'thumbnail', slides: 1 });
    const [row] = await db.select().from(exercises).where(eq(exercises.id, exercise.id));
    expect(row?.slidesStatus).toBe('thumbnail');
  });

  it('schedules the session purge hourly and the file sweep nightly', async () => {
    const schedules = await jobs.boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'purge-expired-sessions', cron: '17 * * * *' }),
        expect.objectContaining({ name: 'sweep-exercise-files', cron: '43 3 * * *' }),
      ]),
    );
  });

  it('runs the file sweep: old files no row names go; named and young ones stay', async () => {
    const db = testDb.database.db;
    const workspace = await buildWorkspace(db);
    const user = await buildUser(db);
    const exercise = await buildExercise(db, workspace.id, user.id);
    const deck = pptxDeck([['Kept']]);
    const named = await files.save(EXERCISE_FILES, deck, 'pptx');
    await db.insert(exerciseFiles).values({
      exerciseId: exercise.id,
      kind: 'presentation',
      storedName: named,
      mime: PPTX_MIME,
      size: deck.length,
      originalName: 'deck.pptx',
    });
    const orphan = await files.save(EXERCISE_FILES, deck, 'pptx');
    const young = await files.save(EXERCISE_FILES, deck, 'pptx');
    const longAgo = new Date(Date.now() - SWEEP_GRACE_MS - 60_000);
    for (const name of [named, orphan]) {
      fs.utimesSync(path.join(dataDir, EXERCISE_FILES, name), longAgo, longAgo);
    }
    const job = await runJob('sweep-exercise-files', {});
    expect(job?.state).toBe('completed');
    expect(job?.output).toEqual({ removed: 1 });
    const left = fs.readdirSync(path.join(dataDir, EXERCISE_FILES));
    expect(left).toEqual(expect.arrayContaining([named, young]));
    expect(left).not.toContain(orphan);
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
