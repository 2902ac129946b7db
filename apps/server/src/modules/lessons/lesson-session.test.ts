import {
  clientSessionSchema,
  type ClientSession,
  type Lesson,
  type LessonSessionLink,
} from '@logoschool/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exerciseFiles, exerciseSlides } from '../../db/schema/index.ts';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
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
import { solidPng } from '../../test/media.ts';
import { openSessionStream } from '../../test/session-stream.ts';
import { EXERCISE_FILES } from '../exercises/index.ts';
import { sessionFollowers } from './lesson-link.ts';

const PUBLIC_URL = 'https://school.example';
const t = useTestApp({ PUBLIC_URL });

const as = (who: Member) => apiAs(t.app, who);
const nobody = () => apiAs(t.app, null, { lang: 'en' });
const errorsOf = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string; errors?: Record<string, string[]> };
};
const linkUrl = (lessonId: number) => `/api/lesson/${lessonId}/link`;
const sessionUrl = (lessonId: number) => `/api/lesson/${lessonId}/session`;
const move = (who: Member, lessonId: number, body: Record<string, unknown>) =>
  as(who).post(sessionUrl(lessonId), body);
const tokenOf = (url: string | null) => /\/client-session\/([\w-]{43})$/.exec(url ?? '')?.[1] ?? '';
const show = (token: string) => nobody().get(`/api/play-lesson/${token}`);
const slide = (token: string, position: number, index: number) =>
  nobody().get(`/api/play-lesson/${token}/slide`, { query: `position=${position}&slide=${index}` });

/** Rendered slide images for an exercise's deck, each a PNG of its own colour, as the render job stores them. */
async function addSlides(exerciseId: number, count: number) {
  const images: Buffer[] = [];
  for (let index = 0; index < count; index += 1) {
    const png = solidPng(40 * index, 100, exerciseId % 250);
    images.push(png);
    const storedName = await t.app.files.save(EXERCISE_FILES, png, 'png');
    const [file] = await t.db
      .insert(exerciseFiles)
      .values({
        exerciseId,
        kind: 'slide',
        storedName,
        mime: 'image/png',
        size: png.length,
        originalName: `slide-${index + 1}.png`,
      })
      .returning();
    await t.db.insert(exerciseSlides).values({ exerciseId, position: index + 1, fileId: file!.id });
  }
  return images;
}

/**
 * The school and its plan's first lesson, played as: a word (2 slide images), a phrase without
 * images, and a phrase with one.
 */
async function withLesson(): Promise<{ s: LessonSchool; lesson: Lesson; wordSlides: Buffer[] }> {
  const s = await buildLessonSchool(t.app, t.db);
  const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
  const read = await readLesson(t.app, s.teacher, first!.id);
  const lesson = dataOf<Lesson>(
    await as(s.teacher).put(
      `/api/lesson/${read.id}`,
      lessonBody(read, [[s.words[0]!], s.phrases.slice(0, 2)]),
    ),
  );
  const wordSlides = await addSlides(s.words[0]!, 2);
  await addSlides(s.phrases[1]!, 1);
  return { s, lesson, wordSlides };
}

/** The lesson's session started at its first slide; the token of its link. */
async function started() {
  const made = await withLesson();
  const link = dataOf<LessonSessionLink>(await move(made.s.teacher, made.lesson.id, { action: 'start' }));
  return { ...made, token: tokenOf(link.url) };
}

// ---------------------------------------------------------------------------------------------
// The stream, read from a real listening server.

let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
const opened: AbortController[] = [];
afterAll(() => opened.forEach((controller) => controller.abort()));

/** Opens a lesson's event stream on this app's server. */
const openStream = (token: string) => openSessionStream(base, token, opened);

