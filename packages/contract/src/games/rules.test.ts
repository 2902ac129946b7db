import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GAME_ITEM_TRIES_MAX,
  NO_LEVEL_BEST,
  gamePlayProblems,
  gameStars,
  nextLevel,
  openLevels,
  withPlay,
  type GameLevelBest,
  type GamePlayResult,
} from './rules.ts';
import { gameGaps, gameInput } from './schemas.ts';

/** A play of a level of `items` items whose numbers fit it. */
const playArbitrary: fc.Arbitrary<GamePlayResult> = fc.integer({ min: 1, max: 30 }).chain((items) =>
  fc.record({
    items: fc.constant(items),
    right: fc.integer({ min: 0, max: items }),
    tries: fc.integer({ min: items, max: items * GAME_ITEM_TRIES_MAX }),
    time_ms: fc.integer({ min: 0, max: 3 * 60 * 60 * 1000 }),
  }),
);

describe('a level’s stars', () => {
  it('come from the share of items right at the first try', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((right) => gameStars(right, 10))).toEqual([
      0, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3,
    ]);
    expect(gameStars(1, 1)).toBe(3);
    expect(gameStars(0, 0)).toBe(0);
  });

  it('are always 0 to 3, and never fewer for more right answers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), (right, items) => {
        const stars = gameStars(right, items);
        expect(stars).toBeGreaterThanOrEqual(0);
        expect(stars).toBeLessThanOrEqual(3);
        if (right < items) expect(gameStars(right + 1, items)).toBeGreaterThanOrEqual(stars);
      }),
    );
  });
});

describe('a play’s numbers', () => {
  it('must fit the level: no more right answers than items or tries, one to three tries an item', () => {
    expect(gamePlayProblems({ right: 3, tries: 4, time_ms: 0 }, 3)).toEqual([]);
    expect(gamePlayProblems({ right: 4, tries: 4, time_ms: 0 }, 3)).toEqual(['rightOverItems']);
    expect(gamePlayProblems({ right: 1, tries: 2, time_ms: 0 }, 3)).toEqual(['triesUnderItems']);
    expect(gamePlayProblems({ right: 1, tries: 10, time_ms: 0 }, 3)).toEqual(['triesOverMax']);
    expect(gamePlayProblems({ right: 3, tries: 2, time_ms: 0 }, 2)).toEqual([
      'rightOverItems',
      'rightOverTries',
    ]);
  });

  it('any play made of fitting numbers is kept', () => {
    fc.assert(
      fc.property(playArbitrary, (play) => {
        expect(gamePlayProblems(play, play.items)).toEqual([]);
      }),
    );
  });
});

describe('personal bests', () => {
  it('never get worse, whatever is played after', () => {
    fc.assert(
      fc.property(fc.array(playArbitrary, { minLength: 1, maxLength: 30 }), (plays) => {
        let best: GameLevelBest = NO_LEVEL_BEST;
        for (const play of plays) {
          const next = withPlay(best, play);
          expect(next.plays).toBe(best.plays + 1);
          expect(next.best_stars).toBeGreaterThanOrEqual(best.best_stars);
          expect(next.best_stars).toBeLessThanOrEqual(3);
          expect(next.best_accuracy).toBeGreaterThanOrEqual(best.best_accuracy);
          expect(next.best_accuracy).toBeLessThanOrEqual(1);
          if (best.best_time_ms !== null) expect(next.best_time_ms).not.toBeNull();
          if (best.best_time_ms !== null) expect(next.best_time_ms!).toBeLessThanOrEqual(best.best_time_ms);
          best = next;
        }
        // The bests are the best of the plays, whatever their order.
        expect(best.best_stars).toBe(Math.max(...plays.map((play) => gameStars(play.right, play.items))));
        const starred = plays.filter((play) => gameStars(play.right, play.items) > 0);
        expect(best.best_time_ms).toBe(
          starred.length ? Math.min(...starred.map((play) => play.time_ms)) : null,
        );
      }),
    );
  });
});

describe('the levels a child may play', () => {
  const keys = ['a', 'b', 'c'];
  const done: GameLevelBest = { plays: 1, best_stars: 2, best_accuracy: 0.7, best_time_ms: 1000 };
  const tried: GameLevelBest = { plays: 2, best_stars: 0, best_accuracy: 0, best_time_ms: null };

  it('are the first, and each one after a level done; the next is the first open one not done', () => {
    expect(openLevels(keys, {})).toEqual([true, false, false]);
    expect(nextLevel(keys, {})).toBe('a');
    expect(openLevels(keys, { a: tried })).toEqual([true, false, false]);
    expect(openLevels(keys, { a: done })).toEqual([true, true, false]);
    expect(nextLevel(keys, { a: done })).toBe('b');
    expect(nextLevel(keys, { a: done, b: done, c: done })).toBe('c');
    expect(nextLevel([], {})).toBeNull();
  });
});

describe('a game', () => {
  const item = (mode: 'say' | 'find', picture: number) => ({ word: 'sun', mode, picture_file_id: picture });
  const base = { title: 'Sunny', language: 'uk', category_id: 1, theme_id: 1 } as const;

  it('keeps its levels’ stages in the therapy’s order', () => {
    const parsed = gameInput.safeParse({
      ...base,
      levels: [
        { title: 'Words', stage: 'words', items: [] },
        { title: 'Syllables', stage: 'syllables', items: [] },
        { title: 'Words again', stage: 'words', items: [] },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['levels.1.stage', 'gameStageBackwards'],
    ]);
  });

  it('is published only with levels of items, a find item among other pictures', () => {
    expect(gameGaps({ levels: [] })).toEqual(['levels']);
    expect(gameGaps({ levels: [{ items: [] }] })).toEqual(['levels.0.items']);
    const one = { ...item('find', 7), audio_file_id: null };
    expect(gameGaps({ levels: [{ items: [one] }] })).toEqual(['levels.0.items.0.mode']);
    expect(gameGaps({ levels: [{ items: [{ ...item('say', 7), audio_file_id: null }] }] })).toEqual([]);
    expect(gameGaps({ levels: [{ items: [one, { ...item('say', 8), audio_file_id: null }] }] })).toEqual([]);
  });
});
