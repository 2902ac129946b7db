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
const cueUrl = (lessonId: number, markId: number) => `${marksUrl(lessonId)}/${markId}/cue`;
const setCue = (who: Member, lessonId: number, markId: number, body: unknown) =>
  as(who).put(cueUrl(lessonId, markId), body as Record<string, unknown>);
/** The last trial of the lesson's first marked exercise. */
const lastTrial = (marks: LessonMarks) => marks.exercises[0]!.trials.at(-1)!;
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

  it('refuses an exercise not in the lesson, an unknown cue and a cue on another trial (422)', async () => {
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

describe('a cued trial’s cue, said after the tap', () => {
  it('records the cued trial at once, counted, and sets or changes its cue afterwards', async () => {
    const { s, lesson } = await withLesson();
    const word = s.words[0]!;
    dataOf(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'correct' }));
    dataOf(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'incorrect' }));
    dataOf(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'correct' }));
    // The fourth trial, cued, with no cue said yet: it counts at once (not 2/1/0).
    const tapped = dataOf<LessonMarks>(
      await mark(s.teacher, lesson.id, { exercise_id: word, result: 'cued' }),
    );
    expect(counts(tapped)).toEqual([{ exercise_id: word, correct: 2, incorrect: 1, cued: 1 }]);
    const cued = lastTrial(tapped);
    expect(cued).toMatchObject({ trial: 4, result: 'cued', cue: null });
    // The cue chosen afterwards, then changed, then taken back: the trial stays, counted.
    const chosen = dataOf<LessonMarks>(await setCue(s.teacher, lesson.id, cued.id, { cue: 'visual' }));
    expect(lastTrial(chosen)).toEqual({ ...cued, cue: 'visual' });
    const changed = dataOf<LessonMarks>(await setCue(s.teacher, lesson.id, cued.id, { cue: 'phonemic' }));
    expect(lastTrial(changed)).toEqual({ ...cued, cue: 'phonemic' });
    expect(counts(changed)).toEqual([{ exercise_id: word, correct: 2, incorrect: 1, cued: 1 }]);
    const cleared = dataOf<LessonMarks>(await setCue(s.teacher, lesson.id, cued.id, { cue: null }));
    expect(lastTrial(cleared).cue).toBeNull();
    expect(dataOf<LessonMarks>(await as(s.teacher).get(marksUrl(lesson.id)))).toEqual(cleared);
    // A cue may also come with the tap, as before.
    const withCue = dataOf<LessonMarks>(
      await mark(s.teacher, lesson.id, { exercise_id: word, result: 'cued', cue: 'gestural' }),
    );
    expect(lastTrial(withCue)).toMatchObject({ trial: 5, cue: 'gestural' });
  });

  it('refuses a cue on a trial that was not cued, a bad cue or body (422) and a malformed one (400)', async () => {
    const { s, lesson } = await withLesson();
    const word = s.words[0]!;
    const correct = lastTrial(
      dataOf<LessonMarks>(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'correct' })),
    );
    const notCued = errorsOf(await setCue(s.teacher, lesson.id, correct.id, { cue: 'verbal' }), 422);
    expect(notCued.errors).toEqual({ cue: ['Only a cued trial has a cue.'] });
    const ukrainian = await as(s.teacher).put(
      cueUrl(lesson.id, correct.id),
      { cue: 'verbal' },
      { lang: 'uk' },
    );
    expect(errorsOf(ukrainian, 422).errors).toEqual({
      cue: ['Підказку можна вказати лише для спроби з підказкою.'],
    });
    const cued = lastTrial(
      dataOf<LessonMarks>(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'cued' })),
    );
    for (const body of [{}, { cue: 'telepathic' }, { cue: 3 }, { cue: 'verbal', result: 'correct' }])
      expect(
        Object.keys(errorsOf(await setCue(s.teacher, lesson.id, cued.id, body), 422).errors ?? {}),
        JSON.stringify(body),
      ).not.toEqual([]);
    // A path id that can name nothing is as unknown as any other.
    expect(errorsOf(await setCue(s.teacher, lesson.id, 0, { cue: 'verbal' }), 404).code).toBe('not_found');
    const malformed = await as(s.teacher).put(cueUrl(lesson.id, cued.id), '{"cue":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode, malformed.body).toBe(400);
    // Nothing changed.
    expect(lastTrial(dataOf<LessonMarks>(await as(s.teacher).get(marksUrl(lesson.id))))).toEqual(cued);
  });

  it('answers 404 for a mark undone, of another lesson, or of another teacher’s or project’s lesson', async () => {
    const { s, lesson } = await withLesson();
    const word = s.words[0]!;
    const cued = lastTrial(
      dataOf<LessonMarks>(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'cued' })),
    );
    // The same mark named through another lesson of the teacher's: not that lesson's.
    const [, second] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const wrongLesson = errorsOf(await setCue(s.teacher, second!.id, cued.id, { cue: 'verbal' }), 404);
    expect(wrongLesson).toMatchObject({ code: 'not_found' });
    const elsewhere = await buildSignedInMember(t.db, await buildWorkspace(t.db), 'teacher');
    for (const who of [s.otherTeacher, elsewhere])
      expect(errorsOf(await setCue(who, lesson.id, cued.id, { cue: 'verbal' }), 404).code).toBe('not_found');
    dataOf(await undo(s.teacher, lesson.id, word));
    const undone = errorsOf(await setCue(s.teacher, lesson.id, cued.id, { cue: 'verbal' }), 404);
    expect(undone).toMatchObject({
      code: 'not_found',
      message: 'This trial is not among the lesson’s marks (it may have been undone).',
    });
  });

  it('answers 401 without a token, 403 to roles that keep no lessons, 409 once finished or locked', async () => {
    const { s, lesson } = await withLesson();
    const word = s.words[0]!;
    const cued = lastTrial(
      dataOf<LessonMarks>(await mark(s.teacher, lesson.id, { exercise_id: word, result: 'cued' })),
    );
    const anonymous = apiAs(t.app, s.teacher, { token: null });
    expect(errorsOf(await anonymous.put(cueUrl(lesson.id, cued.id), { cue: 'verbal' }), 401).code).toBe(
      'unauthenticated',
    );
    for (const who of [s.moderator, s.author, s.manager])
      expect(errorsOf(await setCue(who, lesson.id, cued.id, { cue: 'verbal' }), 403).code).toBe('forbidden');
    await lockLesson(t.db, lesson.id, new Date(Date.now() + 60_000));
    expect(errorsOf(await setCue(s.teacher, lesson.id, cued.id, { cue: 'verbal' }), 409).code).toBe(
      'lesson_locked',
    );
    await lockLesson(t.db, lesson.id, null);
    dataOf(
      await as(s.teacher).post('/api/lesson/finish', {
        lesson_id: lesson.id,
        reached: [word, ...s.phrases.slice(0, 2)],
      }),
    );
    expect(errorsOf(await setCue(s.teacher, lesson.id, cued.id, { cue: 'verbal' }), 409).code).toBe(
      'lesson_finished',
    );
    // Finished without its cue: the trial is kept and counted, its cue not said.
    const kept = dataOf<LessonMarks>(await as(s.teacher).get(marksUrl(lesson.id)));
    expect(counts(kept)).toEqual([{ exercise_id: word, correct: 0, incorrect: 0, cued: 1 }]);
    expect(lastTrial(kept)).toEqual(cued);
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
