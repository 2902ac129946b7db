import type { Lesson, LessonListItem } from '@logoschool/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiAs, type Response } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import type { Member } from '../../test/factories.ts';
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
const finish = (who: Member, lessonId: number, reached: number[]) =>
  as(who).post('/api/lesson/finish', { lesson_id: lessonId, reached });
const refusal = (response: Response, status = 409) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { code: string; message: string; errors?: Record<string, string[]> };
};

/** Writes a lesson's presentations without the API: a lesson still being prepared, or one that received moved ones. */
async function writeDirectly(lesson: Lesson, ids: number[][]) {
  for (const [index, block] of lesson.blocks.entries()) {
    for (const [position, exerciseId] of (ids[index] ?? []).entries()) {
      await t.db.execute(
        sql`insert into lesson_presentations (lesson_id, block_key, position, exercise_id) values (${lesson.id}, ${block.key}, ${position}, ${exerciseId})`,
      );
    }
  }
}

/**
 * The school and its plan's lessons, the first saved through the API with `first` (of the school's
 * exercises) and the second holding `second`.
 */
async function prepared(
  first: (s: LessonSchool) => number[][],
  second: (s: LessonSchool) => number[][] = () => [[], []],
) {
  const s = await buildLessonSchool(t.app, t.db);
  const lessons = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
  const one = await readLesson(t.app, s.teacher, lessons[0]!.id);
  dataOf(await as(s.teacher).put(`/api/lesson/${one.id}`, lessonBody(one, first(s))));
  await writeDirectly(await readLesson(t.app, s.teacher, lessons[1]!.id), second(s));
  return { s, lessons, first: lessons[0]!, second: lessons[1]! };
}

/** What the plan's first lessons hold and whether each is finished, to compare before and after. */
async function snapshot(s: LessonSchool, lessons: LessonListItem[]) {
  return Promise.all(
    lessons.slice(0, 3).map(async (item) => {
      const lesson = await readLesson(t.app, s.teacher, item.id);
      return { status: lesson.status, finished_at: lesson.finished_at, ids: idsOf(lesson) };
    }),
  );
}

