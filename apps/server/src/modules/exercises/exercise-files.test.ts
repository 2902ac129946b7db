import {
  EXERCISE_PRESENTATION_MAX_BYTES,
  EXERCISE_STATUS,
  hasForbiddenText,
  type Exercise,
  type ExerciseSlides,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exerciseFiles, exerciseTags, exercises } from '../../db/schema/index.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import { findProgram } from '../../files/render-slides.ts';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildDraft, buildSchool, PPTX_TYPE, storedExerciseFiles, uploadDeck } from '../../test/exercises.ts';
import { buildExercise, type Member } from '../../test/factories.ts';
import { EXE_FILE, OLE_FILE, TINY_JPEG, pptxDeck, zipArchive, zipBombDeck } from '../../test/pptx.ts';
import { deckWithSlideXml, textRunsDeck } from '../../test/pptx-text.ts';
import { solidPng } from '../../test/media.ts';
import { renderExerciseSlides, type RenderSlidesData } from './slide-render.service.ts';

const t = useTestApp();

/** Whether this machine can render slides for real (CI installs LibreOffice and poppler). */
const sofficeInstalled = (await findProgram('soffice')) !== null && (await findProgram('pdftoppm')) !== null;

const SLIDES = [['Say R', 'Рак & <риба>'], ['Second slide'], ['Third', 'Croak']];

const message = (key: FieldMessage, params = {}) => text('en', `fields.${key}`, params);

const renderOptions = (sofficePath: string) => ({
  files: t.app.files,
  sofficePath,
  pdftoppmPath: 'pdftoppm',
});

async function uploaded(who: Member, exerciseId: number, deck = pptxDeck(SLIDES)): Promise<RenderSlidesData> {
  const response = await uploadDeck(t.app, who, exerciseId, deck);
  expect(response.statusCode).toBe(201);
  const exercise = response.json().data as Exercise;
  return { exerciseId, fileId: exercise.presentation!.file_id };
}

