import { GAME_FIND_CHOICES_MAX, GAME_ITEM_TRIES_MAX, GAME_PLAY_TIME_MAX_MS } from '@logoschool/contract';
import { describe, expect, it } from 'vitest';
import { NEW_RUN, afterTry, findChoices, playTime, shuffled } from './play-rules.ts';

describe('a level’s run', () => {
  it('counts an item right only at its first try, and moves on when it is right', () => {
    const first = afterTry(NEW_RUN, true);
    expect(first).toEqual({ index: 1, itemTries: 0, right: 1, tries: 1 });
    const missed = afterTry(first, false);
    expect(missed).toEqual({ index: 1, itemTries: 1, right: 1, tries: 2 });
    expect(afterTry(missed, true)).toEqual({ index: 2, itemTries: 0, right: 1, tries: 3 });
  });

  it(`gives the next item after ${GAME_ITEM_TRIES_MAX} tries`, () => {
    let run = NEW_RUN;
    for (let i = 0; i < GAME_ITEM_TRIES_MAX; i += 1) run = afterTry(run, false);
    expect(run).toEqual({ index: 1, itemTries: 0, right: 0, tries: GAME_ITEM_TRIES_MAX });
  });

  it('keeps the time in the bounds the server accepts', () => {
    expect(playTime(1000, 3500.4)).toBe(2500);
    expect(playTime(5000, 1000)).toBe(0);
    expect(playTime(0, GAME_PLAY_TIME_MAX_MS * 2)).toBe(GAME_PLAY_TIME_MAX_MS);
  });
});

describe('a find item’s pictures', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => ({ key, picture_url: `/p/${key}` }));

  it(`shows the item among at most ${GAME_FIND_CHOICES_MAX} different pictures of its level`, () => {
    for (let seed = 0; seed < 20; seed += 1) {
      let state = seed + 1;
      const random = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
      const choices = findChoices(items[2]!, items, random);
      expect(choices).toHaveLength(GAME_FIND_CHOICES_MAX);
      expect(choices.map((choice) => choice.key)).toContain('c');
      expect(new Set(choices.map((choice) => choice.picture_url)).size).toBe(choices.length);
    }
  });

  it('never shows the same picture twice, and does with fewer items what it can', () => {
    const same = [
      { key: 'a', picture_url: '/p/1' },
      { key: 'b', picture_url: '/p/1' },
      { key: 'c', picture_url: '/p/2' },
    ];
    const choices = findChoices(same[0]!, same);
    expect(choices.map((choice) => choice.key).sort()).toEqual(['a', 'c']);
  });

  it('shuffles without losing or adding anything', () => {
    expect(shuffled([1, 2, 3, 4], () => 0).sort()).toEqual([1, 2, 3, 4]);
    expect(shuffled([1, 2, 3, 4], () => 0)).not.toEqual([1, 2, 3, 4]);
  });
});
