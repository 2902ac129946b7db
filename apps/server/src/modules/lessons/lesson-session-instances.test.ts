import type { Lesson, LessonSessionLink } from '@logoschool/contract';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { LISTEN_APPLICATION_NAME, openDatabase, type Database } from '../../db/client.ts';
import { apiAs } from '../../test/api.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import { buildLessonSchool, dataOf, lessonBody, lessonsOfPlan, readLesson } from '../../test/lessons.ts';
import { openSessionStream } from '../../test/session-stream.ts';
import { sessionFollowers } from './lesson-link.ts';

// Instance A: the teacher's. Instance B: another app on the same database with its own connections,
// as a second process behind a load balancer would be (decision 048); the child's screen is on B.
const t = useTestApp();
let other: { app: App; database: Database; base: string };
const opened: AbortController[] = [];

beforeAll(async () => {
  const database = await openDatabase({ url: t.testDb.url });
  const app = await buildApp({ config: testConfig(), database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  other = { app, database, base };
}, 60_000);

afterAll(async () => {
  opened.forEach((controller) => controller.abort());
  await other?.app.close();
  await other?.database.close();
  if (other) fs.rmSync(other.app.config.dataDir, { recursive: true, force: true });
});

/** A lesson of three presentations whose session the teacher started on A; its link's token. */
async function startedOnA() {
  const s = await buildLessonSchool(t.app, t.db);
  const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
  const read = await readLesson(t.app, s.teacher, first!.id);
  const lesson = dataOf<Lesson>(
    await apiAs(t.app, s.teacher).put(
      `/api/lesson/${read.id}`,
      lessonBody(read, [[s.words[0]!], s.phrases.slice(0, 2)]),
    ),
  );
  const session = `/api/lesson/${lesson.id}/session`;
  const link = dataOf<LessonSessionLink>(await apiAs(t.app, s.teacher).post(session, { action: 'start' }));
  const token = /\/client-session\/([\w-]{43})$/.exec(link.url ?? '')?.[1] ?? '';
  const moveTo = async (position: number) =>
    dataOf(await apiAs(t.app, s.teacher).post(session, { action: 'move', position, slide: 0 }));
  return { s, lesson, token, moveTo };
}

// The streams re-read their lesson only every 30 s (SESSION_POLL_MS): a test that waited that long
// would pass without any notification, so these fail first.
const BEFORE_THE_RE_READ = 15_000;

describe('the child’s screen on another app instance', () => {
  it(
    'follows the slide the teacher moves on A, and hears the link withdrawn there',
    async () => {
      const { s, lesson, token, moveTo } = await startedOnA();
      const stream = await openSessionStream(other.base, token, opened);
      expect(stream.response.status).toBe(200);
      expect(await stream.nextState()).toMatchObject({ state: 'live', position: 0 });
      // The stream is B's: A has no follower of the lesson to tell in its own process.
      expect(sessionFollowers(other.database, lesson.id)).toBe(1);
      expect(sessionFollowers(t.app.database, lesson.id)).toBe(0);

      await moveTo(1);
      expect(await stream.nextState()).toMatchObject({
        state: 'live',
        position: 1,
        presentation: { title: 'Phrase one' },
      });
      await moveTo(2);
      expect(await stream.nextState()).toMatchObject({ position: 2, presentation: { title: 'Phrase two' } });

      dataOf(await apiAs(t.app, s.teacher).delete(`/api/lesson/${lesson.id}/link`));
      expect(await stream.next()).toEqual({ event: 'invalid', data: '{}' });
      expect(await stream.next()).toBeNull();
    },
    BEFORE_THE_RE_READ,
  );

  it(
    'passes over a notification that names no lesson',
    async () => {
      const { token, moveTo } = await startedOnA();
      const stream = await openSessionStream(other.base, token, opened);
      expect(await stream.nextState()).toMatchObject({ position: 0 });
      // Anyone who may write to the database may notify: `error` is an EventEmitter's own event.
      for (const payload of ['error', '', 'x1', '-1']) {
        await t.db.execute(sql`select pg_notify('lesson_session_changed', ${payload})`);
      }
      await moveTo(1);
      expect(await stream.nextState()).toMatchObject({ position: 1 });
    },
    BEFORE_THE_RE_READ,
  );

  it(
    'catches up after its listening connection broke, and keeps following',
    async () => {
      const { lesson, token, moveTo } = await startedOnA();
      const stream = await openSessionStream(other.base, token, opened);
      expect(await stream.nextState()).toMatchObject({ position: 0 });

      // Both instances' listening connections go (a restarted database, a cut network); the move
      // made meanwhile is read when B listens again, and the next one arrives as a notification.
      await t.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`);
      await moveTo(1);
      expect(await stream.nextState()).toMatchObject({ position: 1 });
      await moveTo(2);
      expect(await stream.nextState()).toMatchObject({ position: 2 });
      expect(sessionFollowers(other.database, lesson.id)).toBe(1);
    },
    BEFORE_THE_RE_READ,
  );
});