describe('the session link', () => {
  it('is made once, copied again as it is, and withdrawn', async () => {
    const { s, lesson } = await withLesson();
    expect(dataOf<LessonSessionLink>(await as(s.teacher).get(linkUrl(lesson.id)))).toEqual({
      url: null,
      link_state: 'none',
      issued_at: null,
      withdrawn_at: null,
      state: 'not_started',
      position: 0,
      slide: 0,
    });
    const made = dataOf<LessonSessionLink>(await as(s.teacher).post(linkUrl(lesson.id)));
    expect(made.url).toMatch(/^https:\/\/school\.example\/client-session\/[\w-]{43}$/);
    expect(dataOf<LessonSessionLink>(await as(s.teacher).post(linkUrl(lesson.id))).url).toBe(made.url);
    expect(dataOf<LessonSessionLink>(await as(s.teacher).get(linkUrl(lesson.id))).url).toBe(made.url);
    const token = tokenOf(made.url);
    const page = await show(token);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(dataOf<ClientSession>(page).session.state).toBe('not_started');

    expect(dataOf<LessonSessionLink>(await as(s.teacher).delete(linkUrl(lesson.id))).url).toBeNull();
    const gone = errorsOf(await show(token), 404);
    expect(gone.code).toBe('not_found');
    expect(gone.message).toBe(
      'This link is not valid or was withdrawn. Ask the speech therapist for a new one.',
    );
    // The next link is a new one: the withdrawn one stays dead.
    const again = dataOf<LessonSessionLink>(await as(s.teacher).post(linkUrl(lesson.id)));
    expect(tokenOf(again.url)).not.toBe(token);
    expect(errorsOf(await show(token), 404).code).toBe('not_found');
  });

  it('answers a wrong, garbage or NUL-bearing token with the page’s 404, never a 500', async () => {
    const uk = await apiAs(t.app, null, { lang: 'uk' }).get(`/api/play-lesson/${'A'.repeat(43)}`);
    expect(errorsOf(uk, 404).message).toBe(
      'Це посилання недійсне або його відкликано. Попросіть логопеда надіслати нове.',
    );
    for (const token of [
      'x'.repeat(43),
      'short',
      '%00'.repeat(3),
      `${'a'.repeat(42)}%00`,
      '..%2F..',
      '%E2%80%AE',
    ]) {
      for (const path of ['', '/slide?position=0&slide=0', '/events']) {
        const response = await nobody().get(`/api/play-lesson/${token}${path}`);
        expect(response.statusCode, `${token}${path}: ${response.body}`).toBe(404);
      }
    }
    expect((await nobody().get(`/api/play-lesson/${'a'.repeat(129)}`)).statusCode).toBeLessThan(500);
  });
});

