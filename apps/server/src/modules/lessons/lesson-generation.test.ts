import {
  EXERCISE_STATUS,
  roleMay,
  type GenerationAssetType,
  type Lesson,
  type LessonGeneration,
  type LessonThemed,
} from '@logoschool/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  clientThemes,
  exerciseFiles,
  exerciseGenerated,
  exercises,
  lessonGenerations,
  lessonPresentations,
  lessons,
  themes,
} from '../../db/schema/index.ts';
import type { FileStore } from '../../files/files.ts';
import { text } from '../../i18n/index.ts';
import { apiAs, EVERY_ROLE, expectAllowed, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { DECK_MEDIA, SLIDES, uploadDeck } from '../../test/exercises.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import {
  buildLessonSchool,
  dataOf,
  lessonBody,
  lessonsOfPlan,
  lockLesson,
  readLesson,
  type LessonSchool,
} from '../../test/lessons.ts';
import { buildThemeWithAssets, solidPng } from '../../test/media.ts';
import { pptxDeck } from '../../test/pptx.ts';
import { EXERCISE_FILES } from '../exercises/index.ts';
import {
  lessonsToPrepare,
  prepareLessons,
  runLessonGeneration,
  type LessonGenerationData,
} from './lesson-generation.service.ts';

const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const errorsOf = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string; errors?: Record<string, string[]> };
};
const GENERATE = '/api/generator/generate-before-lesson';
const generate = (who: Member, lessonId: unknown) => as(who).post(GENERATE, { lesson_id: lessonId });
const runUrl = (lessonId: number) => `/api/lesson/${lessonId}/generation`;
const themedUrl = (lessonId: number) => `/api/lesson/${lessonId}/themed`;
const run = (generationId: number, files: FileStore = t.app.files) =>
  runLessonGeneration(t.db, files, { generationId } satisfies LessonGenerationData);

/** The marks of `DECK_MEDIA` as `generation.test.ts` sets them: a background, a character, a sound. */
const MARKS: Record<string, GenerationAssetType> = {
  'image1.png': 'background',
  'image2.jpeg': 'character',
  'media1.wav': 'sound',
};

/** Makes an accepted exercise of the school's author ready for themed versions: a deck with marked media. */
async function makeThemable(s: LessonSchool, exerciseId: number) {
  await t.db.update(exercises).set({ statusId: EXERCISE_STATUS.draft }).where(eq(exercises.id, exerciseId));
  const upload = await uploadDeck(t.app, s.author, exerciseId, pptxDeck(SLIDES, { media: DECK_MEDIA }));
  expect(upload.statusCode, upload.body).toBe(201);
  for (const [name, type] of Object.entries(MARKS)) {
    await t.db
      .update(exerciseFiles)
      .set({ assetType: type })
      .where(and(eq(exerciseFiles.exerciseId, exerciseId), eq(exerciseFiles.originalName, name)));
  }
  await t.db
    .update(exercises)
    .set({ statusId: EXERCISE_STATUS.accepted, readyForGeneration: true })
    .where(eq(exercises.id, exerciseId));
}

interface ThemedSchool {
  s: LessonSchool;
  lesson: Lesson;
  /** A theme every marked part can take (named "A …"), and one with only a background ("B …"). */
  full: { id: number; name: string };
  partial: { id: number; name: string };
}

/**
 * A lesson school whose student likes two themes, and whose plan's first lesson holds three decks:
 * a word and a phrase ready for themed versions, and a phrase without a deck. So 3 × 2 = 6 versions
 * to make: the two ready decks for the full theme, the rest skipped.
 */
