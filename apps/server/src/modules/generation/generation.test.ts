import {
  EXERCISE_STATUS,
  GENERATED_BULK_MAX,
  type GeneratedListPage,
  type GenerationRun,
  type GenerationStats,
} from '@logoschool/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exerciseFiles, exerciseGenerated, exercises, themes } from '../../db/schema/index.ts';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildDraft, buildSchool, DECK_MEDIA, uploadDeck, type School } from '../../test/exercises.ts';
import { buildThemeWithAssets, solidPng, type TestAsset } from '../../test/media.ts';
import { pptxDeck } from '../../test/pptx.ts';
import { sineTone } from '../../db/demo/encode.ts';
import { resumeRuns, runGeneration, STALE_AFTER_MS } from './generation.service.ts';
import { slidesOf } from './overflow.ts';

const t = useTestApp();

const FULL_THEME: TestAsset[] = [
  { type: 'background', content: solidPng(10, 10, 120) },
  { type: 'character', content: solidPng(220, 40, 40) },
  { type: 'sound', content: sineTone(440, 0.3) },
];
const MARKS = { 'image1.png': 'background', 'image2.jpeg': 'character', 'media1.wav': 'sound' } as const;
/** The theme's name: long enough that a slide naming it no longer fits its one-line box. */
const LONG_NAME = 'The Great Andromeda Nebula Expedition';

/** An accepted exercise ready for generation with a marked deck of the slides given. */
async function readyExercise(
  school: School,
  slides: string[][] = [['One'], ['Two'], ['Three']],
  values = {},
) {
  const draft = await buildDraft(t.db, school.author);
  const response = await uploadDeck(t.app, school.author, draft.id, pptxDeck(slides, { media: DECK_MEDIA }));
  expect(response.statusCode, response.body).toBe(201);
  for (const [name, type] of Object.entries(MARKS)) {
    await t.db
      .update(exerciseFiles)
      .set({ assetType: type })
      .where(and(eq(exerciseFiles.exerciseId, draft.id), eq(exerciseFiles.originalName, name)));
  }
  await t.db
    .update(exercises)
    .set({ statusId: EXERCISE_STATUS.accepted, readyForGeneration: true, ...values })
    .where(eq(exercises.id, draft.id));
  return draft.id;
}

async function readyTheme(school: School, items = FULL_THEME, name?: string) {
  const { theme } = await buildThemeWithAssets(t.db, t.app.files, school.workspace.id, items);
  await t.db
    .update(themes)
    .set({ ready: true, ...(name ? { name } : {}) })
    .where(eq(themes.id, theme.id));
  return theme.id;
}

const dataOf = <T>(response: Response, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};

/** Runs a queued run to its end, as the job does. */
const settle = (run: GenerationRun) => runGeneration(t.db, t.app.files, { runId: run.id });

let school: School;
let other: School;
let themeId: number;
let overflowing: number;
let plain: number[];

beforeAll(async () => {
  school = await buildSchool(t.db);
  other = await buildSchool(t.db);
  themeId = await readyTheme(school, FULL_THEME, LONG_NAME);
  overflowing = await readyExercise(school, [['Intro'], ['{{character}} and {{theme}}'], ['End']]);
  plain = [await readyExercise(school), await readyExercise(school)];
  // Neither is generated: one not marked ready, one excluded.
  await readyExercise(school, undefined, { readyForGeneration: false });
  await readyExercise(school, undefined, { excludedFromGeneration: true });
});