describe('the session as the teacher moves it', () => {
  it('starts (making the link), moves, ends, and starts again', async () => {
    const { s, lesson, wordSlides } = await withLesson();
    const startedLink = dataOf<LessonSessionLink>(await move(s.teacher, lesson.id, { action: 'start' }));
    expect(startedLink).toMatchObject({ state: 'live', position: 0, slide: 0 });
    const token = tokenOf(startedLink.url);
    expect(token).not.toBe('');

    const page = dataOf<ClientSession>(await show(token));
    expect(page).toEqual({
      language: 'uk',
      child_name: 'Marko',
      lesson_number: 1,
      presentations: 3,
      session: {
        state: 'live',
        position: 0,
        slide: 0,
        presentation: {
          title: 'Word one',
          slides: 2,
          image_url: `/api/play-lesson/${token}/slide?position=0&slide=0`,
          text: '',
        },
        next_image_url: `/api/play-lesson/${token}/slide?position=0&slide=1`,
      },
    });
    // Only what the screen shows: the schema has nothing else, and the answer nothing more.
    expect(Object.keys(page).sort()).toEqual(Object.keys(clientSessionSchema.shape).sort());

    const image = await slide(token, 0, 1);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.rawPayload.equals(wordSlides[1]!)).toBe(true);
    // Only the lesson's own rendered slides.
    expect(errorsOf(await slide(token, 0, 2), 404).code).toBe('not_found');
    expect(errorsOf(await slide(token, 1, 0), 404).code).toBe('not_found');
    expect(errorsOf(await slide(token, 3, 0), 404).code).toBe('not_found');
    expect((await slide(token, 2, 0)).statusCode).toBe(200);

    // The phrase without images: its title alone, and the next phrase's first image ahead.
    dataOf(await move(s.teacher, lesson.id, { action: 'move', position: 1, slide: 0 }));
    expect(dataOf<ClientSession>(await show(token)).session).toEqual({
      state: 'live',
      position: 1,
      slide: 0,
      presentation: { title: 'Phrase one', slides: 0, image_url: null, text: '' },
      next_image_url: `/api/play-lesson/${token}/slide?position=2&slide=0`,
    });
    dataOf(await move(s.teacher, lesson.id, { action: 'move', position: 2, slide: 0 }));
    expect(dataOf<ClientSession>(await show(token)).session.next_image_url).toBeNull();

    expect(dataOf<LessonSessionLink>(await move(s.teacher, lesson.id, { action: 'end' })).state).toBe(
      'ended',
    );
    expect(dataOf<ClientSession>(await show(token)).session).toEqual({
      state: 'ended',
      position: 2,
      slide: 0,
      presentation: null,
      next_image_url: null,
    });
    // Ending again changes nothing; a move needs the session running; a start runs it again.
    expect(dataOf<LessonSessionLink>(await move(s.teacher, lesson.id, { action: 'end' })).state).toBe(
      'ended',
    );
    const notLive = errorsOf(await move(s.teacher, lesson.id, { action: 'move', position: 0 }), 409);
    expect(notLive).toMatchObject({
      code: 'conflict',
      message: 'The session is not running: start it first.',
    });
    const again = dataOf<LessonSessionLink>(
      await move(s.teacher, lesson.id, { action: 'start', position: 0, slide: 1 }),
    );
    expect(again).toMatchObject({ state: 'live', position: 0, slide: 1, url: startedLink.url });
  });

  it('refuses a move before the start and an end of a session never started', async () => {
    const { s, lesson } = await withLesson();
    expect(errorsOf(await move(s.teacher, lesson.id, { action: 'move' }), 409).code).toBe('conflict');
    expect(errorsOf(await move(s.teacher, lesson.id, { action: 'end' }), 409).code).toBe('conflict');
    expect(dataOf<LessonSessionLink>(await as(s.teacher).get(linkUrl(lesson.id))).state).toBe('not_started');
  });

  it('answers 422 for a place outside the lesson or its deck, and for a malformed move', async () => {
    const { s, lesson } = await withLesson();
    const position = errorsOf(await move(s.teacher, lesson.id, { action: 'start', position: 3 }), 422);
    expect(position.errors).toEqual({ position: ['The lesson has no presentation at this place.'] });
    const beyond = errorsOf(
      await move(s.teacher, lesson.id, { action: 'start', position: 0, slide: 2 }),
      422,
    );
    expect(beyond.errors).toEqual({ slide: ['The presentation has no slide at this place.'] });
    // A deck without images has its one place, slide 0.
    expect(
      errorsOf(await move(s.teacher, lesson.id, { action: 'start', position: 1, slide: 1 }), 422).errors,
    ).toEqual({ slide: ['The presentation has no slide at this place.'] });
    dataOf(await move(s.teacher, lesson.id, { action: 'start', position: 1, slide: 0 }));
    for (const body of [
      { action: 'jump' },
      { action: 'move', position: -1 },
      { action: 'move', position: 1.5 },
      { action: 'move', slide: 100_000 },
      { action: 'move', position: '1' },
      { action: 'move', extra: true },
      {},
    ]) {
      expect(errorsOf(await move(s.teacher, lesson.id, body), 422).code, JSON.stringify(body)).toBe(
        'validation_failed',
      );
    }
    expect(dataOf<LessonSessionLink>(await as(s.teacher).get(linkUrl(lesson.id)))).toMatchObject({
      state: 'live',
      position: 1,
      slide: 0,
    });
    // The public slide's query is checked as well.
    const token = tokenOf(dataOf<LessonSessionLink>(await as(s.teacher).get(linkUrl(lesson.id))).url);
    for (const query of [
      'position=x&slide=0',
      'position=0',
      'position=0&slide=-1',
      'position=99999&slide=0',
    ]) {
      const response = await nobody().get(`/api/play-lesson/${token}/slide`, { query });
      expect(errorsOf(response, 422).code, query).toBe('validation_failed');
    }
  });

  it('answers 409 while the lesson is being regenerated and once it is finished, which ends the session', async () => {
    const { s, lesson, token } = await started();
    await lockLesson(t.db, lesson.id, new Date(Date.now() + 60_000));
    expect(errorsOf(await move(s.teacher, lesson.id, { action: 'move', position: 1 }), 409).code).toBe(
      'lesson_locked',
    );
    await lockLesson(t.db, lesson.id, null);

    const reached = [s.words[0]!, s.phrases[0]!, s.phrases[1]!];
    dataOf(await as(s.teacher).post('/api/lesson/finish', { lesson_id: lesson.id, reached }));
    expect(dataOf<ClientSession>(await show(token)).session.state).toBe('ended');
    expect(dataOf<LessonSessionLink>(await as(s.teacher).get(linkUrl(lesson.id))).state).toBe('ended');
    for (const action of ['start', 'move', 'end']) {
      expect(errorsOf(await move(s.teacher, lesson.id, { action }), 409).code).toBe('lesson_finished');
    }
    expect(errorsOf(await as(s.teacher).post(linkUrl(lesson.id)), 409).code).toBe('lesson_finished');
    // Withdrawing stays possible.
    expect(dataOf<LessonSessionLink>(await as(s.teacher).delete(linkUrl(lesson.id))).url).toBeNull();
  });
});

