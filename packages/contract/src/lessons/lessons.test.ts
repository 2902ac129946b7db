import { describe, expect, it } from 'vitest';
import { generateLesson, seededRandom, type GenerateBlock } from './generate.ts';
import { lessonProblems, usageIn, type LessonRuleBlock, type LessonRuleExercise } from './rules.ts';
import {
  finishLessonInput,
  generateLessonInput,
  lessonInput,
  lessonsQuery,
  weekStart,
  type LessonInput,
} from './schemas.ts';

const KEY_A = '0b8a4f3e-5d49-4b0b-9d36-2f0f1d3c6a11';
const KEY_B = '5f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

const block = (key: string, ids: number[], min = 1, max = 3): LessonRuleBlock => ({
  key,
  target: `Target ${key.slice(0, 4)}`,
  min_presentations: min,
  max_presentations: max,
  exercise_ids: ids,
});

const catalogue = (entries: [number, number][]): Map<number, LessonRuleExercise> =>
  new Map(entries.map(([id, usage]) => [id, { usage_frequency: usage, title: `Exercise ${id}` }]));

const none = new Map<number, number>();

describe('the lesson rules (spec §5)', () => {
  const exercises = catalogue([
    [1, 3],
    [2, 3],
    [3, 1],
    [4, 1],
  ]);

  it('take a lesson whose every block is within its bounds', () => {
    expect(lessonProblems([block(KEY_A, [1, 2]), block(KEY_B, [3], 1, 1)], none, exercises)).toEqual([]);
  });

  it('refuse a block without presentations, below its minimum or above its maximum, naming it', () => {
    const problems = lessonProblems(
      [block(KEY_A, [], 1, 2), block(KEY_B, [1], 2, 3), block(KEY_A, [1, 2, 3, 4], 1, 3)],
      none,
      exercises,
    );
    expect(problems.map(({ field, key, params }) => [field, key, params])).toEqual([
      ['blocks.0.exercise_ids', 'lessonBlockEmpty', { target: 'Target 0b8a' }],
      ['blocks.1.exercise_ids', 'lessonBlockBelowMin', { target: 'Target 5f1c', min: 2 }],
      ['blocks.2.exercise_ids', 'lessonBlockAboveMax', { target: 'Target 0b8a', max: 3 }],
    ]);
  });

  it('refuse an exercise twice in one block, once however often it repeats', () => {
    const problems = lessonProblems([block(KEY_A, [1, 2, 1, 1], 1, 5)], none, exercises);
    expect(problems).toEqual([
      {
        field: 'blocks.0.exercise_ids',
        block_key: KEY_A,
        key: 'lessonExerciseRepeated',
        params: { target: 'Target 0b8a', title: 'Exercise 1' },
      },
    ]);
  });

  it('refuse an exercise used more often across the plan than its usage frequency', () => {
    // Exercise 3 may be used once: the plan's other lessons used it already.
    expect(
      lessonProblems([block(KEY_A, [3])], new Map([[3, 1]]), exercises).map((problem) => problem.key),
    ).toEqual(['lessonUsageExceeded']);
    // Exercise 1 three times: twice elsewhere, here in two blocks is one too many; said once.
    const problems = lessonProblems([block(KEY_A, [1]), block(KEY_B, [2, 1])], new Map([[1, 2]]), exercises);
    expect(problems).toEqual([
      {
        field: 'blocks.0.exercise_ids',
        block_key: KEY_A,
        key: 'lessonUsageExceeded',
        params: { target: 'Target 0b8a', title: 'Exercise 1', usage: 3 },
      },
    ]);
    expect(lessonProblems([block(KEY_A, [1])], new Map([[1, 2]]), exercises)).toEqual([]);
  });

  it('judge a lesson receiving moved presentations only by its maximum, repeats and usage', () => {
    expect(
      lessonProblems([block(KEY_A, [], 2, 3), block(KEY_B, [1], 2, 3)], none, exercises, 'transfer'),
    ).toEqual([]);
    expect(
      lessonProblems([block(KEY_A, [1, 2, 3, 4], 2, 3)], none, exercises, 'transfer').map((p) => p.key),
    ).toEqual(['lessonBlockAboveMax']);
  });

  it('counts the uses of each exercise in blocks', () => {
    expect([...usageIn([{ exercise_ids: [1, 2] }, { exercise_ids: [2] }])]).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });
});

