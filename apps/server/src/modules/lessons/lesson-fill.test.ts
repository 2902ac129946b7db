import {
  PLAN_LESSONS,
  fillPlan,
  planSupply,
  type Lesson,
  type PlanFillBlock,
  type PlanFillResultView,
  type PlanSupplyView,
} from '@logoschool/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { buildExercise, type Member } from '../../test/factories.ts';
import {
  buildLessonSchool,
  dataOf,
  idsOf,
  lessonBody,
  lessonsOfPlan,
  readLesson,
} from '../../test/lessons.ts';
import { DEMO_EXERCISES } from '../../db/demo/demo-exercises.ts';
import { DEMO_TEMPLATES } from '../../db/demo/demo-plans.ts';
import { DEMO_CATEGORIES } from '../../db/seed.ts';
import { fillLesson } from './lesson-fill-commands.ts';
import { categories } from '../../db/schema/index.ts';
import { and, eq } from 'drizzle-orm';

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
  it('fills a lesson from its blocks’ folders, its minimums first, keeping for the other lessons what theirs need', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const [first] = await lessonsOfPlan(t.app, s.teacher, s.plan.id);
    const filled = dataOf<Lesson>(await fill(s.teacher, first!.id));
    const [words, phrases] = idsOf(filled);
    // The words folder has ten uses (3 + 3 + 3 + 1) for ten lessons of at least one word: none to spare.
    expect(words).toHaveLength(1);
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
    expect(idsOf(kept)[0]).toEqual([s.words[2]]);
    expect(idsOf(kept)[1]).toEqual([s.phrases[2], s.phrases[1]]);
    const replaced = dataOf<Lesson>(await fill(s.teacher, lesson.id, true));
    expect(idsOf(replaced)[0]).toHaveLength(1);
    expect(idsOf(replaced)[1]).toHaveLength(2);
  });

  it('across the plan never uses an exercise more often than its usage frequency, and says which block cannot be filled and what would fix it', async () => {
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
    // The words vary: the second lesson does not take the first one's word.
    expect(idsOf(filled[1]!)[0]).not.toEqual(idsOf(filled[0]!)[0]);

    const fourth = lessons[3]!;
    const answer = await fill(s.teacher, fourth.id);
    expect(answer.statusCode, answer.body).toBe(409);
    const remaining = 7 - [...s.phrases].reduce((sum, id) => sum + (used.get(id) ?? 0), 0);
    const reason = `The block “Phrases” needs at least 2 presentations, and its folder has only ${remaining} exercises the plan may still use.`;
    expect(answer.json()).toEqual({
      code: 'lesson_cannot_fill',
      message: `The lesson cannot be filled automatically. ${reason} To fix it, add 1 accepted exercise with usage frequency 3 to the folder “[R] phrases”. Or lower the block’s minimum to 1.`,
      errors: { 'blocks.1.exercise_ids': [reason] },
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
    expect(uk.json().message).toContain('додайте до папки «[R] phrases» 1 схвалену вправу');
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

describe('POST /api/exercises/generate-plan and GET /api/lessons/plan-supply', () => {
  const supply = (who: Member, planId: number) =>
    as(who).get('/api/lessons/plan-supply', { query: `protocol_id=${planId}` });

  it('says before filling which lessons a folder cannot serve and the fix, then fills every lesson it can', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const before = dataOf<PlanSupplyView>(await supply(s.teacher, s.plan.id));
    expect(before.lessons_to_fill).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Phrases: seven uses, two a lesson; words: ten uses, one a lesson, enough.
    expect(before.shortages).toEqual([
      {
        key: expect.any(String),
        target: 'Phrases',
        folder_name: '[R] phrases',
        min_presentations: 2,
        lessons: [4, 5, 6, 7, 8, 9, 10],
        need: 20,
        supply: 7,
        shared_with: [],
        add_exercises: 5,
        // One phrase a lesson would need ten uses: lowering the minimum does not do.
        lower_min_to: null,
        message: expect.stringMatching(
          /^The block “Phrases” needs 20 presentations .* lessons 4, 5, 6, 7, 8, 9, 10 .*add 5 accepted exercises with usage frequency 3 to the folder “\[R\] phrases”\.$/,
        ),
      },
    ]);
    const answer = dataOf<PlanFillResultView>(
      await as(s.teacher).post('/api/exercises/generate-plan', { protocol_id: s.plan.id }),
    );
    expect(answer.filled).toEqual([1, 2, 3]);
    expect(answer.shortages).toEqual(before.shortages);
    const lessons = await Promise.all(
      (await lessonsOfPlan(t.app, s.teacher, s.plan.id)).map((lesson) =>
        readLesson(t.app, s.teacher, lesson.id),
      ),
    );
    for (const lesson of lessons.slice(0, 3)) {
      expect(idsOf(lesson)[0]).toHaveLength(1);
      expect(idsOf(lesson)[1]).toHaveLength(2);
    }
    for (const lesson of lessons.slice(3)) expect(idsOf(lesson)).toEqual([[], []]);
    const used = usage(lessons);
    for (const id of [s.words[3]!, s.phrases[0]!]) expect(used.get(id) ?? 0).toBeLessThanOrEqual(1);
    for (const id of [...s.words.slice(0, 3), ...s.phrases.slice(1)])
      expect(used.get(id) ?? 0).toBeLessThanOrEqual(3);
  });

  it('fills in the student’s lesson language, and counts only its exercises in the supply', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    dataOf(await as(s.teacher).put(`/api/clients/${s.student.id}`, { language: 'ru' }));
    const leaf = async (name: string) =>
      (
        await t.db
          .select()
          .from(categories)
          .where(and(eq(categories.workspaceId, s.workspace.id), eq(categories.name, name)))
      )[0]!.id;
    const russian = async (name: string, count: number) =>
      Promise.all(
        Array.from(
          { length: count },
          async (_, n) =>
            (
              await buildExercise(t.db, s.workspace.id, s.author.user.id, {
                categoryId: await leaf(name),
                title: `${name} ru ${n}`,
                usageFrequency: 3,
                language: 'ru',
              })
            ).id,
        ),
      );
    const words = await russian('R words leaf', 4);
    // The seven uses of the Ukrainian phrases do not count for a Russian student: none are left.
    const short = dataOf<PlanSupplyView>(await supply(s.teacher, s.plan.id));
    expect(short.shortages).toEqual([
      expect.objectContaining({ target: 'Phrases', need: 20, supply: 0, add_exercises: 7 }),
    ]);
    const phrases = await russian('R phrases leaf', 7);
    expect(dataOf<PlanSupplyView>(await supply(s.teacher, s.plan.id)).shortages).toEqual([]);
    const answer = dataOf<PlanFillResultView>(
      await as(s.teacher).post('/api/exercises/generate-plan', { protocol_id: s.plan.id }),
    );
    expect(answer.filled).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const item of await lessonsOfPlan(t.app, s.teacher, s.plan.id)) {
      const [inWords, inPhrases] = idsOf(await readLesson(t.app, s.teacher, item.id));
      for (const id of inWords!) expect(words).toContain(id);
      for (const id of inPhrases!) expect(phrases).toContain(id);
    }
  });

  it('answers 401 without a token, 403 for a role that may not, 404 for another teacher’s plan, 422 for a bad body', async () => {
    const s = await buildLessonSchool(t.app, t.db);
    const anonymous = apiAs(t.app, s.teacher, { token: null });
    expect(
      (await anonymous.get('/api/lessons/plan-supply', { query: `protocol_id=${s.plan.id}` })).statusCode,
    ).toBe(401);
    expect(
      (await anonymous.post('/api/exercises/generate-plan', { protocol_id: s.plan.id })).statusCode,
    ).toBe(401);
    expect((await supply(s.manager, s.plan.id)).statusCode).toBe(403);
    expect(
      (await as(s.manager).post('/api/exercises/generate-plan', { protocol_id: s.plan.id })).statusCode,
    ).toBe(403);
    expect((await supply(s.teacher, s.otherPlan.id)).statusCode).toBe(404);
    const other = await as(s.teacher).post('/api/exercises/generate-plan', { protocol_id: s.otherPlan.id });
    expect(other.statusCode, other.body).toBe(404);
    for (const body of [
      {},
      { protocol_id: 'x' },
      { protocol_id: s.plan.id, replace: 1 },
      { protocol_id: s.plan.id, seed: 1 },
    ]) {
      expect((await as(s.teacher).post('/api/exercises/generate-plan', body)).statusCode).toBe(422);
    }
  });
});

/**
 * The demo school's plans (the seed's own constants): per published template, each block's accepted
 * exercises in its first folder (as the demo plans choose), those in another language than the
 * template's marked `foreign`, as the server marks them for a student of that language.
 */
function demoPlans(): { title: string; language: string; blocks: PlanFillBlock[] }[] {
  const under = new Map<string, string[]>();
  const walk = (nodes: readonly (typeof DEMO_CATEGORIES)[number][], folders: string[]) => {
    for (const node of nodes) {
      const chain = node.folder ? [...folders, node.name] : folders;
      if (!node.folder)
        for (const folder of chain) under.set(folder, [...(under.get(folder) ?? []), node.name]);
      walk(node.children ?? [], chain);
    }
  };
  walk(DEMO_CATEGORIES, []);
  const ids = new Map(DEMO_EXERCISES.map((exercise, index) => [exercise, index + 1]));
  return DEMO_TEMPLATES.filter((template) => template.publish).map((template) => ({
    title: template.title,
    language: template.language,
    blocks: template.blocks.map((block, index) => {
      const folder = block.folders[0]?.name ?? '';
      const leaves = under.get(folder) ?? [];
      return {
        key: `block-${index}`,
        target: block.target,
        min_presentations: block.min,
        max_presentations: block.max,
        folder_id: [...under.keys()].indexOf(folder),
        candidates: DEMO_EXERCISES.filter(
          (exercise) => exercise.status === 'accepted' && leaves.includes(exercise.category ?? ''),
        ).map((exercise) => ({
          exercise_id: ids.get(exercise) ?? 0,
          usage_frequency: exercise.usage ?? 1,
          ...((exercise.language ?? 'uk') === template.language ? {} : { foreign: true }),
        })),
      };
    }),
  }));
}

describe('the fill over the demo school’s plans', () => {
  const lessonsOf = (blocks: PlanFillBlock[], count: number) =>
    Array.from({ length: count }, () => ({ mode: 'fill' as const, kept: blocks.map(() => []) }));

  it('gives every published demo template’s ten lessons each block’s minimum in the template’s language, and needs nothing more', () => {
    const plans = demoPlans();
    expect(new Set(plans.map((plan) => plan.language))).toEqual(new Set(['uk', 'ru', 'pl']));
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        for (const { title, blocks } of plans) {
          const lessons = lessonsOf(blocks, PLAN_LESSONS);
          expect(planSupply({ blocks, lessons, seed }), title).toEqual([]);
          const result = fillPlan({ blocks, lessons, seed });
          const foreign = new Set(
            blocks.flatMap((block) => block.candidates.filter((c) => c.foreign).map((c) => c.exercise_id)),
          );
          result.forEach((lesson) => {
            expect(lesson.problems, title).toEqual([]);
            lesson.blocks.forEach((block, index) => {
              expect(block.exercise_ids.length).toBeGreaterThanOrEqual(blocks[index]?.min_presentations ?? 0);
              // Only the student's language: the others' exercises are there, and never taken.
              for (const id of block.exercise_ids) expect(foreign.has(id), title).toBe(false);
            });
          });
        }
      }),
      { numRuns: 20, seed: 27 },
    );
  });

  it('takes another language’s exercise only for a minimum its own cannot give, and the supply counts none', () => {
    // Two exercises of the student's language usable three times, two of another: six uses of the
    // student's for ten lessons of one presentation.
    const blocks: PlanFillBlock[] = [
      {
        key: 'a',
        target: 'A',
        min_presentations: 1,
        max_presentations: 2,
        folder_id: 1,
        candidates: [
          { exercise_id: 1, usage_frequency: 3 },
          { exercise_id: 2, usage_frequency: 3 },
          { exercise_id: 3, usage_frequency: 3, foreign: true },
          { exercise_id: 4, usage_frequency: 3, foreign: true },
        ],
      },
    ];
    const result = fillPlan({ blocks, lessons: lessonsOf(blocks, PLAN_LESSONS), seed: 5 });
    const ids = result.map((lesson) => lesson.blocks[0]?.exercise_ids ?? []);
    // Every lesson its one presentation, none more: the first six of the student's language.
    expect(ids.map((list) => list.length)).toEqual(Array.from({ length: PLAN_LESSONS }, () => 1));
    expect(
      ids
        .slice(0, 6)
        .flat()
        .every((id) => id <= 2),
    ).toBe(true);
    expect(
      ids
        .slice(6)
        .flat()
        .every((id) => id >= 3),
    ).toBe(true);
    const [shortage] = planSupply({ blocks, lessons: lessonsOf(blocks, PLAN_LESSONS), seed: 5 });
    expect(shortage).toMatchObject({ key: 'a', lessons: [7, 8, 9, 10], need: 10, supply: 6 });
    // With six lessons the student's language does: no other one comes in, and extras neither.
    const six = fillPlan({ blocks, lessons: lessonsOf(blocks, 6), seed: 5 });
    expect(six.flatMap((lesson) => lesson.blocks[0]?.exercise_ids ?? []).sort()).toEqual([1, 1, 1, 2, 2, 2]);
  });
});
