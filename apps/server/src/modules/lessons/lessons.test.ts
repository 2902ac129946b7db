import type { Lesson, LessonCheck, LessonListItem } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildExercise, buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import {
  buildLessonSchool,
  dataOf,
  idsOf,
  lessonBody,
  lessonsOfPlan,
  lockLesson,
  readLesson,
  type LessonSchool,
} from '../../test/lessons.ts';

const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const errorsOf = (response: Response, status = 422) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string; errors?: Record<string, string[]> };
};

/** The school and the first lesson of its teacher's plan. */
async function withFirstLesson(): Promise<{ s: LessonSchool; lessons: LessonListItem[]; first: Lesson }> {
  const s = await buildLessonSchool(t.app, t.db);
  const lessons = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
  return { s, lessons, first: await readLesson(t.app, s.teacher, lessons[0]!.id) };
}

describe('the lessons of a plan', () => {
  it('are ten, made once for a filled plan on the first read, numbered with their neighbours', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const lessons = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    expect(lessons.map((lesson) => lesson.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(lessons[0]).toMatchObject({
      protocol_id: s.plan.id,
      plan_title: 'Sound [R]',
      client: { id: s.student.id, child_name: 'Marko' },
      starts_at: null,
      duration_minutes: 45,
      status: 'open',
      finished_at: null,
      locked: false,
      previous_lesson_id: null,
      next_lesson_id: lessons[1]!.id,
      presentations: 0,
      blocks_ready: 0,
      blocks_total: 2,
    });
    expect(lessons[9]).toMatchObject({ previous_lesson_id: lessons[8]!.id, next_lesson_id: null });
    // Read again: the same ten, no more.
    expect((await lessonsOfPlan(t.app, s.teacher, s.plan.id)).map((lesson) => lesson.id)).toEqual(
      lessons.map((lesson) => lesson.id),
    );
    // Only the teacher's own: the other teacher's plan is not in her list.
    const all = dataOf<LessonListItem[]>(await as(s.teacher).get('/api/lessons', { query: 'per_page=100' }));
    expect(new Set(all.map((lesson) => lesson.protocol_id))).toEqual(new Set([s.plan.id]));
  });

  it('are not made for a plan still waiting for a folder', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const plan = dataOf<{ id: number }>(
      await as(s.teacher).post('/api/protocols', {
        client_id: s.student.id,
        template_id: s.template.id,
        deadline: '2099-01-01',
      }),
      201,
    );
    expect(await lessonsOfPlan(t.app, s.teacher, plan.id)).toEqual([]);
  });

  it('show one lesson block by block, with the folder and the bounds of the plan', async () => {
    const { s, lessons, first } = await withFirstLesson();
    expect(first).toMatchObject({
      id: lessons[0]!.id,
      protocol_id: s.plan.id,
      number: 1,
      next_lesson_id: lessons[1]!.id,
      blocks: [
        {
          key: s.plan.blocks[0]!.key,
          target: 'Articulation',
          category_name: 'Sounds R',
          folder_id: s.wordsFolder,
          folder_name: '[R] words',
          min_presentations: 1,
          max_presentations: 3,
          presentations: [],
        },
        { target: 'Phrases', folder_id: s.phrasesFolder, min_presentations: 2, max_presentations: 2 },
      ],
    });
  });
});