describe('the automatic fill', () => {
  const candidates = (...ids: [number, number][]) =>
    ids.map(([id, usage]) => ({ exercise_id: id, usage_frequency: usage }));
  const fillBlock = (key: string, ids: [number, number][], min = 1, max = 3): GenerateBlock => ({
    key,
    target: `Target ${key.slice(0, 4)}`,
    min_presentations: min,
    max_presentations: max,
    candidates: candidates(...ids),
  });

  it('takes each block up to its maximum when there are enough exercises, the same for the same seed', () => {
    const input = {
      blocks: [
        fillBlock(KEY_A, [
          [1, 3],
          [2, 3],
          [3, 3],
          [4, 3],
        ]),
        fillBlock(
          KEY_B,
          [
            [10, 1],
            [11, 1],
          ],
          1,
          2,
        ),
      ],
      usedElsewhere: none,
      previous: [],
      seed: 7,
    };
    const first = generateLesson(input);
    expect(first.problems).toEqual([]);
    expect(first.blocks.map((b) => b.exercise_ids.length)).toEqual([3, 2]);
    expect(generateLesson(input)).toEqual(first);
    // Another seed may pick others, still within the rules.
    const other = generateLesson({ ...input, seed: 8 });
    expect(other.problems).toEqual([]);
  });

  it('never uses an exercise more often than its usage frequency, and prefers the least used', () => {
    const result = generateLesson({
      blocks: [
        fillBlock(KEY_A, [
          [1, 1],
          [2, 3],
          [3, 3],
        ]),
      ],
      usedElsewhere: new Map([
        [1, 1],
        [2, 2],
      ]),
      previous: [],
      seed: 1,
    });
    // 1 is used up; 3 (never used) comes before 2 (used twice).
    expect(result.blocks[0]?.exercise_ids).toEqual([3, 2]);
  });

  it("avoids the previous lesson's exercises while others remain", () => {
    const block = fillBlock(
      KEY_A,
      [
        [1, 3],
        [2, 3],
        [3, 3],
      ],
      1,
      2,
    );
    for (let seed = 0; seed < 20; seed += 1) {
      const result = generateLesson({ blocks: [block], usedElsewhere: none, previous: [1], seed });
      expect(result.blocks[0]?.exercise_ids.sort()).toEqual([2, 3]);
    }
  });

  it('keeps what the lesson holds and adds the rest', () => {
    const result = generateLesson({
      blocks: [
        {
          ...fillBlock(KEY_A, [
            [1, 3],
            [2, 3],
            [3, 3],
          ]),
          kept: [2],
        },
      ],
      usedElsewhere: none,
      previous: [],
      seed: 3,
    });
    expect(result.blocks[0]?.exercise_ids[0]).toBe(2);
    expect(result.blocks[0]?.exercise_ids).toHaveLength(3);
  });

  it('gives a scarce block its minimum before another block sharing its folder takes its maximum', () => {
    const shared: [number, number][] = [
      [1, 1],
      [2, 1],
      [3, 1],
    ];
    const result = generateLesson({
      blocks: [fillBlock(KEY_A, shared, 1, 3), fillBlock(KEY_B, shared, 2, 2)],
      usedElsewhere: none,
      previous: [],
      seed: 5,
    });
    expect(result.problems).toEqual([]);
    expect(result.blocks.map((b) => b.exercise_ids.length)).toEqual([1, 2]);
  });

  it('names a block whose folder cannot give its minimum instead of filling a bad lesson', () => {
    const result = generateLesson({
      blocks: [
        fillBlock(
          KEY_A,
          [
            [1, 1],
            [2, 1],
          ],
          1,
          2,
        ),
        fillBlock(KEY_B, [[3, 1]], 2, 3),
      ],
      usedElsewhere: new Map([[3, 0]]),
      previous: [],
      seed: 2,
    });
    expect(result.problems).toEqual([
      {
        field: 'blocks.1.exercise_ids',
        block_key: KEY_B,
        key: 'lessonBlockCannotFill',
        params: { target: 'Target 5f1c', min: 2, available: 1 },
      },
    ]);
  });

  it('draws numbers in [0, 1), the same for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    for (let i = 0; i < 100; i += 1) {
      const value = a();
      expect(value).toBe(b());
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('the lesson schemas', () => {
  const valid: LessonInput = {
    starts_at: '2026-03-02T09:00:00+02:00',
    duration_minutes: 45,
    blocks: [{ key: KEY_A, exercise_ids: [1, 2] }],
  };

  it('take a lesson with a date and a length of 45 to 60 minutes (spec §9)', () => {
    expect(lessonInput.safeParse(valid).success).toBe(true);
    expect(lessonInput.safeParse({ ...valid, starts_at: null, duration_minutes: 60 }).success).toBe(true);
    for (const duration of [44, 61, 50.5]) {
      expect(lessonInput.safeParse({ ...valid, duration_minutes: duration }).success, String(duration)).toBe(
        false,
      );
    }
    expect(lessonInput.safeParse({ ...valid, starts_at: '2026-03-02' }).success).toBe(false);
  });

  it('refuse a block named twice and unknown fields', () => {
    const twice = lessonInput.safeParse({ ...valid, blocks: [valid.blocks[0], valid.blocks[0]] });
    expect(twice.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['blocks.1.key', 'unique'],
    ]);
    expect(lessonInput.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });

  it('read the generate and finish bodies and the list query', () => {
    expect(generateLessonInput.parse({ lesson_id: 3 })).toEqual({ lesson_id: 3, replace: false });
    expect(finishLessonInput.safeParse({ lesson_id: 3, reached: [1, 2] }).success).toBe(true);
    expect(finishLessonInput.safeParse({ lesson_id: 3 }).success).toBe(false);
    expect(lessonsQuery.parse({ workspace_id: '1', week: '2026-03-04', status: 'open' })).toMatchObject({
      workspace_id: 1,
      week: '2026-03-04',
      status: 'open',
      page: 1,
    });
    expect(lessonsQuery.safeParse({ workspace_id: '1', status: 'done' }).success).toBe(false);
    expect(lessonsQuery.safeParse({ workspace_id: '1', time_zone: 'Mars/Olympus' }).success).toBe(false);
  });

  it('find the Monday of any day of a week', () => {
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
    expect(weekStart('2026-03-04')).toBe('2026-03-02');
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(weekStart('2026-03-01')).toBe('2026-02-23');
    expect(weekStart('2024-01-01')).toBe('2024-01-01');
  });
});
