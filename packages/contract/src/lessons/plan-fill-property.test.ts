import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAN_LESSONS } from '../plans/schemas.ts';
import { fillPlan, planSupply, type PlanFillBlock, type PlanFillLesson } from './plan-fill.ts';
import { lessonProblems, usageIn, type LessonRuleExercise } from './rules.ts';

/*
 * The fill over a whole plan (issue 27 item 4), for random folder sizes: each block has a folder of
 * its own, exercises usable once or three times. A folder can give every lesson a block's minimum
 * exactly when its uses, each exercise counted at most once a lesson, cover the minimums:
 * Σ min(usage, lessons) ≥ lessons × minimum. Whenever that holds, every lesson must reach it.
 */

const planArbitrary = fc
  .array(
    fc.record({
      min: fc.integer({ min: 1, max: 3 }),
      extra: fc.integer({ min: 0, max: 3 }),
      usages: fc.array(fc.constantFrom(1, 3), { minLength: 0, maxLength: 14 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((blocks) =>
    blocks.map((block, index): PlanFillBlock => ({
      key: `block-${index}`,
      target: `Target ${index}`,
      min_presentations: block.min,
      max_presentations: block.min + block.extra,
      folder_id: index + 1,
      candidates: block.usages.map((usage, n) => ({
        exercise_id: (index + 1) * 100 + n,
        usage_frequency: usage,
      })),
    })),
  );

const empty = (blocks: readonly PlanFillBlock[], count = PLAN_LESSONS): PlanFillLesson[] =>
  Array.from({ length: count }, () => ({ mode: 'fill' as const, kept: blocks.map(() => []) }));

/** Whether a block's own folder can give `lessons` lessons its minimum (see the comment above). */
const enough = (block: PlanFillBlock, lessons: number) =>
  block.candidates.reduce((sum, candidate) => sum + Math.min(candidate.usage_frequency, lessons), 0) >=
  lessons * block.min_presentations;

const exercisesOf = (blocks: readonly PlanFillBlock[]) =>
  new Map<number, LessonRuleExercise>(
    blocks.flatMap((block) =>
      block.candidates.map((c) => [c.exercise_id, { usage_frequency: c.usage_frequency }] as const),
    ),
  );

describe('fillPlan', () => {
  it(
    'gives every lesson each block’s minimum whenever the folders allow it, and keeps every rule',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(planArbitrary, fc.nat(), (blocks, seed) => {
          const result = fillPlan({ blocks, lessons: empty(blocks), seed });
          expect(result).toHaveLength(PLAN_LESSONS);
          blocks.forEach((block, index) => {
            const counts = result.map((lesson) => lesson.blocks[index]?.exercise_ids.length ?? 0);
            if (enough(block, PLAN_LESSONS)) {
              for (const count of counts) expect(count).toBeGreaterThanOrEqual(block.min_presentations);
            }
            for (const count of counts) expect(count).toBeLessThanOrEqual(block.max_presentations);
            // No lesson has more than the minimum while another that could still take one is short.
            const short = result.some((lesson) => lesson.problems.some((p) => p.block_key === block.key));
            if (!short) return;
            const planned = usageIn(result.flatMap((lesson) => lesson.blocks));
            const spare = block.candidates.some((c) => (planned.get(c.exercise_id) ?? 0) < c.usage_frequency);
            if (spare) return;
            for (const count of counts) expect(count).toBeLessThanOrEqual(block.min_presentations);
          });
          // Across the plan no exercise is used more often than its usage frequency; each lesson that
          // names no problem is one the rules take.
          const all = usageIn(result.flatMap((lesson) => lesson.blocks));
          for (const [id, exercise] of exercisesOf(blocks))
            expect(all.get(id) ?? 0).toBeLessThanOrEqual(exercise.usage_frequency);
          result.forEach((lesson, index) => {
            if (lesson.problems.length > 0) return;
            const others = usageIn(result.filter((_, other) => other !== index).flatMap((l) => l.blocks));
            expect(
              lessonProblems(
                blocks.map((block, n) => ({ ...block, exercise_ids: lesson.blocks[n]?.exercise_ids ?? [] })),
                others,
                exercisesOf(blocks),
              ),
            ).toEqual([]);
          });
        }),
        { numRuns: 400, seed: 27 },
      );
    },
  );

  it('gives no lesson more than a minimum before every lesson has its minimums', () => {
    // Two exercises usable three times, minimum one, maximum two: six uses for ten lessons.
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
        ],
      },
    ];
    const result = fillPlan({ blocks, lessons: empty(blocks), seed: 1 });
    expect(result.map((lesson) => lesson.blocks[0]?.exercise_ids.length)).toEqual([
      1, 1, 1, 1, 1, 1, 0, 0, 0, 0,
    ]);
    // With six lessons the same folder gives every one its minimum, and none more.
    expect(fillPlan({ blocks, lessons: empty(blocks, 6), seed: 1 }).map((l) => l.problems)).toEqual(
      Array.from({ length: 6 }, () => []),
    );
  });

  it('keeps for the lessons in reserve what their minimums need, and fills the lesson asked first', () => {
    const blocks: PlanFillBlock[] = [
      {
        key: 'a',
        target: 'A',
        min_presentations: 2,
        max_presentations: 4,
        folder_id: 1,
        candidates: [1, 2, 3, 4].map((id) => ({ exercise_id: id, usage_frequency: 3 })),
      },
    ];
    // Twelve uses: two each for six lessons; the one filled gets no more than it needs.
    const lessons: PlanFillLesson[] = Array.from({ length: 6 }, (_, index) => ({
      mode: index === 4 ? 'fill' : 'reserve',
      kept: [[]],
    }));
    const result = fillPlan({ blocks, lessons, seed: 3 });
    expect(result[4]?.blocks[0]?.exercise_ids).toHaveLength(2);
    expect(result[4]?.problems).toEqual([]);
    // With five lessons the spare two uses go to the lesson filled.
    const fewer = fillPlan({ blocks, lessons: lessons.slice(0, 5), seed: 3 });
    expect(fewer[4]?.blocks[0]?.exercise_ids).toHaveLength(4);
  });
});

