import type { Lesson, LessonMarks } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
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

const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const errorsOf = (response: Response, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string; errors?: Record<string, string[]> };
};
const marksUrl = (lessonId: number) => `/api/lesson/${lessonId}/marks`;
const mark = (who: Member, lessonId: number, body: Record<string, unknown>) =>
  as(who).post(marksUrl(lessonId), body);
const undo = (who: Member, lessonId: number, exerciseId: number) =>
  as(who).delete(`${marksUrl(lessonId)}/last`, { query: `exercise_id=${exerciseId}` });
const counts = (marks: LessonMarks) =>
  marks.exercises.map(({ exercise_id, correct, incorrect, cued }) => ({
    exercise_id,
    correct,
    incorrect,
    cued,
  }));

/** The school and its plan's first lesson, saved with a word and two phrases. */
async function withLesson(): Promise<{ s: LessonSchool; lesson: Lesson }> {
  const s = await buildLessonSchool(t.app, t.db);
  const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
  const read = await readLesson(t.app, s.teacher, first!.id);
  const lesson = dataOf<Lesson>(
    await as(s.teacher).put(
      `/api/lesson/${read.id}`,
      lessonBody(read, [[s.words[0]!], s.phrases.slice(0, 2)]),
    ),
  );
  return { s, lesson };
}

describe('the marks of a lesson', () => {
  it('records trials one at a time, counts them per exercise, and undoes the last', async () => {
    const { s, lesson } = await withLesson();
    const word = s.words[0]!;
    const phrase = s.phrases[1]!;
    expect(dataOf<LessonMarks>(await as(s.teacher).get(marksUrl(lesson.id)))).toEqual({
      lesson_id: lesson.id,
      exercises: [],
    });
    dataOf(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'correct' }));
    dataOf(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'incorrect' }));
    dataOf(await mark(s.teacher, lesson.id, { exercise_id: phrase, result: 'correct' }));
    const after = dataOf<LessonMarks>(
      await mark(s.teacher, lesson.id, { exercise_id: word, result: 'cued', cue: 'phonemic' }),
    );
    expect(counts(after)).toEqual([
      { exercise_id: word, correct: 1, incorrect: 1, cued: 1 },
      { exercise_id: phrase, correct: 1, incorrect: 0, cued: 0 },
    ]);
    expect(after.exercises[0]!.trials.map(({ trial, result, cue }) => ({ trial, result, cue }))).toEqual([
      { trial: 1, result: 'correct', cue: null },
      { trial: 2, result: 'incorrect', cue: null },
      { trial: 3, result: 'cued', cue: 'phonemic' },
    ]);
    // Undo takes the exercise's last trial only; the next trial takes its number again.
    const undone = dataOf<LessonMarks>(await undo(s.teacher, lesson.id, word));
    expect(counts(undone)[0]).toEqual({ exercise_id: word, correct: 1, incorrect: 1, cued: 0 });
    expect(counts(undone)[1]).toEqual({ exercise_id: phrase, correct: 1, incorrect: 0, cued: 0 });
    const again = dataOf<LessonMarks>(
      await mark(s.teacher, lesson.id, { exercise_id: word, result: 'cued', cue: 'tactile' }),
    );
    expect(again.exercises[0]!.trials.at(-1)).toMatchObject({ trial: 3, result: 'cued', cue: 'tactile' });
    // Undo with nothing left to undo changes nothing.
    dataOf(await undo(s.teacher, lesson.id, phrase));
    const empty = dataOf<LessonMarks>(await undo(s.teacher, lesson.id, phrase));
    expect(counts(empty)).toEqual([{ exercise_id: word, correct: 1, incorrect: 1, cued: 1 }]);
    expect(dataOf<LessonMarks>(await as(s.teacher).get(marksUrl(lesson.id)))).toEqual(empty);
  });

  it('refuses an exercise not in the lesson, a cued trial without its cue and a cue on another (422)', async () => {
    const { s, lesson } = await withLesson();
    const word = s.words[0]!;
    for (const body of [
      { exercise_id: s.words[1]!, result: 'correct' },
      { exercise_id: s.elsewhere, result: 'correct' },
      { exercise_id: 2147483647, result: 'correct' },
    ])
      expect(Object.keys(errorsOf(await mark(s.teacher, lesson.id, body), 422).errors ?? {})).toEqual([
        'exercise_id',
      ]);
    for (const body of [
      { exercise_id: word, result: 'cued' },
      { exercise_id: word, result: 'cued', cue: 'telepathic' },
      { exercise_id: word, result: 'correct', cue: 'verbal' },
    ])
      expect(Object.keys(errorsOf(await mark(s.teacher, lesson.id, body), 422).errors ?? {})).toEqual([
        'cue',
      ]);
    expect(
      Object.keys(
        errorsOf(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'maybe' }), 422).errors ?? {},
      ),
    ).toEqual(['result']);
    expect(Object.keys(errorsOf(await undo(s.teacher, lesson.id, s.words[1]!), 422).errors ?? {})).toEqual([
      'exercise_id',
    ]);
    const missing = await as(s.teacher).delete(`${marksUrl(lesson.id)}/last`);
    expect(Object.keys(errorsOf(missing, 422).errors ?? {})).toEqual(['exercise_id']);
    expect(dataOf<LessonMarks>(await as(s.teacher).get(marksUrl(lesson.id))).exercises).toEqual([]);
  });

  it('refuses marks once the lesson is finished and while it is being regenerated (409), keeping them', async () => {
    const { s, lesson } = await withLesson();
    const word = s.words[0]!;
    dataOf(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'correct' }));
    await lockLesson(t.db, lesson.id, new Date(Date.now() + 60_000));
    expect(
      errorsOf(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'correct' }), 409).code,
    ).toBe('lesson_locked');
    expect(errorsOf(await undo(s.teacher, lesson.id, word), 409).code).toBe('lesson_locked');
    await lockLesson(t.db, lesson.id, null);
    dataOf(
      await as(s.teacher).post('/api/lesson/finish', {
        lesson_id: lesson.id,
        reached: [word, ...s.phrases.slice(0, 2)],
      }),
    );
    const finished = errorsOf(
      await mark(s.teacher, lesson.id, { exercise_id: word, result: 'incorrect' }),
      409,
    );
    expect(finished).toMatchObject({
      code: 'lesson_finished',
      message: 'The lesson is finished: it can no longer be changed.',
    });
    expect(errorsOf(await undo(s.teacher, lesson.id, word), 409).code).toBe('lesson_finished');
    // The finished lesson's marks are still there to read.
    expect(counts(dataOf<LessonMarks>(await as(s.teacher).get(marksUrl(lesson.id))))).toEqual([
      { exercise_id: word, correct: 1, incorrect: 0, cued: 0 },
    ]);
  });
});

