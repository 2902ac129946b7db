import type {
  FamilyPractice,
  Lesson,
  PracticeAssignment,
  PracticePlay,
  PracticeTry,
  StudentPractice,
} from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  exerciseFiles,
  exerciseSlides,
  lessonMarks,
  lessonStatistics,
  lessons,
} from '../../db/schema/index.ts';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import {
  buildLessonSchool,
  dataOf,
  lessonBody,
  lessonsOfPlan,
  readLesson,
  type LessonSchool,
} from '../../test/lessons.ts';
import { solidPng } from '../../test/media.ts';
import { EXERCISE_FILES } from '../exercises/index.ts';
import { practiceTries } from './practice.schema.ts';

const PUBLIC_URL = 'https://school.example';
const t = useTestApp({ PUBLIC_URL });

const as = (who: Member) => apiAs(t.app, who);
const nobody = (lang = 'en') => apiAs(t.app, null, { lang });
const errorsOf = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string; errors?: Record<string, string[]> };
};
const ASSIGNMENTS = '/api/practice-assignments';
const one = (id: number | string) => `${ASSIGNMENTS}/${id}`;
const tokenOf = (url: string | null) => /\/play-lesson\/([\w-]{43})$/.exec(url ?? '')?.[1] ?? '';
const play = (token: string) => nobody().get(`/api/home-practice/${token}`);
const tap = (token: string, body: Record<string, unknown>) =>
  nobody().post(`/api/home-practice/${token}/tries`, body);

/** Rendered slide images for an exercise's deck, as the render job stores them. */
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

/** The school's first lesson, saved with a word (2 slide images) and two phrases (the second with one). */
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

/** The lesson assigned (all its presentations), with its link's token. */
async function assigned() {
  const made = await withLesson();
  const assignment = dataOf<PracticeAssignment>(
    await as(made.s.teacher).post(ASSIGNMENTS, { lesson_id: made.lesson.id }),
    201,
  );
  return { ...made, assignment, token: tokenOf(assignment.link.url) };
}

const tryOf = (exerciseId: number, outcome: string) => ({
  key: crypto.randomUUID(),
  exercise_id: exerciseId,
  outcome,
});