async function themedSchool(): Promise<ThemedSchool> {
  const s = await buildLessonSchool(t.app, t.db);
  await makeThemable(s, s.words[0]!);
  await makeThemable(s, s.phrases[0]!);
  const full = await buildThemeWithAssets(t.db, t.app.files, s.workspace.id, [
    { type: 'background', content: solidPng(10, 10, 120) },
    { type: 'character', content: solidPng(220, 40, 40) },
    { type: 'sound', content: DECK_MEDIA[2]!.content },
  ]);
  const partial = await buildThemeWithAssets(t.db, t.app.files, s.workspace.id, [
    { type: 'background', content: solidPng(0, 120, 0) },
  ]);
  // Names that sort: the full theme first.
  await t.db
    .update(themes)
    .set({ name: `A full ${full.theme.id}` })
    .where(eq(themes.id, full.theme.id));
  await t.db
    .update(themes)
    .set({ name: `B partial ${partial.theme.id}` })
    .where(eq(themes.id, partial.theme.id));
  await t.db.insert(clientThemes).values([
    { clientId: s.student.id, themeId: full.theme.id },
    { clientId: s.student.id, themeId: partial.theme.id },
  ]);
  const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
  const read = await readLesson(t.app, s.teacher, first!.id);
  const lesson = dataOf<Lesson>(
    await as(s.teacher).put(
      `/api/lesson/${read.id}`,
      lessonBody(read, [[s.words[0]!], [s.phrases[0]!, s.phrases[1]!]]),
    ),
  );
  return {
    s,
    lesson,
    full: { id: full.theme.id, name: `A full ${full.theme.id}` },
    partial: { id: partial.theme.id, name: `B partial ${partial.theme.id}` },
  };
}

/** A file store that notes the run's progress each time a file is read (the engine reads one per deck). */
function watchingStore(generationId: number, seen: number[]): FileStore {
  return new Proxy(t.app.files, {
    get(target, property, receiver) {
      if (property !== 'read') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<FileStore['read']>) => {
        const [row] = await t.db
          .select({ done: lessonGenerations.done })
          .from(lessonGenerations)
          .where(eq(lessonGenerations.id, generationId));
        if (args[0] === EXERCISE_FILES) seen.push(row?.done ?? -1);
        return target.read(...args);
      };
    },
  });
}