describe('fillPlan in the student’s language', () => {
  it(
    'takes another language’s exercise only for a minimum the student’s cannot give, never beyond it, and the supply counts none',
    { timeout: 60_000 },
    () => {
      const mixed = fc
        .tuple(planArbitrary, fc.array(fc.constantFrom(1, 3), { minLength: 0, maxLength: 8 }))
        .map(([blocks, others]) =>
          blocks.map((block, index) => ({
            ...block,
            candidates: [
              ...block.candidates,
              ...others.map((usage, n) => ({
                exercise_id: (index + 1) * 100 + 50 + n,
                usage_frequency: usage,
                foreign: true,
              })),
            ],
          })),
        );
      fc.assert(
        fc.property(mixed, fc.nat(), (blocks, seed) => {
          const own = blocks.map((block) => ({
            ...block,
            candidates: block.candidates.filter((c) => !c.foreign),
          }));
          const lessons = empty(blocks);
          const result = fillPlan({ blocks, lessons, seed });
          blocks.forEach((block, index) => {
            const foreign = new Set(block.candidates.filter((c) => c.foreign).map((c) => c.exercise_id));
            for (const lesson of result) {
              const ids = lesson.blocks[index]?.exercise_ids ?? [];
              const taken = ids.filter((id) => foreign.has(id)).length;
              if (taken === 0) continue;
              // Never when the student's language has enough, and never beyond the minimum.
              expect(enough(own[index]!, PLAN_LESSONS)).toBe(false);
              expect(ids.length).toBeLessThanOrEqual(block.min_presentations);
            }
          });
          // With enough of the student's language the fill is the one without the others.
          if (own.every((block) => enough(block, PLAN_LESSONS)))
            expect(result).toEqual(fillPlan({ blocks: own, lessons, seed }));
          expect(planSupply({ blocks, lessons, seed })).toEqual(planSupply({ blocks: own, lessons, seed }));
        }),
        { numRuns: 150, seed: 35 },
      );
    },
  );
});

describe('planSupply', () => {
  it(
    'names nothing when every lesson reaches its minimums, and otherwise fixes that do fix it',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(planArbitrary, fc.nat(), (blocks, seed) => {
          const lessons = empty(blocks);
          const shortages = planSupply({ blocks, lessons, seed });
          const shortBlocks = blocks
            .filter((block) => !enough(block, PLAN_LESSONS))
            .map((block) => block.key);
          expect(shortages.map((shortage) => shortage.key)).toEqual(shortBlocks);
          for (const shortage of shortages) {
            const index = blocks.findIndex((block) => block.key === shortage.key);
            expect(shortage.need).toBe(PLAN_LESSONS * (blocks[index]?.min_presentations ?? 0));
            expect(shortage.supply).toBeLessThan(shortage.need);
            // Adding the exercises named fixes it, and one fewer would not.
            const more = (count: number) =>
              blocks.map((block, n) =>
                n === index
                  ? {
                      ...block,
                      candidates: [
                        ...block.candidates,
                        ...Array.from({ length: count }, (_, k) => ({
                          exercise_id: 10_000 + k,
                          usage_frequency: 3,
                        })),
                      ],
                    }
                  : block,
              );
            expect(planSupply({ blocks: more(shortage.add_exercises), lessons, seed })).not.toContainEqual(
              expect.objectContaining({ key: shortage.key }),
            );
            expect(planSupply({ blocks: more(shortage.add_exercises - 1), lessons, seed })).toContainEqual(
              expect.objectContaining({ key: shortage.key }),
            );
            if (shortage.lower_min_to !== null) {
              const lowered = blocks.map((block, n) =>
                n === index ? { ...block, min_presentations: shortage.lower_min_to ?? 0 } : block,
              );
              expect(planSupply({ blocks: lowered, lessons, seed })).not.toContainEqual(
                expect.objectContaining({ key: shortage.key }),
              );
            }
          }
        }),
        { numRuns: 80, seed: 28 },
      );
    },
  );
});