describe('assigning a lesson as home practice', () => {
  it('assigns all the lesson’s presentations in play order, with a link to the parent’s player', async () => {
    const { s, lesson, assignment, token } = await assigned();
    expect(assignment).toMatchObject({
      lesson_id: lesson.id,
      lesson_number: 1,
      client_id: s.student.id,
      exercise_ids: null,
      withdrawn_at: null,
      days_practised: 0,
      last_practised_at: null,
      link: { link_state: 'live', url: `${PUBLIC_URL}/play-lesson/${token}` },
    });
    expect(token).toHaveLength(43);
    expect(assignment.items.map((item) => item.exercise_id)).toEqual([
      s.words[0],
      s.phrases[0],
      s.phrases[1],
    ]);
    expect(assignment.items[0]!.counts).toEqual({ right: 0, helped: 0, not_yet: 0 });
    // The lesson's page and the assignment's own read show the same.
    expect(dataOf(await as(s.teacher).get(`/api/lesson/${lesson.id}/practice`))).toEqual(assignment);
    expect(dataOf(await as(s.teacher).get(one(assignment.id)))).toEqual(assignment);
    // The kit's link routes under the assignment's path.
    expect(dataOf(await as(s.teacher).get(`${one(assignment.id)}/link`))).toEqual(assignment.link);
  });

  it('assigns chosen presentations, changes them, and withdraws the assignment with its link', async () => {
    const { s, lesson } = await withLesson();
    const chosen = dataOf<PracticeAssignment>(
      await as(s.teacher).post(ASSIGNMENTS, {
        lesson_id: lesson.id,
        exercise_ids: [s.phrases[1], s.phrases[1]],
      }),
      201,
    );
    expect(chosen.exercise_ids).toEqual([s.phrases[1]]);
    expect(chosen.items.map((item) => item.title)).toHaveLength(1);
    const token = tokenOf(chosen.link.url);
    const changed = dataOf<PracticeAssignment>(
      await as(s.teacher).put(one(chosen.id), { exercise_ids: [s.words[0], s.phrases[1]] }),
    );
    expect(changed.items.map((item) => item.exercise_id)).toEqual([s.words[0], s.phrases[1]]);
    expect(dataOf<PracticePlay>(await play(token)).presentations).toHaveLength(2);
    const withdrawn = dataOf<PracticeAssignment>(await as(s.teacher).delete(one(chosen.id)));
    expect(withdrawn.withdrawn_at).not.toBeNull();
    expect(withdrawn.link.link_state).toBe('withdrawn');
    expect(errorsOf(await play(token), 404).message).toMatch(/not valid or was withdrawn/);
    // Withdrawing again changes nothing; a withdrawn one is not changed and gets no new link.
    expect(dataOf<PracticeAssignment>(await as(s.teacher).delete(one(chosen.id))).withdrawn_at).toBe(
      withdrawn.withdrawn_at,
    );
    expect(errorsOf(await as(s.teacher).put(one(chosen.id), { exercise_ids: null }), 409).code).toBe(
      'conflict',
    );
    expect(errorsOf(await as(s.teacher).post(`${one(chosen.id)}/link`), 409).code).toBe('conflict');
    expect(dataOf(await as(s.teacher).get(`/api/lesson/${lesson.id}/practice`))).toBeNull();
    // Then the lesson may be assigned again, with a new link.
    const again = dataOf<PracticeAssignment>(
      await as(s.teacher).post(ASSIGNMENTS, { lesson_id: lesson.id }),
      201,
    );
    expect(tokenOf(again.link.url)).not.toBe(token);
  });

  it('refuses a second live assignment of a lesson, also when two are made at once (one wins, one 409)', async () => {
    const { s, lesson } = await withLesson();
    const both = await Promise.all([
      as(s.teacher).post(ASSIGNMENTS, { lesson_id: lesson.id }),
      as(s.teacher).post(ASSIGNMENTS, { lesson_id: lesson.id }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(
      errorsOf(
        both.find((response) => response.statusCode === 409)!,
        409,
      ).message,
    ).toMatch(/already assigned as home practice/);
  });

  it('answers 422 for a presentation not in the lesson and for each malformed field; 409 for an empty lesson', async () => {
    const { s, lesson } = await withLesson();
    const outside = errorsOf(
      await as(s.teacher).post(ASSIGNMENTS, { lesson_id: lesson.id, exercise_ids: [s.elsewhere] }),
      422,
    );
    expect(outside.errors).toEqual({ exercise_ids: ['This presentation is not in the lesson.'] });
    for (const body of [
      {},
      { lesson_id: 'x' },
      { lesson_id: lesson.id, exercise_ids: [] },
      { lesson_id: lesson.id, exercise_ids: [0] },
      { lesson_id: lesson.id, extra: 1 },
    ]) {
      expect(errorsOf(await as(s.teacher).post(ASSIGNMENTS, body), 422).code, JSON.stringify(body)).toBe(
        'validation_failed',
      );
    }
    const [, second] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    expect(errorsOf(await as(s.teacher).post(ASSIGNMENTS, { lesson_id: second!.id }), 409).message).toMatch(
      /no presentations yet/,
    );
    const made = dataOf<PracticeAssignment>(
      await as(s.teacher).post(ASSIGNMENTS, { lesson_id: lesson.id }),
      201,
    );
    expect(errorsOf(await as(s.teacher).put(one(made.id), {}), 422).errors).toHaveProperty('exercise_ids');
    expect(errorsOf(await as(s.teacher).put(one(made.id), { exercise_ids: [s.elsewhere] }), 422).code).toBe(
      'validation_failed',
    );
  });

  it('answers 404 for another teacher’s or another project’s lesson, assignment and student', async () => {
    const { s, lesson, assignment } = await assigned();
    const elsewhere = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
    // A diagnostician acts as a teacher (the permission table): not this teacher, so 404 too.
    for (const who of [s.otherTeacher, s.diagnostician, elsewhere]) {
      expect(errorsOf(await as(who).post(ASSIGNMENTS, { lesson_id: lesson.id }), 404).code).toBe('not_found');
      expect(errorsOf(await as(who).get(one(assignment.id)), 404).code).toBe('not_found');
      expect(errorsOf(await as(who).put(one(assignment.id), { exercise_ids: null }), 404).code).toBe(
        'not_found',
      );
      expect(errorsOf(await as(who).delete(one(assignment.id)), 404).code).toBe('not_found');
      expect(errorsOf(await as(who).get(`${one(assignment.id)}/link`), 404).code).toBe('not_found');
      expect(errorsOf(await as(who).get(`/api/lesson/${lesson.id}/practice`), 404).code).toBe('not_found');
      expect(errorsOf(await as(who).get(`/api/clients/${s.student.id}/practice`), 404).code).toBe(
        'not_found',
      );
    }
    expect(errorsOf(await as(s.teacher).get(one(2147483647)), 404).code).toBe('not_found');
    expect(
      errorsOf(await as(s.teacher).get(`/api/clients/${s.otherPlan.client.id}/practice`), 404).code,
    ).toBe('not_found');
  });

  it('answers 401 without a token', async () => {
    const { s, lesson, assignment } = await assigned();
    const anonymous = apiAs(t.app, s.teacher, { token: null });
    for (const response of [
      await anonymous.post(ASSIGNMENTS, { lesson_id: lesson.id }),
      await anonymous.get(one(assignment.id)),
      await anonymous.put(one(assignment.id), { exercise_ids: null }),
      await anonymous.delete(one(assignment.id)),
      await anonymous.get(`/api/lesson/${lesson.id}/practice`),
      await anonymous.get(`/api/clients/${s.student.id}/practice`),
    ])
      expect(errorsOf(response, 401).code).toBe('unauthenticated');
  });

  it.each(['root', 'manager', 'moderator', 'author', 'admin'] as const)(
    'answers 403 to a %s on every teacher’s route',
    async (role) => {
      const { s, lesson, assignment } = await assigned();
      const caller = as(await buildSignedInMember(t.db, s.workspace, role));
      for (const response of [
        await caller.post(ASSIGNMENTS, { lesson_id: lesson.id }),
        await caller.get(one(assignment.id)),
        await caller.put(one(assignment.id), { exercise_ids: null }),
        await caller.delete(one(assignment.id)),
        await caller.get(`/api/lesson/${lesson.id}/practice`),
        await caller.get(`/api/clients/${s.student.id}/practice`),
      ])
        expect(errorsOf(response, 403).code).toBe('forbidden');
    },
  );
});

describe('the parent’s player by the assignment’s link', () => {
  it('shows the presentations with their slide images, in the child’s language, and serves the images', async () => {
    const { s, token, wordSlides } = await assigned();
    const response = await play(token);
    expect(response.headers['cache-control']).toBe('no-store');
    const shown = dataOf<PracticePlay>(response);
    expect(shown).toMatchObject({ language: 'uk', lesson_number: 1 });
    expect(shown.presentations.map((item) => item.image_urls.length)).toEqual([2, 0, 1]);
    expect(shown.presentations[0]!.image_urls[1]).toBe(
      `/api/home-practice/${token}/slide?exercise_id=${s.words[0]}&slide=1`,
    );
    // Nothing teacher-only: the player's answer carries these fields and no other.
    expect(Object.keys(shown).sort()).toEqual(['child_name', 'language', 'lesson_number', 'presentations']);
    expect(Object.keys(shown.presentations[0]!).sort()).toEqual([
      'counts',
      'exercise_id',
      'image_urls',
      'title',
    ]);
    const image = await nobody().get(shown.presentations[0]!.image_urls[1]!);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(wordSlides[1]!)).toBe(true);
    // An exercise the practice does not play, or a slide its deck does not have: 404.
    for (const query of [`exercise_id=${s.elsewhere}&slide=0`, `exercise_id=${s.words[0]}&slide=2`])
      expect((await nobody().get(`/api/home-practice/${token}/slide?${query}`)).statusCode).toBe(404);
  });

  it('says a made-up, another kind’s or withdrawn link is not valid, the same 404 each time', async () => {
    const { s, assignment, token } = await assigned();
    const sessionLink = dataOf<{ url: string }>(
      await as(s.teacher).post(`/api/lesson/${assignment.lesson_id}/link`),
    );
    const lessonToken = sessionLink.url.split('/').pop()!;
    for (const wrong of ['A'.repeat(43), 'short', lessonToken]) {
      for (const response of [await play(wrong), await tap(wrong, tryOf(s.words[0]!, 'right'))]) {
        const body = errorsOf(response, 404);
        expect(body.message).toMatch(/not valid or was withdrawn/);
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
    dataOf(await as(s.teacher).delete(`${one(assignment.id)}/link`));
    expect(errorsOf(await play(token), 404).code).toBe('not_found');
    expect(errorsOf(await tap(token, tryOf(s.words[0]!, 'right')), 404).code).toBe('not_found');
  });

  it('stores each tap at once and counts it per presentation', async () => {
    const { s, token } = await assigned();
    expect(dataOf<PracticeTry>(await tap(token, tryOf(s.words[0]!, 'right')))).toEqual({
      recorded: true,
      counts: { right: 1, helped: 0, not_yet: 0 },
    });
    dataOf(await tap(token, tryOf(s.words[0]!, 'helped')));
    const last = dataOf<PracticeTry>(await tap(token, tryOf(s.words[0]!, 'not_yet')));
    expect(last.counts).toEqual({ right: 1, helped: 1, not_yet: 1 });
    expect(dataOf<PracticePlay>(await play(token)).presentations[0]!.counts).toEqual(last.counts);
  });

  it('records one try for one key, also for two requests at once and for a retry later', async () => {
    const { s, assignment, token } = await assigned();
    const body = tryOf(s.phrases[0]!, 'helped');
    const both = await Promise.all([tap(token, body), tap(token, body)]);
    const answers = both.map((response) => dataOf<PracticeTry>(response));
    expect(answers.map((answer) => answer.recorded).sort()).toEqual([false, true]);
    expect(dataOf<PracticeTry>(await tap(token, body))).toEqual({
      recorded: false,
      counts: { right: 0, helped: 1, not_yet: 0 },
    });
    const rows = await t.db.select().from(practiceTries).where(eq(practiceTries.assignmentId, assignment.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 422 for each malformed tap and for an exercise the practice does not play', async () => {
    const { s, token } = await assigned();
    const good = tryOf(s.words[0]!, 'right');
    for (const body of [
      { ...good, key: 'not-a-uuid' },
      { ...good, outcome: 'perfect' },
      { ...good, exercise_id: 'x' },
      { exercise_id: s.words[0], outcome: 'right' },
      { ...good, extra: true },
    ])
      expect(errorsOf(await tap(token, body), 422).code, JSON.stringify(body)).toBe('validation_failed');
    expect(errorsOf(await tap(token, tryOf(s.elsewhere, 'right')), 422).errors).toEqual({
      exercise_id: ['This presentation is not in the lesson.'],
    });
    const uk = await apiAs(t.app, null, { lang: 'uk' }).post(
      `/api/home-practice/${token}/tries`,
      tryOf(s.elsewhere, 'right'),
    );
    expect(errorsOf(uk, 422).errors).toEqual({ exercise_id: ['Цієї презентації немає в уроці.'] });
  });
});

describe('the tries are the family’s, apart from the therapist’s marks', () => {
  it('never change the lesson’s marks, statistics, progress or "held" state (decision 038)', async () => {
    const { s, lesson, token } = await assigned();
    const today = new Date().toISOString().slice(0, 10);
    const observed = async () => ({
      lesson: (await t.db.select().from(lessons).where(eq(lessons.id, lesson.id)))[0],
      statistics: await t.db.select().from(lessonStatistics).where(eq(lessonStatistics.lessonId, lesson.id)),
      marks: await t.db.select().from(lessonMarks).where(eq(lessonMarks.lessonId, lesson.id)),
      marksRead: dataOf(await as(s.teacher).get(`/api/lesson/${lesson.id}/marks`)),
      progress: dataOf(await as(s.teacher).get(`/api/clients/${s.student.id}/progress`)),
      held: dataOf(
        await as(s.manager).get('/api/users/lesson-statistic/all', { query: `from=${today}&to=${today}` }),
      ),
      heldByDay: dataOf(
        await as(s.manager).get('/api/users/lesson-statistic/by-teacher', {
          query: `from=${today}&to=${today}`,
        }),
      ),
      status: (await readLesson(t.app, s.teacher, lesson.id)).status,
    });
    const before = await observed();
    expect(before.statistics).toEqual([]);
    expect(before.marks).toEqual([]);
    for (const [exerciseId, outcome] of [
      [s.words[0]!, 'right'],
      [s.words[0]!, 'helped'],
      [s.phrases[0]!, 'not_yet'],
      [s.phrases[1]!, 'right'],
    ] as const)
      dataOf(await tap(token, tryOf(exerciseId, outcome)));
    expect(await observed()).toEqual(before);
    expect(before.status).toBe('open');
  });

  it('shows the teacher on the correction path how often and what the family practised', async () => {
    const { s, assignment, token } = await assigned();
    dataOf(await tap(token, tryOf(s.words[0]!, 'right')));
    dataOf(await tap(token, tryOf(s.words[0]!, 'right')));
    dataOf(await tap(token, tryOf(s.phrases[1]!, 'not_yet')));
    const path = dataOf<StudentPractice>(await as(s.teacher).get(`/api/clients/${s.student.id}/practice`));
    expect(path.totals).toEqual({ right: 2, helped: 0, not_yet: 1 });
    expect(path.days_practised).toBe(1);
    expect(path.last_practised_at).not.toBeNull();
    expect(path.assignments.map((item) => item.id)).toEqual([assignment.id]);
    const [word, , phrase] = path.assignments[0]!.items;
    expect(word).toMatchObject({ exercise_id: s.words[0], counts: { right: 2, helped: 0, not_yet: 0 } });
    expect(phrase).toMatchObject({ exercise_id: s.phrases[1], counts: { right: 0, helped: 0, not_yet: 1 } });
    // A withdrawn assignment keeps its tries on the path.
    dataOf(await as(s.teacher).delete(one(assignment.id)));
    const after = dataOf<StudentPractice>(await as(s.teacher).get(`/api/clients/${s.student.id}/practice`));
    expect(after.totals).toEqual(path.totals);
    expect(after.assignments[0]!.withdrawn_at).not.toBeNull();
  });
});

describe('GET /api/parent-dashboard/:token/practice', () => {
  it('lists the child’s live assignments with their player links and tries, by the family’s link', async () => {
    const { s, assignment, token } = await assigned();
    dataOf(await tap(token, tryOf(s.words[0]!, 'helped')));
    const family = dataOf<{ url: string }>(await as(s.teacher).post(`/api/clients/${s.student.id}/link`));
    const familyToken = family.url.split('/').pop()!;
    const response = await nobody().get(`/api/parent-dashboard/${familyToken}/practice`);
    expect(response.headers['cache-control']).toBe('no-store');
    const listed = dataOf<FamilyPractice>(response);
    expect(listed).toEqual({
      language: 'uk',
      assignments: [
        {
          lesson_number: 1,
          url: assignment.link.url,
          presentations: assignment.items.map((item) => item.title),
          tries: 1,
          last_practised_at: expect.any(String),
        },
      ],
    });
    dataOf(await as(s.teacher).delete(one(assignment.id)));
    expect(
      dataOf<FamilyPractice>(await nobody().get(`/api/parent-dashboard/${familyToken}/practice`)).assignments,
    ).toEqual([]);
    // A practice link is not a dashboard link; a made-up or withdrawn dashboard link opens nothing.
    expect(errorsOf(await nobody().get(`/api/parent-dashboard/${token}/practice`), 404).code).toBe(
      'not_found',
    );
    expect(errorsOf(await nobody().get(`/api/parent-dashboard/${'B'.repeat(43)}/practice`), 404).code).toBe(
      'not_found',
    );
    dataOf(await as(s.teacher).delete(`/api/clients/${s.student.id}/link`));
    expect(
      errorsOf(await nobody().get(`/api/parent-dashboard/${familyToken}/practice`), 404).message,
    ).toMatch(/not valid or was withdrawn/);
  });
});
