import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARK_RESULTS } from './marks.ts';
import {
  buildProgress,
  compareLessons,
  progressCounts,
  studentProgressSchema,
  type ProgressMarkRow,
  type ProgressPlan,
} from './progress.ts';

const SOUND_R: ProgressPlan = {
  title: 'Sound [R]',
  blocks: [
    { key: 'hear', target: 'Hearing [R]' },
    { key: 'set', target: 'Setting [R]' },
  ],
};
const WHISTLING: ProgressPlan = {
  title: 'Whistling sounds',
  blocks: [
    { key: 'set-s', target: 'Setting [S]' },
    { key: 'hear-s', target: 'Hearing [R]' },
  ],
};
const PLANS = new Map([
  [1, SOUND_R],
  [2, WHISTLING],
]);

let nextMark = 1;
/** A mark row of plan 1 (lesson `lesson`, numbered as its id) unless said. */
const row = (values: Partial<ProgressMarkRow>): ProgressMarkRow => ({
  mark_id: nextMark++,
  result: 'correct',
  lesson_id: 10,
  lesson_number: 1,
  plan_id: 1,
  date: '2026-11-02T09:45:00.000Z',
  block_key: 'hear',
  ...values,
});

describe('progressCounts', () => {
  it('gives the accuracy and the cued share of all trials', () => {
    expect(progressCounts(3, 1, 4)).toEqual({
      correct: 3,
      incorrect: 1,
      cued: 4,
      total: 8,
      accuracy: 0.375,
      cued_share: 0.5,
    });
  });

  it('gives shares of 0 without any trial', () => {
    expect(progressCounts(0, 0, 0)).toMatchObject({ total: 0, accuracy: 0, cued_share: 0 });
  });
});

describe('compareLessons', () => {
  it('orders by date, a lesson without one last, then by plan and number', () => {
    const lessons = [
      { date: null, plan_id: 1, number: 4 },
      { date: '2026-11-03T09:00:00.000Z', plan_id: 2, number: 1 },
      { date: '2026-11-02T09:00:00.000Z', plan_id: 1, number: 2 },
      { date: '2026-11-03T09:00:00.000Z', plan_id: 1, number: 3 },
      { date: null, plan_id: 1, number: 3 },
    ];
    expect([...lessons].sort(compareLessons)).toEqual([
      lessons[2],
      lessons[3],
      lessons[1],
      lessons[4],
      lessons[0],
    ]);
  });
});

describe('buildProgress', () => {
  it('is empty without marks', () => {
    expect(buildProgress(7, [], PLANS)).toEqual({ client_id: 7, targets: [] });
  });

  it('counts the marks of each target per lesson, in lesson order, with the totals', () => {
    const monday = '2026-11-02T09:45:00.000Z';
    const wednesday = '2026-11-04T09:45:00.000Z';
    const rows = [
      // Lesson 2 (Wednesday) comes first in the rows, but after lesson 1 on the chart.
      row({ lesson_id: 11, lesson_number: 2, date: wednesday, result: 'correct' }),
      row({ lesson_id: 11, lesson_number: 2, date: wednesday, result: 'correct' }),
      row({ lesson_id: 11, lesson_number: 2, date: wednesday, result: 'cued' }),
      row({ lesson_id: 10, date: monday, result: 'incorrect' }),
      row({ lesson_id: 10, date: monday, result: 'cued' }),
      row({ lesson_id: 10, date: monday, result: 'correct', block_key: 'set' }),
    ];
    const progress = buildProgress(7, rows, PLANS);
    expect(studentProgressSchema.parse(progress)).toEqual(progress);
    expect(progress.targets.map((target) => target.target)).toEqual(['Hearing [R]', 'Setting [R]']);
    const [hearing, setting] = progress.targets;
    expect(hearing!.points).toEqual([
      {
        lesson_id: 10,
        number: 1,
        plan_id: 1,
        plan_title: 'Sound [R]',
        date: monday,
        ...progressCounts(0, 1, 1),
      },
      {
        lesson_id: 11,
        number: 2,
        plan_id: 1,
        plan_title: 'Sound [R]',
        date: wednesday,
        ...progressCounts(2, 0, 1),
      },
    ]);
    expect(hearing!.points[1]).toMatchObject({ total: 3, accuracy: 2 / 3, cued_share: 1 / 3 });
    expect(hearing!.totals).toEqual(progressCounts(2, 1, 2));
    expect(setting!.points.map((point) => point.lesson_id)).toEqual([10]);
    expect(setting!.totals).toEqual(progressCounts(1, 0, 0));
  });

  it('gives a mark whose exercise two blocks present to the first block in play order, once', () => {
    const twice = [row({ mark_id: 500, block_key: 'set' }), row({ mark_id: 500, block_key: 'hear' })];
    const progress = buildProgress(7, twice, PLANS);
    expect(progress.targets.map((target) => [target.target, target.totals.total])).toEqual([
      ['Hearing [R]', 1],
    ]);
  });

  it('counts a mark no block of the plan presents nowhere', () => {
    const rows = [row({ block_key: null }), row({ block_key: 'dropped' }), row({ plan_id: 99 })];
    expect(buildProgress(7, rows, PLANS).targets).toEqual([]);
  });

  it('makes one target of the same text in two plans, in the order targets first appear', () => {
    const rows = [
      row({ plan_id: 2, lesson_id: 20, date: '2026-11-10T10:00:00.000Z', block_key: 'hear-s' }),
      row({ plan_id: 2, lesson_id: 20, date: '2026-11-10T10:00:00.000Z', block_key: 'set-s' }),
      row({ plan_id: 1, lesson_id: 10, date: '2026-11-02T10:00:00.000Z', block_key: 'set' }),
      row({ plan_id: 1, lesson_id: 10, date: '2026-11-02T10:00:00.000Z', block_key: 'hear' }),
    ];
    const progress = buildProgress(7, rows, PLANS);
    // The first lesson shows Hearing before Setting (its plan's order); Setting [S] comes later.
    expect(progress.targets.map((target) => target.target)).toEqual([
      'Hearing [R]',
      'Setting [R]',
      'Setting [S]',
    ]);
    expect(progress.targets[0]!.points.map((point) => [point.plan_title, point.lesson_id])).toEqual([
      ['Sound [R]', 10],
      ['Whistling sounds', 20],
    ]);
  });
});