describe('POST /generator/generate-before-lesson and its job', () => {
  it('locks the lesson, makes the themed versions deck by deck, counts them, then frees the lesson', async () => {
    const { s, lesson, full, partial } = await themedSchool();
    const queued = dataOf<LessonGeneration>(await generate(s.teacher, lesson.id), 202);
    expect(queued).toEqual({
      id: expect.any(Number),
      lesson_id: lesson.id,
      status: 'queued',
      total: 6,
      done: 0,
      skipped: 0,
      error: null,
      created_at: expect.any(String),
      started_at: null,
      finished_at: null,
    });
    expect((await readLesson(t.app, s.teacher, lesson.id)).locked).toBe(true);
    expect(dataOf<LessonGeneration>(await as(s.teacher).get(runUrl(lesson.id)))).toEqual(queued);

    const seen: number[] = [];
    expect(await run(queued.id, watchingStore(queued.id, seen))).toEqual({
      status: 'done',
      done: 6,
      skipped: 4,
    });
    // One deck read per version made, the count moved on after each pair before the next.
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeLessThan(seen[1]!);
    const ended = dataOf<LessonGeneration>(await as(s.teacher).get(runUrl(lesson.id)));
    expect(ended).toMatchObject({
      id: queued.id,
      status: 'done',
      total: 6,
      done: 6,
      skipped: 4,
      error: null,
    });
    expect(ended.started_at).not.toBeNull();
    expect(ended.finished_at).not.toBeNull();
    const after = await readLesson(t.app, s.teacher, lesson.id);
    expect(after.locked).toBe(false);
    dataOf(
      await as(s.teacher).put(
        `/api/lesson/${lesson.id}`,
        lessonBody(after, [[s.words[0]!], s.phrases.slice(0, 2)]),
      ),
    );

    const themed = dataOf<LessonThemed>(await as(s.teacher).get(themedUrl(lesson.id)));
    expect(themed.themes).toEqual([full, partial]);
    expect(themed.versions.map((v) => [v.exercise_id, v.theme.id])).toEqual([
      [s.words[0], full.id],
      [s.phrases[0], full.id],
    ]);
    const version = themed.versions[0]!;
    expect(version.file.url).toBe(
      `/api/lesson/${lesson.id}/themed/${version.id}/file?workspace_id=${s.workspace.id}`,
    );
    const file = await apiAs(t.app, null, { token: s.teacher.token }).get(version.file.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.length).toBe(version.file.size);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses every change of the lesson while a run is queued or running (409 lesson_locked)', async () => {
    const { s, lesson } = await themedSchool();
    const queued = dataOf<LessonGeneration>(await generate(s.teacher, lesson.id), 202);
    const message = text('en', 'errors.lesson_locked');
    const refusals = async () => {
      for (const response of [
        await as(s.teacher).put(
          `/api/lesson/${lesson.id}`,
          lessonBody(lesson, [[s.words[1]!], s.phrases.slice(0, 2)]),
        ),
        await as(s.teacher).post('/api/exercises/generate-lesson', { lesson_id: lesson.id, replace: true }),
        await as(s.teacher).post('/api/lesson/finish', { lesson_id: lesson.id, reached: [] }),
        await as(s.teacher).post(`/api/lesson/${lesson.id}/marks`, {
          exercise_id: s.words[0],
          result: 'correct',
        }),
        await generate(s.teacher, lesson.id),
      ]) {
        const body = errorsOf(response, 409);
        expect(body.code).toBe('lesson_locked');
        expect(body.message).toBe(message);
      }
    };
    await refusals();
    // Running: the lock holds while the job works (seen from inside, at its first deck).
    let checked = false;
    const store = new Proxy(t.app.files, {
      get(target, property, receiver) {
        if (property !== 'read') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<FileStore['read']>) => {
          if (!checked) {
            checked = true;
            expect(dataOf<LessonGeneration>(await as(s.teacher).get(runUrl(lesson.id))).status).toBe(
              'running',
            );
            await refusals();
          }
          return target.read(...args);
        };
      },
    });
    expect((await run(queued.id, store)).status).toBe('done');
    expect(checked).toBe(true);
    expect(idsOfLesson(await readLesson(t.app, s.teacher, lesson.id))).toEqual([
      [s.words[0]],
      [s.phrases[0], s.phrases[1]],
    ]);
  });

  it('keeps a read-only version and makes the others again', async () => {
    const { s, lesson, full } = await themedSchool();
    dataOf(await generate(s.teacher, lesson.id), 202);
    const [first] = await t.db
      .select()
      .from(lessonGenerations)
      .where(eq(lessonGenerations.lessonId, lesson.id));
    await run(first!.id);
    const before = dataOf<LessonThemed>(await as(s.teacher).get(themedUrl(lesson.id))).versions;
    const kept = before.find((v) => v.exercise_id === s.words[0])!;
    await t.db.update(exerciseGenerated).set({ readOnly: true }).where(eq(exerciseGenerated.id, kept.id));
    const again = dataOf<LessonGeneration>(await generate(s.teacher, lesson.id), 202);
    expect(await run(again.id)).toEqual({ status: 'done', done: 6, skipped: 4 });
    const after = dataOf<LessonThemed>(await as(s.teacher).get(themedUrl(lesson.id))).versions;
    expect(after.find((v) => v.exercise_id === s.words[0])?.id).toBe(kept.id);
    const remade = after.find((v) => v.exercise_id === s.phrases[0])!;
    expect(remade.theme.id).toBe(full.id);
    expect(remade.id).not.toBe(before.find((v) => v.exercise_id === s.phrases[0])?.id);
  });

  it('records a failure and frees the lesson when a deck cannot be read', async () => {
    const { s, lesson } = await themedSchool();
    const queued = dataOf<LessonGeneration>(await generate(s.teacher, lesson.id), 202);
    const [deck] = await t.db
      .select()
      .from(exerciseFiles)
      .where(and(eq(exerciseFiles.exerciseId, s.phrases[0]!), eq(exerciseFiles.kind, 'presentation')));
    await t.app.files.remove(EXERCISE_FILES, deck!.storedName);
    const result = await run(queued.id);
    expect(result.status).toBe('failed');
    expect(result.done).toBeLessThan(6);
    const failed = dataOf<LessonGeneration>(await as(s.teacher).get(runUrl(lesson.id), { lang: 'uk' }));
    expect(failed).toMatchObject({ status: 'failed', done: result.done, skipped: result.skipped });
    expect(failed.error).toBe(text('uk', 'fields.lessonGenerationBroke'));
    expect(failed.finished_at).not.toBeNull();
    expect((await readLesson(t.app, s.teacher, lesson.id)).locked).toBe(false);
    // The job run again for the same run changes nothing.
    expect(await run(queued.id)).toEqual({ status: 'stale', done: 0, skipped: 0 });
  });

  it('fails a run whose lesson was finished before the job took it, freeing the lesson', async () => {
    const { s, lesson } = await themedSchool();
    const queued = dataOf<LessonGeneration>(await generate(s.teacher, lesson.id), 202);
    await t.db.update(lessons).set({ finishedAt: new Date() }).where(eq(lessons.id, lesson.id));
    expect((await run(queued.id)).status).toBe('failed');
    const failed = dataOf<LessonGeneration>(await as(s.teacher).get(runUrl(lesson.id)));
    expect(failed.error).toBe(text('en', 'fields.lessonGenerationFinished'));
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(row?.lockedUntil).toBeNull();
  });

  it('refuses a finished lesson, a student without interests and a lesson without presentations (409)', async () => {
    const { s, lesson } = await themedSchool();
    const [, second] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const empty = errorsOf(await generate(s.teacher, second!.id), 409);
    expect(empty).toMatchObject({
      code: 'conflict',
      message: text('en', 'alternatives.lessonNoPresentations'),
    });
    await t.db.delete(clientThemes).where(eq(clientThemes.clientId, s.student.id));
    const none = errorsOf(await as(s.teacher).post(GENERATE, { lesson_id: lesson.id }, { lang: 'pl' }), 409);
    expect(none).toMatchObject({ code: 'conflict', message: text('pl', 'alternatives.lessonNoInterests') });
    await t.db.update(lessons).set({ finishedAt: new Date() }).where(eq(lessons.id, lesson.id));
    expect(errorsOf(await generate(s.teacher, lesson.id), 409).code).toBe('lesson_finished');
    // Nothing was queued, nothing locked.
    expect(
      await t.db.select().from(lessonGenerations).where(eq(lessonGenerations.lessonId, lesson.id)),
    ).toEqual([]);
    expect(dataOf(await as(s.teacher).get(runUrl(lesson.id)))).toBeNull();
  });

  it('lets a new run start once a lock ran out, marking the stale one failed', async () => {
    const { s, lesson } = await themedSchool();
    const stale = dataOf<LessonGeneration>(await generate(s.teacher, lesson.id), 202);
    await lockLesson(t.db, lesson.id, new Date(Date.now() - 1000));
    const fresh = dataOf<LessonGeneration>(await generate(s.teacher, lesson.id), 202);
    expect(fresh.id).not.toBe(stale.id);
    const [old] = await t.db.select().from(lessonGenerations).where(eq(lessonGenerations.id, stale.id));
    expect(old).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect(await run(stale.id)).toEqual({ status: 'stale', done: 0, skipped: 0 });
    expect((await run(fresh.id)).status).toBe('done');
  });
});