describe('POST /exercises/:id/files', () => {
  it('stores the deck, its slide count and text; every answer shows the presentation', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author, { title: 'Tiger growls' });
    const response = await uploadDeck(t.app, school.author, draft.id, pptxDeck(SLIDES), {
      filename: 'Рик тигра.pptx',
    });
    expect(response.statusCode).toBe(201);
    const exercise = response.json().data as Exercise;
    expect(exercise.presentation).toEqual({
      file_id: expect.any(Number),
      name: 'Рик тигра.pptx',
      slide_count: 3,
    });
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, draft.id));
    expect(row?.slideCount).toBe(3);
    expect(row?.slideText?.split('\f')).toEqual(['Say R Рак & <риба>', 'Second slide', 'Third Croak']);
    expect(row?.slidesStatus).toBe('pending');

    const one = await apiAs(t.app, school.author).get(`/api/exercises/${draft.id}`);
    expect(one.json().data.presentation).toEqual(exercise.presentation);
    // The term searches the slides' text as well as the title.
    const list = await apiAs(t.app, school.author).get('/api/exercises', { query: 'status_id=4&term=croak' });
    expect(list.json().data.map((e: Exercise) => [e.id, e.presentation?.slide_count])).toEqual([
      [draft.id, 3],
    ]);

    const download = await apiAs(t.app, school.moderator).get(
      `/api/exercises/${draft.id}/files/presentation`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(PPTX_TYPE);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''%D0%A0/);
    expect(download.rawPayload.equals(pptxDeck(SLIDES))).toBe(true);
  });

  it('queues the render-slides job for the new deck, before the decks queued at start', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const sent: [string, object, object | undefined][] = [];
    t.app.jobs = {
      send: async (name, data, options) => {
        sent.push([name, data, options]);
        return 'job-id';
      },
    };
    try {
      const data = await uploaded(school.author, draft.id);
      expect(sent).toEqual([['render-slides', data, { priority: 1 }]]);
    } finally {
      t.app.jobs = null;
    }
  });

  it('replaces an earlier deck and removes its file', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    await uploaded(school.author, draft.id);
    const before = storedExerciseFiles(t.app);
    const second = await uploadDeck(t.app, school.author, draft.id, pptxDeck([['Only one']]), {
      filename: 'two.pptx',
    });
    expect(second.json().data.presentation).toMatchObject({ name: 'two.pptx', slide_count: 1 });
    const after = storedExerciseFiles(t.app);
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
  });

  it.each([
    ['a renamed .exe', EXE_FILE, 'presentationNotPptx'],
    ['a legacy .ppt (OLE compound file)', OLE_FILE, 'presentationLegacy'],
    [
      'a zip without ppt/presentation.xml',
      zipArchive([{ name: '[Content_Types].xml', content: Buffer.from('<Types/>') }]),
      'presentationNotPptx',
    ],
  ] as const)('refuses %s with 415, storing nothing', async (_case, content, key) => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const before = storedExerciseFiles(t.app);
    const response = await uploadDeck(t.app, school.author, draft.id, content);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'unsupported_media_type',
      message: text('en', 'errors.unsupported_media_type', { type: 'deck.pptx' }),
      errors: { file: [message(key)] },
    });
    expect(storedExerciseFiles(t.app)).toEqual(before);
  });

  it('stops a zip bomb while inflating (422) with the memory staying bounded', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const bomb = await zipBombDeck(300 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const response = await uploadDeck(t.app, school.author, draft.id, bomb);
    const growth = process.memoryUsage().rss - rssBefore;
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      file: [message('presentationUnpacksTooLarge', { limit: '200 MB' })],
    });
    expect(growth).toBeLessThan(150 * 1024 * 1024);
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, draft.id));
    expect(row?.slideCount).toBeNull();
  });

  it('refuses a deck with more than 2000 parts (422)', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const many = zipArchive([
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'ppt/presentation.xml', content: Buffer.from('<p:presentation/>') },
      ...Array.from({ length: 2000 }, (_, i) => ({ name: `ppt/media/${i}.txt`, content: Buffer.from('x') })),
    ]);
    const response = await uploadDeck(t.app, school.author, draft.id, many);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: [message('presentationTooManyParts', { max: 2000 })] });
  });

  it('refuses a file over 50 MB (413)', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const huge = Buffer.alloc(EXERCISE_PRESENTATION_MAX_BYTES + 1);
    pptxDeck(SLIDES).copy(huge);
    const response = await uploadDeck(t.app, school.author, draft.id, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'payload_too_large',
      message: text('en', 'errors.payload_too_large', { limit: '50 MB' }),
    });
  });

  it('answers 401 without a token, 403 to who may not edit, 404 for what the caller cannot see', async () => {
    const school = await buildSchool(t.db);
    const elsewhere = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const accepted = await buildExercise(t.db, school.workspace.id, school.author.user.id);
    const deck = pptxDeck(SLIDES);
    expect((await uploadDeck(t.app, school.author, draft.id, deck, { token: null })).statusCode).toBe(401);
    // An author reads the accepted library but edits only her drafts and declined exercises.
    expect((await uploadDeck(t.app, school.author, accepted.id, deck)).statusCode).toBe(403);
    expect((await uploadDeck(t.app, school.teacher, accepted.id, deck)).statusCode).toBe(403);
    // Another author's draft, a teacher and a draft, another project's moderator.
    expect((await uploadDeck(t.app, school.otherAuthor, draft.id, deck)).statusCode).toBe(404);
    expect((await uploadDeck(t.app, school.teacher, draft.id, deck)).statusCode).toBe(404);
    expect((await uploadDeck(t.app, elsewhere.moderator, draft.id, deck)).statusCode).toBe(404);
    // A moderator may change any exercise's deck (an accepted one must stay complete: see below).
    expect((await uploadDeck(t.app, school.moderator, draft.id, deck)).statusCode).toBe(201);
  });

  it('keeps an exercise under review complete: a deck without slides is refused there (422)', async () => {
    const school = await buildSchool(t.db);
    const inReview = await buildExercise(t.db, school.workspace.id, school.author.user.id, {
      statusId: EXERCISE_STATUS.moderation,
      categoryId: school.leaf,
      slideCount: 2,
    });
    await t.db.insert(exerciseTags).values({ exerciseId: inReview.id, tagId: school.rhymes });
    const response = await uploadDeck(t.app, school.moderator, inReview.id, pptxDeck([]));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ presentation: [message('exercisePresentationRequired')] });
    expect((await uploadDeck(t.app, school.moderator, inReview.id, pptxDeck([['ok']]))).statusCode).toBe(201);
  });
});

