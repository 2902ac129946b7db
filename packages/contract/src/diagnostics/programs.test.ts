import { describe, expect, it } from 'vitest';
import { placeProgram, programInput, type PlacementBlock, type PlacementItem } from './programs.ts';

const block = (key: string, max: number, offered: number[], held: number[] = []): PlacementBlock => ({
  key,
  target: key.toUpperCase(),
  max_presentations: max,
  exercise_ids: held,
  offered: new Set(offered),
});
const item = (id: number, usage = 3, accepted = true): PlacementItem => ({
  exercise_id: id,
  title: `#${id}`,
  accepted,
  usage_frequency: usage,
});

describe('programInput', () => {
  it('takes a program and refuses a repeated exercise, an empty name, an unknown kind', () => {
    expect(programInput.parse({ kind: 'complex', name: ' Breathing ', items: [{ exercise_id: 1 }] })).toEqual(
      {
        kind: 'complex',
        name: 'Breathing',
        description: '',
        items: [{ exercise_id: 1, note: '' }],
      },
    );
    const repeated = programInput.safeParse({
      kind: 'program',
      name: 'P',
      items: [{ exercise_id: 1 }, { exercise_id: 1 }],
    });
    expect(repeated.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['items.1.exercise_id']);
    expect(programInput.safeParse({ kind: 'program', name: ' ', items: [] }).success).toBe(false);
    expect(programInput.safeParse({ kind: 'course', name: 'P', items: [] }).success).toBe(false);
  });
});

describe('placeProgram', () => {
  it('places in order into the first block with room whose folder offers the exercise, after what it holds', () => {
    const result = placeProgram(
      [block('a', 2, [1, 2, 3], [9]), block('b', 2, [3, 4])],
      [item(1), item(3), item(2), item(4), item(5), item(9)],
      new Map(),
    );
    expect(result.blocks).toEqual([
      { key: 'a', exercise_ids: [9, 1] },
      { key: 'b', exercise_ids: [3, 4] },
    ]);
    expect(result.placed.map((one) => [one.exercise_id, one.block_key])).toEqual([
      [1, 'a'],
      [3, 'b'],
      [4, 'b'],
    ]);
    expect(result.not_placed.map((one) => [one.exercise_id, one.reason])).toEqual([
      [2, 'programBlockFull'],
      [5, 'programNoBlock'],
      [9, 'programNoBlock'],
    ]);
  });

  it('keeps usage frequencies, refuses what the lesson has and what is no longer accepted', () => {
    const result = placeProgram(
      [block('a', 5, [1, 2, 3, 4], [4])],
      [item(1, 1), item(2, 3), item(3, 3, false), item(4)],
      new Map([
        [1, 1],
        [2, 2],
      ]),
    );
    expect(result.placed.map((one) => one.exercise_id)).toEqual([2]);
    expect(result.not_placed.map((one) => [one.exercise_id, one.reason])).toEqual([
      [1, 'programUsageExceeded'],
      [3, 'programNotAccepted'],
      [4, 'programAlreadyInLesson'],
    ]);
  });

  it('never goes above a block’s maximum nor repeats an exercise, whatever the program', () => {
    for (let seed = 1; seed < 200; seed += 1) {
      const random = (n: number) => (seed * 7919 + n * 104729) % 11;
      const blocks = [
        block('a', 1 + (seed % 3), [1, 2, 3, 4, 5, 6]),
        block('b', 1 + (seed % 2), [4, 5, 6, 7, 8]),
      ];
      const items = Array.from({ length: 8 }, (_, n) => item(1 + (random(n) % 9), 1 + (n % 3)));
      const unique = items.filter(
        (one, index) => items.findIndex((other) => other.exercise_id === one.exercise_id) === index,
      );
      const result = placeProgram(blocks, unique, new Map());
      result.blocks.forEach((after, index) =>
        expect(after.exercise_ids.length).toBeLessThanOrEqual(blocks[index]!.max_presentations),
      );
      const all = result.blocks.flatMap((after) => after.exercise_ids);
      expect(new Set(all).size).toBe(all.length);
      expect(result.placed.length + result.not_placed.length).toBe(unique.length);
    }
  });
});