describe('a theme’s generation as a job', () => {
  it('queues every ready exercise of a ready theme, makes them, flags the overflowing one, and lists them', async () => {
    const api = apiAs(t.app, school.moderator);
    const run = dataOf<GenerationRun>(await api.post('/api/generator/by-theme', { theme_id: themeId }), 202);
    expect(run).toMatchObject({
      kind: 'by_theme',
      status: 'queued',
      total: 3,
      done: 0,
      theme: { id: themeId },
    });
    expect(await settle(run)).toEqual({ status: 'done', settled: 3 });
    expect(dataOf<GenerationRun>(await api.get(`/api/generator/runs/${run.id}`))).toMatchObject({
      status: 'done',
      done: 3,
      kept: 0,
      failed: 0,
    });

    const page = await api.get(`/api/exercises/generated?theme_id=${themeId}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as GeneratedListPage;
    expect(body.meta).toMatchObject({
      total: 3,
      counts: { all: 3, editable: 3, read_only: 0, overflow: 1, excluded: 0 },
    });
    const flagged = body.data.find((row) => row.exercise.id === overflowing);
    expect(flagged?.overflow).toMatchObject({ slide: 2, lines_needed: 2, lines_fit: 1 });
    expect(flagged?.overflow?.text).toContain(LONG_NAME);
    // The names are filled into the version's own deck; the source keeps its placeholders.
    const file = await apiAs(t.app, null, { token: school.moderator.token }).get(flagged?.file_url ?? '');
    expect(file.statusCode).toBe(200);
    const versionSlides = await slidesOf(file.rawPayload);
    expect(versionSlides[1]).toContain(LONG_NAME);
    expect(versionSlides[1]).not.toContain('{{theme}}');
    expect(
      body.data
        .filter((row) => row.overflow === null)
        .map((row) => row.exercise.id)
        .sort(),
    ).toEqual([...plain].sort());
    const onlyOverflow = (
      await api.get(`/api/exercises/generated?theme_id=${themeId}&state=overflow`)
    ).json();
    expect((onlyOverflow as GeneratedListPage).data.map((row) => row.exercise.id)).toEqual([overflowing]);

    // Checked again on demand, with the same answer.
    const check = dataOf<{ overflow: { slide: number } | null }>(
      await api.post('/api/check-generate-presentation', { generated_id: flagged?.id }),
    );
    expect(check.overflow?.slide).toBe(2);

    // Only what is new: nothing now, one after a version is deleted.
    const none = dataOf<GenerationRun>(await api.post('/api/generator/only-new', { theme_id: themeId }), 202);
    expect(none).toMatchObject({ status: 'done', total: 0 });
    expect(dataOf(await api.post('/api/generator/delete', { generated_ids: [flagged?.id] }))).toEqual({
      count: 1,
    });
    const fresh = dataOf<GenerationRun>(await api.post('/api/generator/only-new', {}), 202);
    expect(fresh).toMatchObject({ kind: 'only_new', theme: null, total: 1 });
    await settle(fresh);

    const stats = dataOf<GenerationStats>(await api.get('/api/generator/general-stats'));
    expect(stats).toMatchObject({
      generated: 3,
      overflow: 1,
      failed: 0,
      ready_exercises: 3,
      ready_themes: 1,
    });
    expect(stats.themes).toEqual([
      {
        theme: { id: themeId, name: LONG_NAME },
        ready: true,
        generated: 3,
        read_only: 0,
        overflow: 1,
        failed: 0,
      },
    ]);
    const runs = dataOf<GenerationRun[]>(await api.get(`/api/generator/runs?theme_id=${themeId}`));
    expect(runs.map((item) => item.id)).toContain(run.id);
  });

  it('goes on from where it stopped after a restart midway, without making again what it made', async () => {
    const api = apiAs(t.app, school.moderator);
    const partial = await readyTheme(school);
    const run = dataOf<GenerationRun>(await api.post('/api/generator/by-theme', { theme_id: partial }), 202);
    expect(run.total).toBe(3);
    // The server stops after the first version: the run is left running with the rest pending.
    const stop = new AbortController();
    let made = 0;
    const stopped = await runGeneration(
      t.db,
      t.app.files,
      { runId: run.id },
      { signal: stop.signal, onSettled: () => (made += 1) === 1 && stop.abort() },
    );
    expect(stopped).toEqual({ status: 'stopped', settled: 1 });
    expect(dataOf<GenerationRun>(await api.get(`/api/generator/runs/${run.id}`))).toMatchObject({
      status: 'running',
      done: 1,
      total: 3,
    });
    const before = await t.db.select().from(exerciseGenerated).where(eq(exerciseGenerated.themeId, partial));
    expect(before).toHaveLength(1);

    // After the restart: not yet silent for long enough, then sent again.
    const sent: object[] = [];
    const jobs = { send: async (_name: string, data: object) => (sent.push(data), 'job') };
    expect(await resumeRuns(t.db, jobs, new Date())).toEqual({ resumed: 0 });
    const later = new Date(Date.now() + STALE_AFTER_MS + 1_000);
    expect((await resumeRuns(t.db, jobs, later)).resumed).toBeGreaterThanOrEqual(1);
    expect(sent).toContainEqual({ runId: run.id });
    expect(await settle(run)).toEqual({ status: 'done', settled: 2 });
    const after = await t.db.select().from(exerciseGenerated).where(eq(exerciseGenerated.themeId, partial));
    expect(after).toHaveLength(3);
    // The version made before the stop is the same row: it was not made again.
    expect(after.map((row) => row.id)).toContain(before[0]?.id);
    expect(dataOf<GenerationRun>(await api.get(`/api/generator/runs/${run.id}`))).toMatchObject({
      status: 'done',
      done: 3,
    });
    // A finished run taken again does nothing.
    expect(await settle(run)).toEqual({ status: 'stale', settled: 0 });
  });

  it('counts a pair the theme cannot make as failed, and keeps read-only versions', async () => {
    const api = apiAs(t.app, school.moderator);
    // No sound asset: every deck with a marked sound fails.
    const silent = await readyTheme(school, FULL_THEME.slice(0, 2));
    const run = dataOf<GenerationRun>(
      await api.post('/api/generator/generate', { theme_id: silent, exercise_ids: plain }),
      202,
    );
    await settle(run);
    expect(dataOf<GenerationRun>(await api.get(`/api/generator/runs/${run.id}`))).toMatchObject({
      status: 'done',
      done: 0,
      failed: 2,
    });
    const stats = dataOf<GenerationStats>(await api.get('/api/generator/general-stats'));
    expect(stats.themes.find((theme) => theme.theme.id === silent)?.failed).toBe(2);

    const ids = (
      (await api.get(`/api/exercises/generated?theme_id=${themeId}`)).json() as GeneratedListPage
    ).data.map((row) => row.id);
    expect(dataOf(await api.post('/api/exercises/generated/toggle', { ids, read_only: true }))).toEqual({
      count: 3,
    });
    const refresh = dataOf<GenerationRun>(
      await api.post('/api/generator/refresh', { generated_ids: ids }),
      202,
    );
    await settle(refresh);
    expect(dataOf<GenerationRun>(await api.get(`/api/generator/runs/${refresh.id}`))).toMatchObject({
      kept: 3,
      done: 0,
    });
    expect(dataOf(await api.post('/api/exercises/generated/toggle', { ids, read_only: false }))).toEqual({
      count: 3,
    });
    const readOnlyTab = (
      await api.get(`/api/exercises/generated?theme_id=${themeId}&state=read_only`)
    ).json();
    expect((readOnlyTab as GeneratedListPage).meta.total).toBe(0);

    const reports = dataOf<GenerationRun>(
      await api.post('/api/generator/refresh-for-reports', { exercise_ids: [plain[0]] }),
      202,
    );
    // Its versions for the long-named theme and the restarted one.
    expect(reports).toMatchObject({ kind: 'refresh_for_reports', total: 2 });
    const whole = dataOf<GenerationRun>(await api.post('/api/generator/by-workspace', {}), 202);
    // Three ready exercises × the three ready themes.
    expect(whole).toMatchObject({ kind: 'by_workspace', total: 3 * 3 });
  });

  it('refuses a theme that is not ready (422), and searches the list by title', async () => {
    const api = apiAs(t.app, school.moderator);
    const { theme } = await buildThemeWithAssets(t.db, t.app.files, school.workspace.id, FULL_THEME);
    await t.db.update(themes).set({ ready: false }).where(eq(themes.id, theme.id));
    const refused = await api.post('/api/generator/by-theme', { theme_id: theme.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.theme_id).toHaveLength(1);
    const [row] = await t.db
      .select({ title: exercises.title })
      .from(exercises)
      .where(eq(exercises.id, overflowing));
    const found = (
      await api.get(`/api/exercises/generated?term=${encodeURIComponent(row?.title ?? '')}`)
    ).json();
    expect((found as GeneratedListPage).data.every((item) => item.exercise.id === overflowing)).toBe(true);
  });
});

describe('bulk actions on 200 versions in one call', () => {
  it('toggles, refreshes and deletes 200 versions', async () => {
    const bulk = await buildSchool(t.db);
    const api = apiAs(t.app, bulk.moderator);
    const theme = await readyTheme(bulk);
    const made = await t.db
      .insert(exercises)
      .values(
        Array.from({ length: GENERATED_BULK_MAX }, (_, index) => ({
          workspaceId: bulk.workspace.id,
          authorId: bulk.author.user.id,
          title: `Bulk ${index}`,
          statusId: EXERCISE_STATUS.accepted,
          language: 'uk' as const,
        })),
      )
      .returning({ id: exercises.id });
    const files = await t.db
      .insert(exerciseFiles)
      .values(
        made.map((exercise, index) => ({
          exerciseId: exercise.id,
          kind: 'generated',
          storedName: `bulk-${bulk.workspace.id}-${index}.pptx`,
          mime: 'application/octet-stream',
          size: 1,
          originalName: `Bulk ${index}.pptx`,
        })),
      )
      .returning({ id: exerciseFiles.id, exerciseId: exerciseFiles.exerciseId });
    const versions = await t.db
      .insert(exerciseGenerated)
      .values(
        files.map((file) => ({
          workspaceId: bulk.workspace.id,
          exerciseId: file.exerciseId,
          themeId: theme,
          fileId: file.id,
          replacedCount: 1,
        })),
      )
      .returning({ id: exerciseGenerated.id });
    const ids = versions.map((version) => version.id);

    expect(dataOf(await api.post('/api/exercises/generated/toggle', { ids, read_only: true }))).toEqual({
      count: 200,
    });
    const page = (
      await api.get(`/api/exercises/generated?theme_id=${theme}&per_page=100&page=2&state=read_only`)
    ).json();
    expect((page as GeneratedListPage).meta).toMatchObject({
      total: 200,
      counts: { read_only: 200, editable: 0 },
    });
    expect((page as GeneratedListPage).data).toHaveLength(100);
    const refresh = dataOf<GenerationRun>(
      await api.post('/api/generator/refresh', { generated_ids: ids }),
      202,
    );
    expect(refresh.total).toBe(200);
    // One of another project's among them: nothing is deleted.
    const [foreign] = await t.db
      .select({ id: exerciseGenerated.id })
      .from(exerciseGenerated)
      .where(eq(exerciseGenerated.workspaceId, school.workspace.id))
      .limit(1);
    const mixed = await api.post('/api/generator/delete', { generated_ids: [...ids.slice(1), foreign?.id] });
    expect(mixed.statusCode).toBe(404);
    expect(dataOf(await api.post('/api/generator/delete', { generated_ids: ids }))).toEqual({ count: 200 });
    expect(await t.db.select().from(exerciseGenerated).where(inArray(exerciseGenerated.id, ids))).toEqual([]);
    const tooMany = await api.post('/api/generator/delete', { generated_ids: [...ids, 999_999_999] });
    expect(tooMany.statusCode).toBe(422);
  });
});

describe('who may', () => {
  it('answers 401 without a token and 403 to every role but the moderator', async () => {
    const routes: [string, string, object?][] = [
      ['GET', '/api/exercises/generated'],
      ['GET', '/api/generator/general-stats'],
      ['GET', '/api/generator/runs'],
      ['POST', '/api/generator/by-workspace', {}],
      ['POST', '/api/generator/delete', { generated_ids: [1] }],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await apiAs(t.app, null, { workspace: school.workspace }).request(
        method as 'GET',
        url,
        body,
      );
      expect(anonymous.statusCode, url).toBe(401);
      for (const member of [school.teacher, school.author, school.manager]) {
        const response = await apiAs(t.app, member).request(method as 'GET', url, body);
        expect(response.statusCode, `${url} ${member.user.name}`).toBe(403);
      }
    }
  });

  it('answers 404 for another project’s theme, exercises, versions and runs', async () => {
    const api = apiAs(t.app, other.moderator);
    const mine = apiAs(t.app, school.moderator);
    const [version] = await t.db
      .select({ id: exerciseGenerated.id })
      .from(exerciseGenerated)
      .where(eq(exerciseGenerated.workspaceId, school.workspace.id))
      .limit(1);
    const run = dataOf<GenerationRun>(await mine.post('/api/generator/only-new', {}), 202);
    for (const [method, url, body] of [
      ['GET', `/api/exercises/generated?theme_id=${themeId}`],
      ['GET', `/api/generator/runs/${run.id}`],
      ['POST', '/api/generator/by-theme', { theme_id: themeId }],
      ['POST', '/api/generator/only-new', { theme_id: themeId }],
      ['POST', '/api/generator/generate', { theme_id: themeId, exercise_ids: plain }],
      ['POST', '/api/generator/refresh', { generated_ids: [version?.id] }],
      ['POST', '/api/generator/delete', { generated_ids: [version?.id] }],
      ['POST', '/api/generator/refresh-for-reports', { exercise_ids: plain }],
      ['POST', '/api/check-generate-presentation', { generated_id: version?.id }],
    ] as const) {
      const response = await api.request(method, url, body);
      expect(response.statusCode, `${url} ${response.body}`).toBe(404);
    }
    // Nothing of the school's shows in the other project's list and figures.
    expect(((await api.get('/api/exercises/generated')).json() as GeneratedListPage).meta.total).toBe(0);
    expect(dataOf<GenerationStats>(await api.get('/api/generator/general-stats')).generated).toBe(0);
  });

  it('answers 422 for bad input', async () => {
    const api = apiAs(t.app, school.moderator);
    for (const [url, body] of [
      ['/api/generator/generate', { theme_id: themeId, exercise_ids: [] }],
      ['/api/generator/generate', { theme_id: themeId, exercise_ids: [plain[0], plain[0]] }],
      ['/api/generator/generate', { theme_id: 'x', exercise_ids: plain }],
      ['/api/generator/by-theme', { theme_id: themeId, extra: 1 }],
      ['/api/generator/delete', { generated_ids: Array.from({ length: 201 }, (_, i) => i + 1) }],
      ['/api/check-generate-presentation', {}],
    ] as const) {
      expect((await api.post(url, body)).statusCode, url).toBe(422);
    }
    for (const query of ['state=nope', `term=${'x'.repeat(201)}`, 'page=0', 'theme_id=-1']) {
      expect((await api.get(`/api/exercises/generated?${query}`)).statusCode, query).toBe(422);
    }
  });
});