describe('DELETE /exercises/:id/files', () => {
  it('removes the deck of a draft, its files and its slide data', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    await uploaded(school.author, draft.id);
    const before = storedExerciseFiles(t.app);
    const response = await apiAs(t.app, school.author).delete(`/api/exercises/${draft.id}/files`, {
      query: 'status_id=4',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.presentation).toBeNull();
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, draft.id));
    expect([row?.slideCount, row?.slideText, row?.slidesStatus]).toEqual([null, null, null]);
    expect(storedExerciseFiles(t.app)).toHaveLength(before.length - 1);
    expect((await apiAs(t.app, school.author).delete(`/api/exercises/${draft.id}/files`)).statusCode).toBe(
      404,
    );
  });

  it('refuses while the status needs a presentation (409), and on a stale status (409)', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    await uploaded(school.author, draft.id);
    const stale = await apiAs(t.app, school.author).delete(`/api/exercises/${draft.id}/files`, {
      query: 'status_id=3',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    await t.db
      .update(exercises)
      .set({ statusId: EXERCISE_STATUS.moderation })
      .where(eq(exercises.id, draft.id));
    // Its author may not edit it in moderation; the moderator may, but not take its deck away.
    expect((await apiAs(t.app, school.author).delete(`/api/exercises/${draft.id}/files`)).statusCode).toBe(
      403,
    );
    const locked = await apiAs(t.app, school.moderator).delete(`/api/exercises/${draft.id}/files`, {
      query: 'status_id=3',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({
      code: 'presentation_required',
      message: text('en', 'errors.presentation_required'),
    });
  });

  it('answers 401, and 404 to who cannot see the exercise', async () => {
    const school = await buildSchool(t.db);
    const elsewhere = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    await uploaded(school.author, draft.id);
    const anonymous = await apiAs(t.app, school.author, { token: null }).delete(
      `/api/exercises/${draft.id}/files`,
    );
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await apiAs(t.app, school.otherAuthor).delete(`/api/exercises/${draft.id}/files`)).statusCode,
    ).toBe(404);
    expect(
      (await apiAs(t.app, elsewhere.moderator).delete(`/api/exercises/${draft.id}/files`)).statusCode,
    ).toBe(404);
  });
});

describe('deleting exercises', () => {
  it('removes their decks and slide images from the file store', async () => {
    const school = await buildSchool(t.db);
    const one = await buildDraft(t.db, school.author);
    const two = await buildDraft(t.db, school.author);
    const three = await buildDraft(t.db, school.author);
    const before = storedExerciseFiles(t.app);
    for (const exercise of [one, two, three]) {
      const data = await uploaded(school.author, exercise.id);
      await renderExerciseSlides(t.db, renderOptions('/nonexistent/soffice'), data);
    }
    expect(storedExerciseFiles(t.app)).toHaveLength(before.length + 6);
    expect((await apiAs(t.app, school.author).delete(`/api/exercises/${one.id}`)).statusCode).toBe(200);
    expect(storedExerciseFiles(t.app)).toHaveLength(before.length + 4);
    const bulk = await apiAs(t.app, school.moderator).post('/api/exercises/bulk/delete', {
      ids: [two.id, three.id],
    });
    expect(bulk.statusCode).toBe(200);
    expect(storedExerciseFiles(t.app)).toEqual(before);
  });
});

describe('the render-slides job', () => {
  it.skipIf(!sofficeInstalled)(
    'renders one PNG per slide with LibreOffice and pdftoppm (status ready)',
    async () => {
      const school = await buildSchool(t.db);
      const draft = await buildDraft(t.db, school.author);
      const data = await uploaded(school.author, draft.id);
      const result = await renderExerciseSlides(t.db, renderOptions('soffice'), data);
      expect(result).toEqual({ status: 'ready', slides: 3 });
      const slides = await apiAs(t.app, school.author).get(`/api/exercises/${draft.id}/slides`);
      const body = slides.json().data as ExerciseSlides;
      expect(body.status).toBe('ready');
      expect(body.message).toBeNull();
      expect(body.slides.map((slide) => slide.position)).toEqual([1, 2, 3]);
      const image = await apiAs(t.app, null, { token: school.author.token }).get(body.slides[0]!.file_url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    },
    60_000,
  );

  it('falls back to the deck’s thumbnail when LibreOffice is not installed (status thumbnail)', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const data = await uploaded(school.author, draft.id);
    const result = await renderExerciseSlides(t.db, renderOptions('/nonexistent/soffice'), data);
    expect(result).toEqual({ status: 'thumbnail', slides: 1 });
    const slides = await apiAs(t.app, school.author).get(`/api/exercises/${draft.id}/slides`);
    expect(slides.json().data).toEqual({
      status: 'thumbnail',
      message: message('slidesLibreOfficeMissing'),
      slides: [
        { position: 1, file_url: expect.stringMatching(new RegExp(`/exercises/${draft.id}/slides/1\\?`)) },
      ],
    });
    const image = await apiAs(t.app, school.author).get(`/api/exercises/${draft.id}/slides/1`);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(TINY_JPEG)).toBe(true);
    // Readers of the exercise only: another author does not see this draft.
    expect((await apiAs(t.app, school.otherAuthor).get(`/api/exercises/${draft.id}/slides`)).statusCode).toBe(
      404,
    );
    expect(
      (await apiAs(t.app, school.otherAuthor).get(`/api/exercises/${draft.id}/slides/1`)).statusCode,
    ).toBe(404);
  });

  it('fails without LibreOffice and without a thumbnail, and leaves a replaced deck alone', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const bare = await uploaded(school.author, draft.id, pptxDeck(SLIDES, { thumbnail: false }));
    expect(await renderExerciseSlides(t.db, renderOptions('/nonexistent/soffice'), bare)).toEqual({
      status: 'failed',
      slides: 0,
    });
    const slides = await apiAs(t.app, school.author).get(`/api/exercises/${draft.id}/slides`);
    expect(slides.json().data).toEqual({
      status: 'failed',
      message: message('slidesNoThumbnail'),
      slides: [],
    });

    await uploaded(school.author, draft.id);
    expect(await renderExerciseSlides(t.db, renderOptions('/nonexistent/soffice'), bare)).toEqual({
      status: 'stale',
      slides: 0,
    });
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, draft.id));
    expect(row?.slidesStatus).toBe('pending');
    const files = await t.db.select().from(exerciseFiles).where(eq(exerciseFiles.exerciseId, draft.id));
    expect(files.map((file) => file.kind)).toEqual(['presentation']);
  });
});