describe('who reaches the marks', () => {
  it('answers 404 for another teacher’s lesson and another project’s', async () => {
    const { s, lesson } = await withLesson();
    const word = s.words[0]!;
    dataOf(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'correct' }));
    const elsewhere = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
    for (const who of [s.otherTeacher, s.diagnostician, elsewhere]) {
      for (const response of [
        await as(who).get(marksUrl(lesson.id)),
        await mark(who, lesson.id, { exercise_id: word, result: 'correct' }),
        await undo(who, lesson.id, word),
      ])
        expect(errorsOf(response, 404).code).toBe('not_found');
    }
    expect(errorsOf(await as(s.teacher).get(marksUrl(2147483647)), 404).code).toBe('not_found');
    expect(counts(dataOf<LessonMarks>(await as(s.teacher).get(marksUrl(lesson.id))))).toEqual([
      { exercise_id: word, correct: 1, incorrect: 0, cued: 0 },
    ]);
  });

  it('answers 401 without a token and 403 to roles that keep no lessons', async () => {
    const { s, lesson } = await withLesson();
    const word = s.words[0]!;
    const anonymous = apiAs(t.app, s.teacher, { token: null });
    for (const response of [
      await anonymous.get(marksUrl(lesson.id)),
      await anonymous.post(marksUrl(lesson.id), { exercise_id: word, result: 'correct' }),
      await anonymous.delete(`${marksUrl(lesson.id)}/last`, { query: `exercise_id=${word}` }),
    ])
      expect(errorsOf(response, 401).code).toBe('unauthenticated');
    for (const who of [s.moderator, s.author, s.manager]) {
      for (const response of [
        await as(who).get(marksUrl(lesson.id)),
        await mark(who, lesson.id, { exercise_id: word, result: 'correct' }),
        await undo(who, lesson.id, word),
      ])
        expect(errorsOf(response, 403).code).toBe('forbidden');
    }
    expect(dataOf<LessonMarks>(await as(s.teacher).get(marksUrl(lesson.id))).exercises).toEqual([]);
  });
});