/** Rows of up to three plans with shared and own targets, lessons with dates or without. */
const plansArbitrary = fc
  .array(fc.array(fc.constantFrom('A', 'B', 'C', 'D'), { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 3,
  })
  .map(
    (plans) =>
      new Map(
        plans.map((targets, plan) => [
          plan + 1,
          {
            title: `Plan ${plan + 1}`,
            blocks: targets.map((target, block) => ({ key: `${plan + 1}-${block}`, target })),
          },
        ]),
      ),
  );

const rowsArbitrary = (plans: Map<number, ProgressPlan>) =>
  fc
    .array(
      fc.record({
        plan: fc.integer({ min: 1, max: plans.size }),
        number: fc.integer({ min: 1, max: 10 }),
        day: fc.option(fc.integer({ min: 1, max: 28 }), { nil: null }),
        mark: fc.integer({ min: 1, max: 60 }),
        block: fc.integer({ min: -1, max: 3 }),
        result: fc.constantFrom(...MARK_RESULTS),
      }),
      { maxLength: 80 },
    )
    .map((drawn) => {
      // A lesson is one plan's numbered lesson with one date; a mark is of one lesson, one result.
      const dates = new Map<string, string | null>();
      const marks = new Map<number, { lesson: string; result: (typeof MARK_RESULTS)[number] }>();
      return drawn.map((draw): ProgressMarkRow => {
        const lesson = `${draw.plan}-${draw.number}`;
        if (!dates.has(lesson))
          dates.set(
            lesson,
            draw.day === null ? null : `2026-11-${String(draw.day).padStart(2, '0')}T10:00:00.000Z`,
          );
        if (!marks.has(draw.mark)) marks.set(draw.mark, { lesson, result: draw.result });
        const mark = marks.get(draw.mark)!;
        const [plan, number] = mark.lesson.split('-').map(Number) as [number, number];
        const blocks = plans.get(plan)?.blocks ?? [];
        return {
          mark_id: draw.mark,
          result: mark.result,
          lesson_id: plan * 100 + number,
          lesson_number: number,
          plan_id: plan,
          date: dates.get(mark.lesson) ?? null,
          block_key: draw.block < 0 ? null : (blocks[draw.block]?.key ?? 'dropped'),
        };
      });
    });

describe('buildProgress, for any marks', () => {
  it('keeps shares within [0, 1], totals the sums of the points, and points in lesson order', () => {
    fc.assert(
      fc.property(
        plansArbitrary.chain((plans) => fc.tuple(fc.constant(plans), rowsArbitrary(plans))),
        ([plans, rows]) => {
          const progress = buildProgress(1, rows, plans);
          const counted = new Set(
            rows.filter((r) => plans.get(r.plan_id)?.blocks.some((b) => b.key === r.block_key)),
          );
          const markIds = new Set([...counted].map((r) => r.mark_id));
          let all = 0;
          for (const target of progress.targets) {
            expect(target.points.length).toBeGreaterThan(0);
            for (const counts of [...target.points, target.totals]) {
              expect(counts.total).toBe(counts.correct + counts.incorrect + counts.cued);
              expect(counts.total).toBeGreaterThan(0);
              for (const share of [counts.accuracy, counts.cued_share]) {
                expect(share).toBeGreaterThanOrEqual(0);
                expect(share).toBeLessThanOrEqual(1);
              }
            }
            for (const key of ['correct', 'incorrect', 'cued', 'total'] as const)
              expect(target.totals[key]).toBe(target.points.reduce((sum, point) => sum + point[key], 0));
            for (let i = 1; i < target.points.length; i += 1)
              expect(compareLessons(target.points[i - 1]!, target.points[i]!)).toBeLessThanOrEqual(0);
            expect(new Set(target.points.map((point) => point.lesson_id)).size).toBe(target.points.length);
            all += target.totals.total;
          }
          // Every mark some block of its plan presents counts once, and only those.
          expect(all).toBe(markIds.size);
          expect(new Set(progress.targets.map((target) => target.target)).size).toBe(progress.targets.length);
        },
      ),
    );
  });
});