describe('POST /exercises/:id/files with crafted decks', () => {
  const SKY = solidPng(80, 160, 255);

  it.each([
    ['a &#0; character reference', deckWithSlideXml('R&#0;L')],
    ['a raw NUL byte', deckWithSlideXml(Buffer.from('R\0L'))],
    ['a lone surrogate reference (&#xD800;)', deckWithSlideXml('R&#xD800;L')],
  ])('keeps %s out of the stored slide text (201)', async (_what, deck) => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const response = await uploadDeck(t.app, school.author, draft.id, deck);
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, draft.id));
    expect(row?.slideText).toBe('Say RL please\fSecond');
    expect(hasForbiddenText(row?.slideText ?? '')).toBe(false);
  });

  it('keeps a NUL in a picture’s part name out of its stored name and part (201)', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const deck = deckWithSlideXml('RL', { media: [{ name: 'sky\0.png', content: SKY, slides: [1] }] });
    const response = await uploadDeck(t.app, school.author, draft.id, deck);
    expect(response.statusCode, response.body).toBe(201);
    const images = await apiAs(t.app, school.author).get(`/api/exercises/${draft.id}/images`);
    expect(images.json().data.map((image: { name: string }) => image.name)).toEqual(['sky.png']);
    const rows = await t.db.select().from(exerciseFiles).where(eq(exerciseFiles.exerciseId, draft.id));
    for (const row of rows) {
      expect(hasForbiddenText(row.originalName)).toBe(false);
      expect(hasForbiddenText(row.mediaPath ?? '')).toBe(false);
    }
    expect(rows.find((row) => row.kind === 'image')).toMatchObject({
      mediaPath: 'ppt/media/sky.png',
      slides: [1],
    });
  });

  it('refuses a slide of 64 MB of text runs (422 deck_too_much_text) with memory and event loop free', async () => {
    const school = await buildSchool(t.db);
    const draft = await buildDraft(t.db, school.author);
    const deck = await textRunsDeck(64 * 1024 * 1024);
    expect(deck.length).toBeLessThan(400 * 1024);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssMax = rssBefore;
    let lagMax = 0;
    let last = performance.now();
    // A drift monitor: a timer that fires late by as long as the event loop was blocked.
    const monitor = setInterval(() => {
      const now = performance.now();
      lagMax = Math.max(lagMax, now - last - 5);
      last = now;
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
    }, 5);
    try {
      let uploadDone = false;
      const uploading = uploadDeck(t.app, school.author, draft.id, deck).finally(() => {
        uploadDone = true;
      });
      // The server answers others while it reads the deck.
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(uploadDone).toBe(false);
      const response = await uploading;
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({
        code: 'deck_too_much_text',
        message: text('en', 'errors.deck_too_much_text'),
      });
    } finally {
      // One more tick, so that a block just before the answer is measured too.
      await new Promise((resolve) => setTimeout(resolve, 20));
      clearInterval(monitor);
    }
    expect(rssMax - rssBefore).toBeLessThan(100 * 1024 * 1024);
    expect(lagMax).toBeLessThan(1000);
    const [row] = await t.db.select().from(exercises).where(eq(exercises.id, draft.id));
    expect(row?.slideCount).toBeNull();
  });
});