describe('PUT /api/lesson/:lessonId', () => {
  it('saves the date, the length and every block’s presentations in order', async () => {
    const { s, first } = await withFirstLesson();
    const saved = dataOf<Lesson>(
      await as(s.teacher).put(
        `/api/lesson/${first.id}`,
        lessonBody(first, [[s.words[1]!, s.words[0]!], s.phrases.slice(0, 2)], {
          starts_at: '2030-03-10T22:30:00+00:00',
          duration_minutes: 60,
        }),
      ),
    );
    expect(saved.starts_at).toBe('2030-03-10T22:30:00.000Z');
    expect(saved.duration_minutes).toBe(60);
    expect(idsOf(saved)).toEqual([[s.words[1], s.words[0]], s.phrases.slice(0, 2)]);
    expect(saved.blocks[0]!.presentations[0]).toEqual({
      exercise_id: s.words[1],
      title: 'Word two',
      usage_frequency: 3,
      thumbnail_url: null,
    });
    expect(await readLesson(t.app, s.teacher, first.id)).toEqual(saved);
    const [listed] = (await lessonsOfPlan(t.app, s.teacher, s.plan.id)).filter((l) => l.id === first.id);
    expect(listed).toMatchObject({ presentations: 4, blocks_ready: 2, blocks_total: 2 });
  });

  it('lists a lesson in the week that holds it in the teacher’s time zone (Monday first)', async () => {
    const { s, first } = await withFirstLesson();
    await as(s.teacher).put(
      `/api/lesson/${first.id}`,
      lessonBody(first, [[s.words[0]!], s.phrases.slice(0, 2)], { starts_at: '2030-03-10T22:30:00Z' }),
    );
    const week = async (query: string) =>
      dataOf<LessonListItem[]>(await as(s.teacher).get('/api/lessons', { query })).map((lesson) => lesson.id);
    // Sunday night in UTC is Monday in Kyiv: another week.
    expect(await week('week=2030-03-04')).toEqual([first.id]);
    expect(await week('week=2030-03-10')).toEqual([first.id]);
    expect(await week('week=2030-03-11')).toEqual([]);
    expect(await week('week=2030-03-11&time_zone=Europe/Kyiv')).toEqual([first.id]);
    expect(await week('week=2030-03-17&time_zone=Europe/Kyiv')).toEqual([first.id]);
    expect(await week('week=2030-03-04&time_zone=Europe/Kyiv')).toEqual([]);
    // The dated lesson comes first, the undated after it.
    const all = await week(`protocol_id=${s.plan.id}`);
    expect(all[0]).toBe(first.id);
    expect(all).toHaveLength(10);
  });

  it('filters by status, plan and student, and pages', async () => {
    const { s, lessons } = await withFirstLesson();
    const listed = async (query: string) => {
      const response = await as(s.teacher).get('/api/lessons', { query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: LessonListItem[]; meta: { total: number } };
    };
    expect((await listed('status=open')).meta.total).toBe(10);
    expect((await listed('status=finished')).meta.total).toBe(0);
    expect((await listed(`client_id=${s.student.id}`)).meta.total).toBe(10);
    expect((await listed(`protocol_id=${s.otherPlan.id}`)).meta.total).toBe(0);
    const page = await listed('per_page=3&page=2');
    expect(page.meta).toEqual({ total: 10, page: 2, per_page: 3 });
    expect(page.data.map((lesson) => lesson.id)).toEqual(lessons.slice(3, 6).map((lesson) => lesson.id));
  });

  it('refuses a malformed list query, naming the parameter (422)', async () => {
    const { s } = await withFirstLesson();
    for (const [query, field] of [
      ['week=2030-13-01', 'week'],
      ['week=monday', 'week'],
      ['status=done', 'status'],
      ['time_zone=Mars/Olympus', 'time_zone'],
      ['protocol_id=0', 'protocol_id'],
      ['client_id=x', 'client_id'],
      ['per_page=1000', 'per_page'],
    ] as const) {
      const response = await as(s.teacher).get('/api/lessons', { query });
      expect(Object.keys(errorsOf(response).errors ?? {}), query).toEqual([field]);
    }
  });

  it('refuses a lesson that breaks a rule of spec §5, naming the block, and keeps what was saved', async () => {
    const { s, first } = await withFirstLesson();
    const put = (ids: number[][], values: Record<string, unknown> = {}) =>
      as(s.teacher).put(`/api/lesson/${first.id}`, lessonBody(first, ids, values));
    // No presentations at all: both blocks named.
    expect(errorsOf(await put([[], []])).errors).toEqual({
      'blocks.0.exercise_ids': ['The block “Articulation” has no presentations.'],
      'blocks.1.exercise_ids': ['The block “Phrases” has no presentations.'],
    });
    // Below the minimum, above the maximum.
    expect(errorsOf(await put([[s.words[0]!], [s.phrases[0]!]])).errors).toEqual({
      'blocks.1.exercise_ids': ['The block “Phrases” needs at least 2 presentations.'],
    });
    expect(errorsOf(await put([s.words, s.phrases.slice(0, 2)])).errors).toEqual({
      'blocks.0.exercise_ids': ['The block “Articulation” takes at most 3 presentations.'],
    });
    // An exercise twice in a block, and a usage-1 exercise twice in one lesson.
    expect(errorsOf(await put([[s.words[0]!, s.words[0]!], s.phrases.slice(0, 2)])).errors).toEqual({
      'blocks.0.exercise_ids': ['“Word one” is in the block “Articulation” more than once.'],
    });
    // Not an accepted exercise of the block's folder: a draft, another folder's, another project's.
    const foreign = await buildExercise(t.db, (await buildWorkspace(t.db)).id, s.author.user.id, {
      title: 'Foreign',
    });
    expect(errorsOf(await put([[s.draft, s.elsewhere, foreign.id], s.phrases.slice(0, 2)])).errors).toEqual({
      'blocks.0.exercise_ids': [
        '“Word draft” is not an accepted exercise of the folder of the block “Articulation”.',
        '“Elsewhere” is not an accepted exercise of the folder of the block “Articulation”.',
        `“#${foreign.id}” is not an accepted exercise of the folder of the block “Articulation”.`,
      ],
    });
    // The phrases folder's exercise is not in the words folder.
    expect(errorsOf(await put([[s.phrases[2]!], s.phrases.slice(0, 2)])).errors).toEqual({
      'blocks.0.exercise_ids': [
        '“Phrase three” is not an accepted exercise of the folder of the block “Articulation”.',
      ],
    });
    // A block left out has no presentations; a block the plan lacks is named.
    const left = await as(s.teacher).put(`/api/lesson/${first.id}`, {
      starts_at: null,
      duration_minutes: 45,
      blocks: [{ key: first.blocks[0]!.key, exercise_ids: [s.words[0]] }],
    });
    expect(errorsOf(left).errors).toEqual({ blocks: ['The block “Phrases” has no presentations.'] });
    const unknown = await as(s.teacher).put(`/api/lesson/${first.id}`, {
      starts_at: null,
      duration_minutes: 45,
      blocks: [{ key: '00000000-0000-4000-8000-000000000000', exercise_ids: [] }],
    });
    expect(errorsOf(unknown).errors).toEqual({
      'blocks.0.key': ['This block is not in the plan’s template.'],
    });
    // The shape: 45–60 minutes, a date with its offset, each block once.
    expect(
      errorsOf(await put([[s.words[0]!], s.phrases.slice(0, 2)], { duration_minutes: 44 })).errors,
    ).toEqual({
      duration_minutes: ['At least 45.'],
    });
    expect(
      errorsOf(await put([[s.words[0]!], s.phrases.slice(0, 2)], { duration_minutes: 61 })).errors,
    ).toEqual({
      duration_minutes: ['At most 60.'],
    });
    expect(
      Object.keys(
        errorsOf(await put([[s.words[0]!], s.phrases.slice(0, 2)], { starts_at: 'tomorrow' })).errors ?? {},
      ),
    ).toEqual(['starts_at']);
    for (const ids of [[0], ['one'], [1.5]]) {
      const response = await as(s.teacher).put(`/api/lesson/${first.id}`, {
        ...lessonBody(first, []),
        blocks: [{ key: first.blocks[0]!.key, exercise_ids: ids }],
      });
      expect(Object.keys(errorsOf(response).errors ?? {})).toEqual(['blocks.0.exercise_ids.0']);
    }
    const twice = await as(s.teacher).put(`/api/lesson/${first.id}`, {
      ...lessonBody(first, []),
      blocks: [first.blocks[0], first.blocks[0]].map((block) => ({ key: block!.key, exercise_ids: [] })),
    });
    expect(Object.keys(errorsOf(twice).errors ?? {})).toEqual(['blocks.1.key']);
    // Nothing of it was saved.
    expect(idsOf(await readLesson(t.app, s.teacher, first.id))).toEqual([[], []]);
  });

  it('refuses an exercise used across the plan more often than its usage frequency', async () => {
    const { s, lessons, first } = await withFirstLesson();
    const save = async (index: number, ids: number[][], who = s.teacher) => {
      const lesson = await readLesson(t.app, who, lessons[index]!.id);
      return as(who).put(`/api/lesson/${lesson.id}`, lessonBody(lesson, ids));
    };
    // "Word four" and "Phrase one" may be used once in the plan.
    dataOf(await save(0, [[s.words[3]!], [s.phrases[0]!, s.phrases[1]!]]));
    expect(errorsOf(await save(1, [[s.words[3]!], [s.phrases[0]!, s.phrases[2]!]])).errors).toEqual({
      'blocks.0.exercise_ids': [
        '“Word four” (block “Articulation”) is used in the plan’s lessons more often than it may be: at most 1.',
      ],
      'blocks.1.exercise_ids': [
        '“Phrase one” (block “Phrases”) is used in the plan’s lessons more often than it may be: at most 1.',
      ],
    });
    // "Phrase two" three times across the plan is fine; a fourth is not.
    dataOf(await save(1, [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]]));
    dataOf(await save(2, [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]]));
    expect(errorsOf(await save(3, [[s.words[0]!], [s.phrases[2]!, s.phrases[1]!]])).errors).toEqual({
      'blocks.1.exercise_ids': [
        '“Phrase two” (block “Phrases”) is used in the plan’s lessons more often than it may be: at most 3.',
      ],
    });
    // Saving a lesson again counts its own presentations once.
    dataOf(await save(0, [[s.words[3]!], [s.phrases[0]!, s.phrases[1]!]]));
    expect(first.number).toBe(1);
    // Another plan's lessons do not count: the other teacher may use "Word four" too.
    const [theirs] = await lessonsOfPlan(t.app, s.otherTeacher, s.otherPlan.id);
    const their = await readLesson(t.app, s.otherTeacher, theirs!.id);
    dataOf(
      await as(s.otherTeacher).put(
        `/api/lesson/${their.id}`,
        lessonBody(their, [[s.words[3]!], s.phrases.slice(0, 2)]),
      ),
    );
  });

  it('lets only one of two lessons saved at once take an exercise the plan may use once', async () => {
    const { s, lessons } = await withFirstLesson();
    const [one, two] = await Promise.all(
      lessons.slice(0, 2).map((item) => readLesson(t.app, s.teacher, item.id)),
    );
    const answers = await Promise.all(
      [one!, two!].map((lesson, index) =>
        as(s.teacher).put(
          `/api/lesson/${lesson.id}`,
          lessonBody(lesson, [[s.words[3]!], [s.phrases[1]!, index === 0 ? s.phrases[2]! : s.phrases[0]!]]),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const saved = await Promise.all([one!, two!].map((lesson) => readLesson(t.app, s.teacher, lesson.id)));
    expect(saved.filter((lesson) => idsOf(lesson)[0]!.includes(s.words[3]!))).toHaveLength(1);
  });

  it('refuses any change while the lesson is being regenerated (409, spec §8), and allows it after', async () => {
    const { s, first } = await withFirstLesson();
    await lockLesson(t.db, first.id, new Date(Date.now() + 60_000));
    expect((await readLesson(t.app, s.teacher, first.id)).locked).toBe(true);
    const body = lessonBody(first, [[s.words[0]!], s.phrases.slice(0, 2)]);
    const refused = errorsOf(await as(s.teacher).put(`/api/lesson/${first.id}`, body), 409);
    expect(refused).toEqual({
      code: 'lesson_locked',
      message:
        'The lesson is being regenerated for the student’s interests. Wait until it is done, then try again.',
    });
    const uk = errorsOf(await as(s.teacher).put(`/api/lesson/${first.id}`, body, { lang: 'uk' }), 409);
    expect(uk.message).toBe(
      'Урок саме перегенеровується під інтереси учня. Дочекайтеся завершення і спробуйте ще раз.',
    );
    for (const call of [
      as(s.teacher).post('/api/exercises/generate-lesson', { lesson_id: first.id }),
      as(s.teacher).post('/api/lesson/finish', { lesson_id: first.id, reached: [] }),
    ]) {
      expect(errorsOf(await call, 409).code).toBe('lesson_locked');
    }
    expect(idsOf(await readLesson(t.app, s.teacher, first.id))).toEqual([[], []]);
    // A lock that has run out blocks nothing.
    await lockLesson(t.db, first.id, new Date(Date.now() - 1000));
    expect((await readLesson(t.app, s.teacher, first.id)).locked).toBe(false);
    dataOf(await as(s.teacher).put(`/api/lesson/${first.id}`, body));
  });
});

describe('GET /api/lessons/check-lesson', () => {
  it('says what each block lacks, and that a valid, dated lesson is ready', async () => {
    const { s, first } = await withFirstLesson();
    const check = async () =>
      dataOf<LessonCheck>(
        await as(s.teacher).get('/api/lessons/check-lesson', { query: `lesson_id=${first.id}` }),
      );
    expect(await check()).toEqual({
      lesson_id: first.id,
      valid: false,
      ready: false,
      blocks: [
        {
          key: first.blocks[0]!.key,
          target: 'Articulation',
          presentations: 0,
          min_presentations: 1,
          max_presentations: 3,
          missing: 1,
          problems: ['The block “Articulation” has no presentations.'],
        },
        {
          key: first.blocks[1]!.key,
          target: 'Phrases',
          presentations: 0,
          min_presentations: 2,
          max_presentations: 2,
          missing: 2,
          problems: ['The block “Phrases” has no presentations.'],
        },
      ],
      problems: ['Set the lesson’s date and time.'],
    });
    dataOf(
      await as(s.teacher).put(
        `/api/lesson/${first.id}`,
        lessonBody(first, [[s.words[0]!], s.phrases.slice(0, 2)]),
      ),
    );
    const valid = await check();
    expect([valid.valid, valid.ready, valid.blocks.map((block) => block.missing)]).toEqual([
      true,
      false,
      [0, 0],
    ]);
    dataOf(
      await as(s.teacher).put(
        `/api/lesson/${first.id}`,
        lessonBody(first, [[s.words[0]!], s.phrases.slice(0, 2)], { starts_at: '2030-01-07T10:00:00Z' }),
      ),
    );
    expect(await check()).toMatchObject({ valid: true, ready: true, problems: [] });
    await lockLesson(t.db, first.id, new Date(Date.now() + 60_000));
    expect(await check()).toMatchObject({
      valid: true,
      ready: false,
      problems: [
        'The lesson is being regenerated for the student’s interests. Wait until it is done, then try again.',
      ],
    });
  });

  it('refuses a lesson id that is no number (422)', async () => {
    const { s } = await withFirstLesson();
    const response = await as(s.teacher).get('/api/lessons/check-lesson', { query: 'lesson_id=abc' });
    expect(Object.keys(errorsOf(response).errors ?? {})).toEqual(['lesson_id']);
    const missing = await as(s.teacher).get('/api/lessons/check-lesson');
    expect(Object.keys(errorsOf(missing).errors ?? {})).toEqual(['lesson_id']);
  });
});

describe('who reaches lessons', () => {
  it('answers 404 for another teacher’s lesson and another project’s, to every lesson call', async () => {
    const { s, first } = await withFirstLesson();
    const elsewhere = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
    const body = lessonBody(first, [[s.words[0]!], s.phrases.slice(0, 2)]);
    for (const who of [s.otherTeacher, s.diagnostician, elsewhere]) {
      const api = as(who);
      const calls = [
        api.get(`/api/lesson/${first.id}`),
        api.put(`/api/lesson/${first.id}`, body),
        api.get('/api/lessons/check-lesson', { query: `lesson_id=${first.id}` }),
        api.post('/api/exercises/generate-lesson', { lesson_id: first.id }),
        api.post('/api/lesson/finish', { lesson_id: first.id, reached: [] }),
      ];
      for (const response of await Promise.all(calls)) expect(errorsOf(response, 404).code).toBe('not_found');
    }
    expect(idsOf(await readLesson(t.app, s.teacher, first.id))).toEqual([[], []]);
    // A lesson id that names nothing is the same 404.
    expect(errorsOf(await as(s.teacher).get('/api/lesson/2147483647'), 404).code).toBe('not_found');
    expect(errorsOf(await as(s.teacher).get('/api/lesson/abc'), 404).code).toBe('not_found');
  });

  it('answers 401 without a token and 403 to roles that keep no lessons; a diagnostician keeps them as a teacher', async () => {
    const { s, first } = await withFirstLesson();
    expect(errorsOf(await apiAs(t.app, s.teacher, { token: null }).get('/api/lessons'), 401).code).toBe(
      'unauthenticated',
    );
    expect(
      errorsOf(await apiAs(t.app, s.teacher, { token: null }).get(`/api/lesson/${first.id}`), 401).code,
    ).toBe('unauthenticated');
    for (const who of [s.moderator, s.author, s.manager]) {
      expect(errorsOf(await as(who).get('/api/lessons'), 403).code).toBe('forbidden');
      expect(errorsOf(await as(who).get(`/api/lesson/${first.id}`), 403).code).toBe('forbidden');
    }
    const theirs = dataOf<LessonListItem[]>(await as(s.diagnostician).get('/api/lessons'));
    expect(theirs).toEqual([]);
  });
});