const idsOfLesson = (lesson: Lesson) =>
  lesson.blocks.map((block) => block.presentations.map((p) => p.exercise_id));

describe('the schedule (prepare-lessons)', () => {
  /** Sets a lesson's start `hours` from now, as a save would (its `updated_at` moves on). */
  const startIn = async (id: number, hours: number) =>
    t.db
      .update(lessons)
      .set({ startsAt: new Date(Date.now() + hours * 3_600_000), updatedAt: new Date() })
      .where(eq(lessons.id, id));

  it('picks the lessons of the next day that are open, free, filled, with interests and no run since they changed', async () => {
    const { s, lesson } = await themedSchool();
    const ofPlan = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const [, empty, later, finished, locked] = ofPlan;
    // Three more lessons holding a presentation each; the other teacher's student has no interests.
    const [firstBlock] = lesson.blocks;
    for (const other of [later!, finished!, locked!]) {
      await t.db
        .insert(lessonPresentations)
        .values({ lessonId: other.id, blockKey: firstBlock!.key, position: 0, exerciseId: s.words[1]! });
    }
    await startIn(lesson.id, 2);
    await startIn(empty!.id, 3);
    await startIn(later!.id, 30);
    await startIn(finished!.id, 4);
    await t.db.update(lessons).set({ finishedAt: new Date() }).where(eq(lessons.id, finished!.id));
    await startIn(locked!.id, 5);
    await lockLesson(t.db, locked!.id, new Date(Date.now() + 60_000));
    const [theirs] = await lessonsOfPlan(t.app, s.otherTeacher, s.otherPlan.id);
    const theirsRead = await readLesson(t.app, s.otherTeacher, theirs!.id);
    dataOf(
      await as(s.otherTeacher).put(
        `/api/lesson/${theirs!.id}`,
        lessonBody(theirsRead, [[s.words[0]!], s.phrases.slice(0, 2)], {
          starts_at: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      ),
    );
    const mine = new Set([...ofPlan.map((l) => l.id), theirs!.id]);
    const picked = async () =>
      (await lessonsToPrepare(t.db, new Date())).map((row) => row.id).filter((id) => mine.has(id));
    expect(await picked()).toEqual([lesson.id]);

    // Queued by the schedule: the lesson is locked, its run has no requester, the job is sent.
    const sent: { name: string; data: object }[] = [];
    const jobs = { send: async (name: string, data: object) => (sent.push({ name, data }), 'job-id') };
    const result = await prepareLessons(t.db, jobs);
    expect(result.queued).toBeGreaterThanOrEqual(1);
    const [queued] = await t.db
      .select()
      .from(lessonGenerations)
      .where(eq(lessonGenerations.lessonId, lesson.id));
    expect(queued).toMatchObject({ status: 'queued', requestedBy: null, total: 6 });
    expect(sent).toContainEqual({ name: 'generate-before-lesson', data: { generationId: queued!.id } });
    expect((await readLesson(t.app, s.teacher, lesson.id)).locked).toBe(true);
    expect(await picked()).toEqual([]);

    // Done: not again until the lesson changes.
    await run(queued!.id);
    expect(await picked()).toEqual([]);
    const read = await readLesson(t.app, s.teacher, lesson.id);
    dataOf(await as(s.teacher).put(`/api/lesson/${lesson.id}`, lessonBody(read, idsOfLesson(read))));
    expect(await picked()).toEqual([lesson.id]);
  });

  it('marks failed the runs whose lock ran out without an end', async () => {
    const { s, lesson } = await themedSchool();
    const queued = dataOf<LessonGeneration>(await generate(s.teacher, lesson.id), 202);
    await lockLesson(t.db, lesson.id, null);
    const result = await prepareLessons(t.db, null, new Date());
    expect(result.interrupted).toBeGreaterThanOrEqual(1);
    const failed = dataOf<LessonGeneration>(await as(s.teacher).get(runUrl(lesson.id)));
    expect(failed).toMatchObject({
      id: queued.id,
      status: 'failed',
      error: text('en', 'fields.lessonGenerationInterrupted'),
    });
  });
});

describe('who reaches the themed versions of a lesson', () => {
  it('answers 404 for another teacher’s lesson and another project’s, and for a version not of the lesson', async () => {
    const { s, lesson } = await themedSchool();
    const queued = dataOf<LessonGeneration>(await generate(s.teacher, lesson.id), 202);
    await run(queued.id);
    const version = dataOf<LessonThemed>(await as(s.teacher).get(themedUrl(lesson.id))).versions[0]!;
    const elsewhere = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
    for (const who of [s.otherTeacher, elsewhere]) {
      for (const response of [
        await generate(who, lesson.id),
        await as(who).get(runUrl(lesson.id)),
        await as(who).get(themedUrl(lesson.id)),
        await as(who).get(`/api/lesson/${lesson.id}/themed/${version.id}/file`),
      ])
        expect(errorsOf(response, 404).code).toBe('not_found');
    }
    expect(errorsOf(await generate(s.teacher, 2147483647), 404).code).toBe('not_found');
    // A version of the lesson's deck asked through another lesson of the teacher's.
    const [, second] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const through = await as(s.teacher).get(`/api/lesson/${second!.id}/themed/${version.id}/file`);
    expect(errorsOf(through, 404).code).toBe('not_found');
    // A version for a theme the student does not like any more.
    await t.db
      .delete(clientThemes)
      .where(and(eq(clientThemes.clientId, s.student.id), inArray(clientThemes.themeId, [version.theme.id])));
    const unliked = await as(s.teacher).get(`/api/lesson/${lesson.id}/themed/${version.id}/file`);
    expect(errorsOf(unliked, 404).code).toBe('not_found');
  });

  it('answers 401 without a token and 403 to every role that keeps no lessons', async () => {
    const { s, lesson } = await themedSchool();
    const anonymous = apiAs(t.app, s.teacher, { token: null });
    for (const response of [
      await anonymous.post(GENERATE, { lesson_id: lesson.id }),
      await anonymous.get(runUrl(lesson.id)),
      await anonymous.get(themedUrl(lesson.id)),
      await anonymous.get(`/api/lesson/${lesson.id}/themed/1/file`),
    ])
      expect(errorsOf(response, 401).code).toBe('unauthenticated');
    for (const role of EVERY_ROLE) {
      if (roleMay(role, 'lessons.manage')) continue;
      const member = await buildSignedInMember(t.db, s.workspace, role);
      for (const response of [
        await generate(member, lesson.id),
        await as(member).get(runUrl(lesson.id)),
        await as(member).get(themedUrl(lesson.id)),
        await as(member).get(`/api/lesson/${lesson.id}/themed/1/file`),
      ])
        expectAllowed(response, false);
    }
    expect((await readLesson(t.app, s.teacher, lesson.id)).locked).toBe(false);
  });

  it('refuses a malformed body (422, naming the field) and a path naming no lesson (404)', async () => {
    const { s, lesson } = await themedSchool();
    for (const [body, field] of [
      [{}, 'lesson_id'],
      [{ lesson_id: 'one' }, 'lesson_id'],
      [{ lesson_id: 0 }, 'lesson_id'],
      [{ lesson_id: 1.5 }, 'lesson_id'],
      [{ lesson_id: lesson.id, theme_id: 1 }, 'theme_id'],
    ] as const) {
      const refused = errorsOf(await as(s.teacher).post(GENERATE, body), 422);
      expect(refused.code).toBe('validation_failed');
      expect(Object.keys(refused.errors ?? {})).toContain(field);
    }
    for (const url of [
      '/api/lesson/abc/generation',
      '/api/lesson/0/themed',
      `/api/lesson/${lesson.id}/themed/abc/file`,
    ]) {
      // As every lesson route: an id that is no id names no lesson.
      expect(errorsOf(await as(s.teacher).get(url), 404).code).toBe('not_found');
    }
    expect((await readLesson(t.app, s.teacher, lesson.id)).locked).toBe(false);
  });
});
