import type { Lesson } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import type { Member } from '../../test/factories.ts';
import {
  buildLessonSchool,
  dataOf,
  idsOf,
  lessonBody,
  lessonsOfPlan,
  readLesson,
} from '../../test/lessons.ts';
import { fillLesson } from './lesson-commands.ts';

const t = useTestApp();

const as = (who: Member) => apiAs(t.app, who);
const fill = (who: Member, lessonId: number, replace?: boolean) =>
  as(who).post('/api/exercises/generate-lesson', { lesson_id: lessonId, ...(replace ? { replace } : {}) });

/** Every exercise of the lessons, counted. */
function usage(lessons: Lesson[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of lessons.flatMap((lesson) => idsOf(lesson).flat()))
    counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

describe('POST /api/exercises/generate-lesson', () => {
  it('fills a lesson from its blocks’ folders, as full as each block allows, and answers it', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const filled = dataOf<Lesson>(await fill(s.teacher, first!.id));
    const [words, phrases] = idsOf(filled);
    expect(words).toHaveLength(3);
    expect(phrases).toHaveLength(2);
    for (const id of words!) expect(s.words).toContain(id);
    for (const id of phrases!) expect(s.phrases).toContain(id);
    // Never the draft or an exercise outside the folders.
    expect(idsOf(filled).flat()).not.toContain(s.draft);
    expect(idsOf(filled).flat()).not.toContain(s.elsewhere);
    expect(await readLesson(t.app, s.teacher, first!.id)).toEqual(filled);
  });

  it('keeps what the lesson holds unless asked to replace it', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const lesson = await readLesson(t.app, s.teacher, first!.id);
    dataOf(
      await as(s.teacher).put(
        `/api/lesson/${lesson.id}`,
        lessonBody(lesson, [[s.words[2]!], [s.phrases[2]!, s.phrases[1]!]], {
          starts_at: '2030-01-07T09:00:00Z',
        }),
      ),
    );
    const kept = dataOf<Lesson>(await fill(s.teacher, lesson.id));
    expect(kept.starts_at).toBe('2030-01-07T09:00:00.000Z');
    expect(idsOf(kept)[0]![0]).toBe(s.words[2]);
    expect(idsOf(kept)[0]).toHaveLength(3);
    expect(idsOf(kept)[1]).toEqual([s.phrases[2], s.phrases[1]]);
    const replaced = dataOf<Lesson>(await fill(s.teacher, lesson.id, true));
    expect(idsOf(replaced)[0]).toHaveLength(3);
    expect(idsOf(replaced)[1]).toHaveLength(2);
  });

  it('across the plan never uses an exercise more often than its usage frequency, and says which block cannot be filled', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const lessons = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const filled: Lesson[] = [];
    // Phrases: one usable once and two thrice, two a lesson: seven uses, so three lessons and a half.
    for (const lesson of lessons.slice(0, 3)) filled.push(dataOf<Lesson>(await fill(s.teacher, lesson.id)));
    const used = usage(filled);
    expect(used.get(s.phrases[0]!) ?? 0).toBeLessThanOrEqual(1);
    for (const id of [...s.words.slice(0, 3), ...s.phrases.slice(1)])
      expect(used.get(id) ?? 0).toBeLessThanOrEqual(3);
    expect(used.get(s.words[3]!) ?? 0).toBeLessThanOrEqual(1);
    // The words vary: the second lesson takes the word the first did not.
    const [firstWords] = idsOf(filled[0]!);
    const missing = s.words.filter((id) => !firstWords!.includes(id));
    for (const id of missing) expect(idsOf(filled[1]!)[0]).toContain(id);

    const fourth = lessons[3]!;
    const answer = await fill(s.teacher, fourth.id);
    expect(answer.statusCode, answer.body).toBe(409);
    const remaining = 7 - [...s.phrases].reduce((sum, id) => sum + (used.get(id) ?? 0), 0);
    expect(answer.json()).toEqual({
      code: 'lesson_cannot_fill',
      message: `The lesson cannot be filled automatically. The block “Phrases” needs at least 2 presentations, and its folder has only ${remaining} exercises the plan may still use.`,
      errors: {
        'blocks.1.exercise_ids': [
          `The block “Phrases” needs at least 2 presentations, and its folder has only ${remaining} exercises the plan may still use.`,
        ],
      },
    });
    // Nothing was written.
    expect(idsOf(await readLesson(t.app, s.teacher, fourth.id))).toEqual([[], []]);
    // In Ukrainian too.
    const uk = await as(s.teacher).post(
      '/api/exercises/generate-lesson',
      { lesson_id: fourth.id },
      { lang: 'uk' },
    );
    expect(uk.json().message).toMatch(/^Урок не вдається заповнити автоматично\. Блок «Phrases»/);
  });

  it('gives the same lesson for the same seed', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const caller = {
      userId: s.teacher.user.id,
      workspaceId: s.workspace.id,
      role: 'teacher' as const,
      lang: 'en' as const,
    };
    const once = await fillLesson(t.db, caller, { lesson_id: first!.id, replace: true }, 99);
    const again = await fillLesson(t.db, caller, { lesson_id: first!.id, replace: true }, 99);
    expect(idsOf(again)).toEqual(idsOf(once));
  });

  it('refuses a body without a lesson id, or with other fields (422)', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    for (const [body, field] of [
      [{}, 'lesson_id'],
      [{ lesson_id: 'one' }, 'lesson_id'],
      [{ lesson_id: 1, replace: 'yes' }, 'replace'],
      [{ lesson_id: 1, seed: 4 }, 'seed'],
    ] as const) {
      const response = await as(s.teacher).post('/api/exercises/generate-lesson', body);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });
});

describe('GET /api/exercises/for-teacher by plan, student and category', () => {
  it("keeps the exercises in the folders of the caller's plan or student, and under a category", async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const ids = async (who: Member, query: string) => {
      const response = await as(who).get('/api/exercises/for-teacher', { query: `${query}&per_page=100` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { id: number }[]).map((exercise) => exercise.id).sort((a, b) => a - b);
    };
    const inFolders = [...s.words, ...s.phrases].sort((a, b) => a - b);
    expect(await ids(s.teacher, `protocol_id=${s.plan.id}`)).toEqual(inFolders);
    expect(await ids(s.teacher, `client_id=${s.student.id}`)).toEqual(inFolders);
    expect(await ids(s.teacher, `client_id=${s.student.id}&protocol_id=${s.plan.id}`)).toEqual(inFolders);
    // A folder: what is under it, at any depth; with a plan, both must hold.
    expect(await ids(s.teacher, `category_id=${s.phrasesFolder}`)).toEqual(
      [...s.phrases].sort((a, b) => a - b),
    );
    expect(await ids(s.teacher, `category_id=${s.phrasesFolder}&protocol_id=${s.plan.id}`)).toEqual(
      [...s.phrases].sort((a, b) => a - b),
    );
    // Another teacher's plan or student gives nothing.
    expect(await ids(s.teacher, `protocol_id=${s.otherPlan.id}`)).toEqual([]);
    expect(await ids(s.teacher, `client_id=${s.otherPlan.client.id}`)).toEqual([]);
    // Without filters: the accepted library, the one outside the folders included.
    expect(await ids(s.teacher, 'page=1')).toEqual([...inFolders, s.elsewhere].sort((a, b) => a - b));
  });
});
