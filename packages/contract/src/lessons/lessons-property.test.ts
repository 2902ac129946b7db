import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAN_LESSONS } from '../plans/schemas.ts';
import { generateLesson, type GenerateBlock } from './generate.ts';
import { lessonProblems, usageIn, type LessonRuleBlock, type LessonRuleExercise } from './rules.ts';

/*
 * The plan as the server keeps it, in memory: blocks with bounds and a folder, each folder's
 * exercises with their usage frequency, and ten lessons, each saved (its blocks' exercises) or not
 * yet. A save is judged as the server judges `PUT /lesson/:id` and `generate-lesson`: the lesson's
 * blocks against the plan's other lessons with `lessonProblems`, kept only when it finds nothing.
 */

interface PlanBlock {
  key: string;
  target: string;
  min: number;
  max: number;
  folder: number;
}

interface Plan {
  blocks: PlanBlock[];
  /** Per folder, its exercises: id → usage frequency. */
  folders: Map<number, number>[];
}

type Lesson = number[][] | null;

const FOLDERS = 3;

const planArbitrary: fc.Arbitrary<Plan> = fc
  .record({
    blocks: fc.array(
      fc.record({
        min: fc.integer({ min: 1, max: 3 }),
        extra: fc.integer({ min: 0, max: 3 }),
        folder: fc.integer({ min: 0, max: FOLDERS - 1 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    folders: fc.array(fc.array(fc.constantFrom(1, 3), { minLength: 0, maxLength: 9 }), {
      minLength: FOLDERS,
      maxLength: FOLDERS,
    }),
  })
  .map(({ blocks, folders }) => ({
    blocks: blocks.map((block, index) => ({
      key: `block-${index}`,
      target: `Target ${index}`,
      min: block.min,
      max: block.min + block.extra,
      folder: block.folder,
    })),
    folders: folders.map(
      (usages, folder) => new Map(usages.map((usage, index) => [folder * 100 + index + 1, usage])),
    ),
  }));

/** Every exercise of the plan's folders with its usage frequency. */
function exercisesOf(plan: Plan): Map<number, LessonRuleExercise> {
  const all = new Map<number, LessonRuleExercise>();
  for (const folder of plan.folders) {
    for (const [id, usage] of folder) all.set(id, { usage_frequency: usage });
  }
  return all;
}

/** The uses of each exercise in every saved lesson but one. */
function usedOutside(lessons: Lesson[], except: number): Map<number, number> {
  const counts = new Map<number, number>();
  lessons.forEach((lesson, index) => {
    if (index === except || lesson === null) return;
    for (const [id, count] of usageIn(lesson.map((ids) => ({ exercise_ids: ids }))))
      counts.set(id, (counts.get(id) ?? 0) + count);
  });
  return counts;
}

const ruleBlocks = (plan: Plan, lesson: number[][]): LessonRuleBlock[] =>
  plan.blocks.map((block, index) => ({
    key: block.key,
    target: block.target,
    min_presentations: block.min,
    max_presentations: block.max,
    exercise_ids: lesson[index] ?? [],
  }));

const problemsOf = (plan: Plan, lessons: Lesson[], index: number, lesson: number[][]) =>
  lessonProblems(ruleBlocks(plan, lesson), usedOutside(lessons, index), exercisesOf(plan));

const generateBlocks = (plan: Plan, kept: number[][] | null): GenerateBlock[] =>
  plan.blocks.map((block, index) => ({
    key: block.key,
    target: block.target,
    min_presentations: block.min,
    max_presentations: block.max,
    candidates: [...(plan.folders[block.folder] ?? new Map<number, number>())].map(([id, usage]) => ({
      exercise_id: id,
      usage_frequency: usage,
    })),
    ...(kept ? { kept: kept[index] ?? [] } : {}),
  }));

/** One step of a teacher's work on the plan. */
type Step =
  | { kind: 'fill'; lesson: number; seed: number; keep: boolean }
  | { kind: 'add'; lesson: number; block: number; pick: number; at: number }
  | { kind: 'remove'; lesson: number; block: number; at: number }
  | { kind: 'replace'; lesson: number; block: number; at: number; pick: number }
  | { kind: 'reorder'; lesson: number; block: number; from: number; to: number }
  | { kind: 'clear'; lesson: number; block: number };

const lessonIndex = fc.integer({ min: 0, max: PLAN_LESSONS - 1 });
const small = fc.nat({ max: 40 });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('fill' as const), lesson: lessonIndex, seed: fc.nat(), keep: fc.boolean() }),
  fc.record({ kind: fc.constant('add' as const), lesson: lessonIndex, block: small, pick: small, at: small }),
  fc.record({ kind: fc.constant('remove' as const), lesson: lessonIndex, block: small, at: small }),
  fc.record({
    kind: fc.constant('replace' as const),
    lesson: lessonIndex,
    block: small,
    at: small,
    pick: small,
  }),
  fc.record({
    kind: fc.constant('reorder' as const),
    lesson: lessonIndex,
    block: small,
    from: small,
    to: small,
  }),
  fc.record({ kind: fc.constant('clear' as const), lesson: lessonIndex, block: small }),
);

/** The lesson a step would save, or null when the step is no save (a fill that says it cannot). */
function proposal(plan: Plan, lessons: Lesson[], step: Step): number[][] | null {
  const current = lessons[step.lesson] ?? plan.blocks.map(() => []);
  if (step.kind === 'fill') {
    const result = generateLesson({
      blocks: generateBlocks(plan, step.keep ? current : null),
      usedElsewhere: usedOutside(lessons, step.lesson),
      previous: (lessons[step.lesson - 1] ?? []).flat(),
      seed: step.seed,
    });
    return result.problems.length === 0 ? result.blocks.map((block) => block.exercise_ids) : null;
  }
  const next = current.map((ids) => [...ids]);
  const blockIndex = step.block % plan.blocks.length;
  const ids = next[blockIndex] ?? [];
  const folder = [
    ...(plan.folders[plan.blocks[blockIndex]?.folder ?? 0] ?? new Map<number, number>()).keys(),
  ];
  const picked = (pick: number) => folder[pick % Math.max(folder.length, 1)];
  switch (step.kind) {
    case 'add': {
      const id = picked(step.pick);
      if (id !== undefined) ids.splice(step.at % (ids.length + 1), 0, id);
      break;
    }
    case 'remove':
      if (ids.length > 0) ids.splice(step.at % ids.length, 1);
      break;
    case 'replace': {
      const id = picked(step.pick);
      if (ids.length > 0 && id !== undefined) ids[step.at % ids.length] = id;
      break;
    }
    case 'reorder':
      if (ids.length > 0) {
        const [moved] = ids.splice(step.from % ids.length, 1);
        if (moved !== undefined) ids.splice(step.to % (ids.length + 1), 0, moved);
      }
      break;
    case 'clear':
      ids.splice(0, ids.length);
      break;
  }
  next[blockIndex] = ids;
  return next;
}

describe('the lesson rules over a whole plan (property)', () => {
  it('any sequence of fills and edits, each kept only when the rules allow it, leaves every saved lesson valid', () => {
    fc.assert(
      fc.property(planArbitrary, fc.array(stepArbitrary, { maxLength: 60 }), (plan, steps) => {
        const lessons: Lesson[] = Array.from({ length: PLAN_LESSONS }, () => null);
        for (const step of steps) {
          const next = proposal(plan, lessons, step);
          if (next && problemsOf(plan, lessons, step.lesson, next).length === 0) lessons[step.lesson] = next;
          lessons.forEach((lesson, index) => {
            if (lesson === null) return;
            expect(problemsOf(plan, lessons, index, lesson)).toEqual([]);
          });
        }
        // Across the plan, no exercise is used more often than its usage frequency.
        const total = usedOutside(lessons, -1);
        for (const [id, exercise] of exercisesOf(plan))
          expect(total.get(id) ?? 0).toBeLessThanOrEqual(exercise.usage_frequency);
      }),
      { numRuns: 300, seed: 15 },
    );
  });

  it('a fill that names no problem is a lesson the rules take', () => {
    fc.assert(
      fc.property(
        planArbitrary,
        fc.array(stepArbitrary, { maxLength: 30 }),
        fc.nat(),
        (plan, steps, seed) => {
          const lessons: Lesson[] = Array.from({ length: PLAN_LESSONS }, () => null);
          for (const step of steps) {
            const next = proposal(plan, lessons, step);
            if (next && problemsOf(plan, lessons, step.lesson, next).length === 0)
              lessons[step.lesson] = next;
          }
          const target = seed % PLAN_LESSONS;
          const result = generateLesson({
            blocks: generateBlocks(plan, lessons[target] ?? null),
            usedElsewhere: usedOutside(lessons, target),
            previous: (lessons[target - 1] ?? []).flat(),
            seed,
          });
          const refused = problemsOf(
            plan,
            lessons,
            target,
            result.blocks.map((block) => block.exercise_ids),
          );
          if (result.problems.length === 0) expect(refused).toEqual([]);
          // And what the rules refuse, the fill says.
          if (refused.length > 0) expect(result.problems.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300, seed: 16 },
    );
  });

  it('never refuses a fill when the folders have enough exercises for every minimum', () => {
    fc.assert(
      fc.property(planArbitrary, fc.nat(), (plan, seed) => {
        // Enough: in each folder, as many exercises still usable as the minimums of its blocks.
        const need = new Map<number, number>();
        for (const block of plan.blocks) need.set(block.folder, (need.get(block.folder) ?? 0) + block.min);
        fc.pre([...need].every(([folder, count]) => (plan.folders[folder]?.size ?? 0) >= count));
        const result = generateLesson({
          blocks: generateBlocks(plan, null),
          usedElsewhere: new Map(),
          previous: [],
          seed,
        });
        expect(result.problems).toEqual([]);
        const lessons: Lesson[] = Array.from({ length: PLAN_LESSONS }, () => null);
        expect(
          problemsOf(
            plan,
            lessons,
            0,
            result.blocks.map((block) => block.exercise_ids),
          ),
        ).toEqual([]);
        // Each block as full as its maximum allows when its folder has that many for it alone.
        result.blocks.forEach((block, index) => {
          const planBlock = plan.blocks[index];
          if (!planBlock) return;
          expect(block.exercise_ids.length).toBeGreaterThanOrEqual(planBlock.min);
          expect(block.exercise_ids.length).toBeLessThanOrEqual(planBlock.max);
        });
      }),
      { numRuns: 500, seed: 17 },
    );
  });
});