describe('POST /api/lesson/finish', () => {
  it('finishes a lesson and moves what was not reached to the end of its block in the next lesson', async () => {
    const { s, first, second } = await prepared(
      (s) => [
        [s.words[0]!, s.words[1]!],
        [s.phrases[1]!, s.phrases[2]!],
      ],
      (s) => [[s.words[2]!], []],
    );
    const finished = dataOf<Lesson>(await finish(s.teacher, first.id, [s.words[0]!, s.phrases[1]!]));
    expect(finished.status).toBe('finished');
    expect(finished.finished_at).not.toBeNull();
    expect(idsOf(finished)).toEqual([[s.words[0]], [s.phrases[1]]]);
    expect(idsOf(await readLesson(t.app, s.teacher, second.id))).toEqual([
      [s.words[2], s.words[1]],
      [s.phrases[2]],
    ]);
    // The list says which are finished.
    const done = await as(s.teacher).get('/api/lessons', { query: 'status=finished' });
    expect(done.json().data.map((lesson: LessonListItem) => lesson.id)).toEqual([first.id]);
    // A finished lesson is not changed again.
    const lesson = await readLesson(t.app, s.teacher, first.id);
    for (const response of [
      await finish(s.teacher, first.id, []),
      await as(s.teacher).put(`/api/lesson/${first.id}`, lessonBody(lesson, idsOf(lesson))),
      await as(s.teacher).post('/api/exercises/generate-lesson', { lesson_id: first.id }),
    ]) {
      expect(refusal(response)).toEqual({
        code: 'lesson_finished',
        message: 'The lesson is finished: it can no longer be changed.',
      });
    }
  });

  it('moves nothing when every presentation was reached, even in the plan’s last lesson', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const lessons = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const last = await readLesson(t.app, s.teacher, lessons[9]!.id);
    const ids = [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]];
    dataOf(await as(s.teacher).put(`/api/lesson/${last.id}`, lessonBody(last, ids)));
    const finished = dataOf<Lesson>(await finish(s.teacher, last.id, ids.flat()));
    expect([finished.status, idsOf(finished)]).toEqual(['finished', ids]);
  });

  it('changes nothing when the next lesson would go above a block’s maximum (409, spec §8)', async () => {
    const { s, lessons, first } = await prepared(
      (s) => [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]],
      (s) => [[], [s.phrases[0]!, s.phrases[1]!]],
    );
    const before = await snapshot(s, lessons);
    const response = await finish(s.teacher, first.id, [s.words[0]!, s.phrases[1]!]);
    expect(refusal(response)).toEqual({
      code: 'lesson_transfer_failed',
      message:
        'The presentations not reached could not be moved to the next lesson. The block “Phrases” takes at most 2 presentations. Nothing was changed: the lesson is still open.',
    });
    expect(await snapshot(s, lessons)).toEqual(before);
    const uk = await as(s.teacher).post(
      '/api/lesson/finish',
      { lesson_id: first.id, reached: [s.words[0]!, s.phrases[1]!] },
      { lang: 'uk' },
    );
    expect(refusal(uk).message).toBe(
      'Не вдалося перенести непройдені презентації до наступного уроку. Кількість презентацій у блоці «Phrases» — щонайбільше 2. Нічого не змінено: урок залишається відкритим.',
    );
  });

  it('changes nothing when the next lesson would hold an exercise twice in a block or too often in the plan', async () => {
    const twice = await prepared(
      (s) => [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]],
      (s) => [[s.words[0]!], []],
    );
    const before = await snapshot(twice.s, twice.lessons);
    const answer = refusal(
      await finish(twice.s.teacher, twice.first.id, [twice.s.phrases[1]!, twice.s.phrases[2]!]),
    );
    expect(answer.message).toContain('“Word one” is in the block “Articulation” more than once.');
    expect(await snapshot(twice.s, twice.lessons)).toEqual(before);

    // The moderator lowered "Word one"'s usage to 1 after the plan used it in two lessons.
    const often = await prepared(
      (s) => [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]],
      (s) => [[], [s.words[0]!]],
    );
    await t.db.execute(sql`update exercises set usage_frequency = 1 where id = ${often.s.words[0]!}`);
    const refused = refusal(
      await finish(often.s.teacher, often.first.id, [often.s.phrases[1]!, often.s.phrases[2]!]),
    );
    expect(refused.code).toBe('lesson_transfer_failed');
    expect(refused.message).toContain('at most 1');
  });

  it('changes nothing when there is no next lesson, or it is being regenerated or finished', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const lessons = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const ids = [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]];
    const last = await readLesson(t.app, s.teacher, lessons[9]!.id);
    dataOf(await as(s.teacher).put(`/api/lesson/${last.id}`, lessonBody(last, ids)));
    expect(refusal(await finish(s.teacher, last.id, [s.words[0]!])).message).toBe(
      'The presentations not reached could not be moved to the next lesson. This is the plan’s last lesson. Nothing was changed: the lesson is still open.',
    );
    expect((await readLesson(t.app, s.teacher, last.id)).status).toBe('open');

    const first = await readLesson(t.app, s.teacher, lessons[0]!.id);
    dataOf(await as(s.teacher).put(`/api/lesson/${first.id}`, lessonBody(first, ids)));
    await lockLesson(t.db, lessons[1]!.id, new Date(Date.now() + 60_000));
    expect(refusal(await finish(s.teacher, first.id, [])).message).toContain(
      'The next lesson is being regenerated.',
    );
    await lockLesson(t.db, lessons[1]!.id, null);
    const second = await readLesson(t.app, s.teacher, lessons[1]!.id);
    dataOf(
      await as(s.teacher).put(
        `/api/lesson/${second.id}`,
        lessonBody(second, [[s.words[1]!], [s.phrases[1]!, s.phrases[2]!]]),
      ),
    );
    dataOf(await finish(s.teacher, second.id, [s.words[1]!, s.phrases[1]!, s.phrases[2]!]));
    expect(refusal(await finish(s.teacher, first.id, [])).message).toContain(
      'The next lesson is already finished.',
    );
    expect(idsOf(await readLesson(t.app, s.teacher, first.id))).toEqual(ids);
    expect((await readLesson(t.app, s.teacher, first.id)).status).toBe('open');
  });

  it('loses nothing when the move fails in the database (a simulated failure)', async () => {
    const { s, lessons, first, second } = await prepared((s) => [
      [s.words[0]!, s.words[1]!],
      [s.phrases[1]!, s.phrases[2]!],
    ]);
    const before = await snapshot(s, lessons);
    // The next lesson refuses any new presentation, as a broken disk or a lost connection would.
    await t.db.execute(
      sql.raw(`create function refuse_moves() returns trigger language plpgsql as $$
        begin raise exception 'simulated failure'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_moves before insert on lesson_presentations
        for each row when (new.lesson_id = ${second.id}) execute function refuse_moves()`),
    );
    try {
      const response = await finish(s.teacher, first.id, [s.words[0]!]);
      expect(refusal(response)).toEqual({
        code: 'lesson_transfer_failed',
        message:
          'The presentations not reached could not be moved to the next lesson. The move failed; please try again. Nothing was changed: the lesson is still open.',
      });
      expect(await snapshot(s, lessons)).toEqual(before);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_moves on lesson_presentations'));
      await t.db.execute(sql.raw('drop function refuse_moves()'));
    }
    // Once the database takes it again, the same finish goes through.
    dataOf(await finish(s.teacher, first.id, [s.words[0]!]));
    expect(idsOf(await readLesson(t.app, s.teacher, second.id))).toEqual([
      [s.words[1]],
      [s.phrases[1], s.phrases[2]],
    ]);
  });

  it('refuses reached exercises that are not in the lesson, and a malformed body (422)', async () => {
    const { s, first } = await prepared((s) => [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]]);
    const response = await finish(s.teacher, first.id, [s.words[0]!, s.words[3]!]);
    expect(refusal(response, 422).errors).toEqual({ reached: ['Name only exercises of this lesson.'] });
    for (const [body, field] of [
      [{ lesson_id: first.id }, 'reached'],
      [{ lesson_id: first.id, reached: 'all' }, 'reached'],
      [{ lesson_id: first.id, reached: [0] }, 'reached.0'],
      [{ reached: [] }, 'lesson_id'],
      [{ lesson_id: first.id, reached: [], extra: true }, 'extra'],
    ] as const) {
      const answer = await as(s.teacher).post('/api/lesson/finish', body);
      expect(Object.keys(refusal(answer, 422).errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect((await readLesson(t.app, s.teacher, first.id)).status).toBe('open');
  });
});

describe('an exercise a lesson uses', () => {
  it('cannot be deleted, alone or in bulk (409)', async () => {
    const { s } = await prepared((s) => [[s.words[0]!], [s.phrases[1]!, s.phrases[2]!]]);
    const alone = await as(s.moderator).delete(`/api/exercises/${s.words[0]}`);
    expect(refusal(alone)).toEqual({
      code: 'exercise_in_lessons',
      message: 'The exercise is used in lessons, so it cannot be deleted.',
    });
    const bulk = await as(s.moderator).post('/api/exercises/bulk/delete', {
      ids: [s.words[3], s.phrases[1]],
    });
    expect(refusal(bulk).code).toBe('exercise_in_lessons');
    // One no lesson uses goes.
    expect((await as(s.moderator).delete(`/api/exercises/${s.words[3]}`)).statusCode).toBe(200);
  });
});
