import { EXERCISE_STATUS, EXERCISE_STATUS_NAMES, type Exercise } from '@logoschool/contract';
import { and, eq, sql } from 'drizzle-orm';
import { readPptx } from '../files/pptx.ts';
import type { JobSender } from '../jobs/queue.ts';
import { EXERCISE_FILES, RENDER_SLIDES, queuePendingRenders } from '../modules/exercises/index.ts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { bearer } from '../test/factories.ts';
import { exerciseFiles, exerciseStatusHistory, exerciseVotes, exercises } from './schema/index.ts';
import { DEMO_EXERCISES } from './demo/demo-exercises.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';
import { DEMO_VARIANT } from './seed-exercises.ts';
import { DEMO_SEED_TIMEOUT_MS } from '../test/database.ts';

const t = useTestApp();

async function signIn(email: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  const { token, user } = login.json().data;
  return { token, school: user.assignments[0].workspaceId as number };
}

describe('the demo exercises', { timeout: DEMO_SEED_TIMEOUT_MS }, () => {
  it('are added once, in every status, with their history and votes', async () => {
    await seedDemo(t.db, t.app.files);
    await seedDemo(t.db, t.app.files);
    const rows = await t.db.select().from(exercises);
    expect(rows.map((row) => row.title).sort()).toEqual(DEMO_EXERCISES.map((demo) => demo.title).sort());
    for (const status of EXERCISE_STATUS_NAMES) {
      expect(rows.filter((row) => row.statusId === EXERCISE_STATUS[status]).length, status).toBeGreaterThan(
        0,
      );
    }
    for (const row of rows) {
      const history = await t.db
        .select()
        .from(exerciseStatusHistory)
        .where(eq(exerciseStatusHistory.exerciseId, row.id))
        .orderBy(exerciseStatusHistory.id);
      expect(history[0]?.fromStatus, row.title).toBeNull();
      expect(history.at(-1)?.toStatus, row.title).toBe(row.statusId);
      const [votes] = await t.db
        .select({
          likes: sql<number>`count(*) filter (where ${exerciseVotes.value} = 1)::int`,
          dislikes: sql<number>`count(*) filter (where ${exerciseVotes.value} = 0)::int`,
        })
        .from(exerciseVotes)
        .where(eq(exerciseVotes.exerciseId, row.id));
      expect(votes, row.title).toEqual({ likes: row.likesCount, dislikes: row.dislikesCount });
    }
  });

  it('fill every tab of the moderator, with one overdue request', async () => {
    await seedDemo(t.db, t.app.files);
    const { token, school } = await signIn('moderator@demo.test');
    const response = await t.app.inject({
      url: `/api/exercises?workspace_id=${school}&per_page=100`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json() as {
      data: Exercise[];
      meta: { counters: Record<string, number> };
    };
    expect(Object.values(meta.counters).every((count) => count > 0)).toBe(true);
    expect(data.filter((exercise) => exercise.request?.overdue).map((exercise) => exercise.title)).toEqual([
      'Замок принцеси: [З] чи [Ж]',
    ]);
  });

  it("leave every exercise under review or accepted complete, and the author's own work theirs", async () => {
    await seedDemo(t.db, t.app.files);
    const { token, school } = await signIn('author@demo.test');
    const response = await t.app.inject({
      url: `/api/exercises/for-author?workspace_id=${school}&per_page=100`,
      headers: bearer(token),
    });
    const { data } = response.json() as { data: Exercise[] };
    for (const exercise of data) {
      if (
        exercise.status_id === EXERCISE_STATUS.moderation ||
        exercise.status_id === EXERCISE_STATUS.accepted
      ) {
        expect(exercise.category, exercise.title).not.toBeNull();
        expect(exercise.tags.length, exercise.title).toBeGreaterThan(0);
      }
    }
    const taken = data.find((exercise) => exercise.title === 'Де сховалася мишка?');
    expect(taken).toMatchObject({ status_id: EXERCISE_STATUS.draft, request: { overdue: false } });
    expect(taken?.assigned_id).not.toBeNull();
  });
});

describe('the demo decks', { timeout: DEMO_SEED_TIMEOUT_MS }, () => {
  it('are real .pptx files for every exercise under review, accepted or declined, waiting for images', async () => {
    await seedDemo(t.db, t.app.files);
    const complete = [EXERCISE_STATUS.moderation, EXERCISE_STATUS.accepted, EXERCISE_STATUS.declined];
    const rows = await t.db.select().from(exercises);
    for (const row of rows.filter((exercise) => complete.includes(exercise.statusId as never))) {
      const [deck] = await t.db
        .select()
        .from(exerciseFiles)
        .where(and(eq(exerciseFiles.exerciseId, row.id), eq(exerciseFiles.kind, 'presentation')));
      expect(deck, row.title).toBeDefined();
      const stored = await t.app.files.read(EXERCISE_FILES, deck?.storedName ?? '');
      const content = await readPptx(stored?.content ?? Buffer.alloc(0));
      expect(content.slideTexts.length, row.title).toBe(row.slideCount);
      expect(content.slideTexts[0], row.title).toContain(row.title);
      expect(row.slidesStatus, row.title).toBe('pending');
    }
  });

  it('show pictures and a sound; two accepted ones are marked and ready, one has a themed variant', async () => {
    await seedDemo(t.db, t.app.files);
    const { token, school } = await signIn('moderator@demo.test');
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url: `/api${url}?workspace_id=${school}`, headers: bearer(token) });
    const ready = await t.db.select().from(exercises).where(eq(exercises.readyForGeneration, true));
    expect(ready.map((row) => row.statusId)).toEqual([EXERCISE_STATUS.accepted, EXERCISE_STATUS.accepted]);
    for (const row of ready) {
      const images = (await get(`/exercises/${row.id}/images`)).json().data;
      expect(images.map((m: { asset_type: string | null }) => m.asset_type).slice(0, 2)).toEqual([
        'background',
        'character',
      ]);
      const picture = await t.app.inject({ method: 'GET', url: images[0].file_url, headers: bearer(token) });
      expect(picture.headers['content-type']).toBe('image/png');
    }
    const rocket = ready.find((row) => row.title === DEMO_VARIANT.exercise);
    const sounds = (await get(`/exercises/${rocket?.id}/audios`)).json().data;
    expect(sounds).toEqual([
      expect.objectContaining({ name: 'media1.wav', slides: [1], asset_type: 'sound' }),
    ]);
    const variants = (await get(`/exercises/${rocket?.id}/generated`)).json().data;
    expect(variants).toEqual([
      expect.objectContaining({
        theme: expect.objectContaining({ name: DEMO_VARIANT.theme }),
        replaced_count: 3,
      }),
    ]);
    const file = await t.app.inject({ method: 'GET', url: variants[0].file.url, headers: bearer(token) });
    expect((await readPptx(file.rawPayload)).media).toHaveLength(4);
  });

  it('are queued for their slide images when the server starts, after any upload someone waits for', async () => {
    const sent: { name: string; data: unknown; priority: number }[] = [];
    const jobs: JobSender = {
      send: async (name, data, options) => {
        sent.push({ name, data, priority: options?.priority ?? 0 });
        return null;
      },
    };
    const queued = await queuePendingRenders(t.db, jobs);
    const waiting = await t.db.select().from(exercises).where(eq(exercises.slidesStatus, 'pending'));
    expect(queued).toBe(waiting.length);
    expect(queued).toBeGreaterThan(0);
    expect(new Set(sent.map((job) => job.name))).toEqual(new Set([RENDER_SLIDES]));
    expect(new Set(sent.map((job) => job.priority))).toEqual(new Set([0]));
  });
});