describe('who reaches the teacher’s side', () => {
  it('answers 401 without a token, 403 to roles that keep no lessons, 404 for another’s lesson', async () => {
    const { s, lesson } = await withLesson();
    const calls = (who: ReturnType<typeof as>) => [
      () => who.get(linkUrl(lesson.id)),
      () => who.post(linkUrl(lesson.id)),
      () => who.delete(linkUrl(lesson.id)),
      () => who.post(sessionUrl(lesson.id), { action: 'start' }),
    ];
    for (const call of calls(apiAs(t.app, s.teacher, { token: null })))
      expect(errorsOf(await call(), 401).code).toBe('unauthenticated');
    for (const who of [s.moderator, s.author, s.manager]) {
      for (const call of calls(as(who))) expect(errorsOf(await call(), 403).code).toBe('forbidden');
    }
    const elsewhere = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
    for (const who of [s.otherTeacher, s.diagnostician, elsewhere]) {
      for (const call of calls(as(who))) expect(errorsOf(await call(), 404).code).toBe('not_found');
    }
    expect(errorsOf(await as(s.teacher).get(linkUrl(2147483647)), 404).code).toBe('not_found');
    // Nothing of that changed the lesson.
    expect(dataOf<LessonSessionLink>(await as(s.teacher).get(linkUrl(lesson.id)))).toEqual({
      url: null,
      link_state: 'none',
      issued_at: null,
      withdrawn_at: null,
      state: 'not_started',
      position: 0,
      slide: 0,
    });
  });
});

describe('the stream the child’s screen follows', () => {
  it('sends the state first, then every move, then the end when the lesson is finished', async () => {
    const { s, lesson, token } = await started();
    const stream = await openStream(token);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await stream.nextState()).toMatchObject({ state: 'live', position: 0, slide: 0 });

    dataOf(await move(s.teacher, lesson.id, { action: 'move', position: 0, slide: 1 }));
    expect(await stream.nextState()).toMatchObject({
      state: 'live',
      position: 0,
      slide: 1,
      presentation: { title: 'Word one', image_url: `/api/play-lesson/${token}/slide?position=0&slide=1` },
    });
    dataOf(await move(s.teacher, lesson.id, { action: 'move', position: 2, slide: 0 }));
    expect(await stream.nextState()).toMatchObject({ position: 2, presentation: { title: 'Phrase two' } });

    const reached = [s.words[0]!, s.phrases[0]!, s.phrases[1]!];
    dataOf(await as(s.teacher).post('/api/lesson/finish', { lesson_id: lesson.id, reached }));
    expect(await stream.nextState()).toEqual({
      state: 'ended',
      position: 2,
      slide: 0,
      presentation: null,
      next_image_url: null,
    });
    stream.close();
    await vi.waitFor(() => expect(sessionFollowers(t.app.database, lesson.id)).toBe(0));
  });

  it('says the link is withdrawn and ends; a client going away leaves nothing behind', async () => {
    const { s, lesson, token } = await withLesson().then(async (made) => {
      const link = dataOf<LessonSessionLink>(await as(made.s.teacher).post(linkUrl(made.lesson.id)));
      return { ...made, token: tokenOf(link.url) };
    });
    const first = await openStream(token);
    const second = await openStream(token);
    expect(await first.nextState()).toMatchObject({ state: 'not_started', presentation: null });
    expect(await second.nextState()).toMatchObject({ state: 'not_started' });
    expect(sessionFollowers(t.app.database, lesson.id)).toBe(2);

    second.close();
    await vi.waitFor(() => expect(sessionFollowers(t.app.database, lesson.id)).toBe(1));
    dataOf(await move(s.teacher, lesson.id, { action: 'start' }));
    expect(await first.nextState()).toMatchObject({ state: 'live', position: 0 });

    dataOf(await as(s.teacher).delete(linkUrl(lesson.id)));
    expect(await first.next()).toEqual({ event: 'invalid', data: '{}' });
    expect(await first.next()).toBeNull();
    expect(sessionFollowers(t.app.database, lesson.id)).toBe(0);
  });
});
