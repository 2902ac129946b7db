import type { LessonFromProgramResult, Program } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildSignedInMember, buildWorkspace, type Member } from '../../test/factories.ts';
import {
  buildLessonSchool,
  dataOf,
  idsOf,
  lessonBody,
  lessonsOfPlan,
  readLesson,
} from '../../test/lessons.ts';
import { buildExercise } from '../../test/factories.ts';

const t = useTestApp();
const as = (who: Member) => apiAs(t.app, who);
const fromProgram = (who: Member, lessonId: number, programId: number) =>
  as(who).post(`/api/lesson/${lessonId}/from-program`, { program_id: programId });
const program = async (who: Member, items: number[], kind = 'program') =>
  dataOf<Program>(
    await as(who).post('/api/recommended-programs', {
      kind,
      name: `Program ${items.join(' ')}`,
      items: items.map((id) => ({ exercise_id: id, note: '' })),
    }),
    201,
  );

describe('POST /api/lesson/:lessonId/from-program', () => {
  it('puts the program’s exercises into the blocks whose folders hold them, within the bounds, and says what did not fit', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    // Words: the Articulation block (at most 3); phrases: the Articulation block too (its folders
    // are words and phrases), then the Phrases block once Articulation is full.
    const accepted = await program(s.moderator, [
      s.words[0]!,
      s.words[1]!,
      s.elsewhere,
      s.words[2]!,
      s.words[3]!,
      s.phrases[1]!,
    ]);
    const result = dataOf<LessonFromProgramResult>(await fromProgram(s.teacher, first!.id, accepted.id));
    const [articulation, phrases] = idsOf(result.lesson);
    expect(articulation).toEqual([s.words[0], s.words[1], s.words[2]]);
    expect(phrases).toEqual([s.phrases[1]]);
    expect(result.placed.map((item) => [item.exercise_id, item.target])).toEqual([
      [s.words[0], 'Articulation'],
      [s.words[1], 'Articulation'],
      [s.words[2], 'Articulation'],
      [s.phrases[1], 'Phrases'],
    ]);
    expect(result.not_placed).toEqual([
      {
        exercise_id: s.elsewhere,
        title: 'Elsewhere',
        block_key: null,
        target: null,
        reason: 'programNoBlock',
        message: 'No block of the lesson has this exercise’s folder.',
      },
      {
        exercise_id: s.words[3],
        title: 'Word four',
        block_key: null,
        target: null,
        reason: 'programBlockFull',
        message: 'The block “Articulation” already has its maximum of 3 presentations.',
      },
    ]);
    expect(await readLesson(t.app, s.teacher, first!.id)).toEqual(result.lesson);

    // Again: everything is in the lesson already.
    const again = dataOf<LessonFromProgramResult>(await fromProgram(s.teacher, first!.id, accepted.id));
    expect(again.placed).toEqual([]);
    expect(again.not_placed.map((item) => item.reason)).toEqual([
      'programAlreadyInLesson',
      'programAlreadyInLesson',
      'programNoBlock',
      'programAlreadyInLesson',
      'programBlockFull',
      'programAlreadyInLesson',
    ]);
  });

  it('keeps the plan’s usage frequencies and says so; an exercise no longer accepted is not placed', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const [first, second] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const lesson = await readLesson(t.app, s.teacher, first!.id);
    // Phrase one may be used once in the plan: the first lesson has it.
    dataOf(
      await as(s.teacher).put(
        `/api/lesson/${lesson.id}`,
        lessonBody(lesson, [[s.words[0]!], [s.phrases[0]!, s.phrases[1]!]]),
      ),
    );
    const late = (
      await buildExercise(t.db, s.workspace.id, s.author.user.id, {
        title: 'Late',
        categoryId: s.phrasesFolder,
      })
    ).id;
    const chosen = await program(s.moderator, [s.phrases[0]!, late], 'complex');
    await t.db.execute(`update exercises set status_id = 3 where id = ${late}`);
    const result = dataOf<LessonFromProgramResult>(await fromProgram(s.teacher, second!.id, chosen.id));
    expect(result.placed).toEqual([]);
    expect(result.not_placed.map((item) => [item.exercise_id, item.reason, item.message])).toEqual([
      [
        s.phrases[0],
        'programUsageExceeded',
        'The plan’s lessons already use it as often as it may be used: 1.',
      ],
      [late, 'programNotAccepted', 'The exercise is no longer accepted.'],
    ]);
    expect(idsOf(result.lesson)).toEqual([[], []]);
  });

  it('answers 401, 403, 404 for another teacher’s lesson or another project’s program, 409 once finished', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const [theirs] = await lessonsOfPlan(t.app, s.otherTeacher, s.otherPlan.id);
    const chosen = await program(s.moderator, [s.words[0]!]);
    const elsewhere = await buildWorkspace(t.db);
    const foreignModerator = await buildSignedInMember(t.db, elsewhere, 'moderator');
    const foreignExercise = (
      await buildExercise(t.db, elsewhere.id, foreignModerator.user.id, { title: 'F' })
    ).id;
    const foreign = await program(foreignModerator, [foreignExercise]);

    const anonymous = await apiAs(t.app, s.teacher, { token: null }).post(
      `/api/lesson/${first!.id}/from-program`,
      {
        program_id: chosen.id,
      },
    );
    expect(anonymous.statusCode).toBe(401);
    expect((await fromProgram(s.moderator, first!.id, chosen.id)).statusCode).toBe(403);
    expect((await fromProgram(s.teacher, theirs!.id, chosen.id)).statusCode).toBe(404);
    expect((await fromProgram(s.teacher, first!.id, foreign.id)).statusCode).toBe(404);
    expect(
      (await as(s.teacher).post(`/api/lesson/${first!.id}/from-program`, { program_id: 'x' })).statusCode,
    ).toBe(422);
    dataOf(await as(s.teacher).post('/api/lesson/finish', { lesson_id: first!.id, reached: [] }));
    expect((await fromProgram(s.teacher, first!.id, chosen.id)).statusCode).toBe(409);
  });
});
