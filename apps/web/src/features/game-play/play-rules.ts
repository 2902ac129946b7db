import {
  GAME_FIND_CHOICES_MAX,
  GAME_ITEM_TRIES_MAX,
  GAME_PLAY_TIME_MAX_MS,
  levelDone,
  nextLevel,
  openLevels,
  type GameLevelBest,
  type GameProgress,
  type GameStars,
} from '@logoschool/contract';

/**
 * One play of a level as the child goes through it, counted by the contract's rules (`games/rules.ts`):
 * `right` items right at the first try, `tries` every try of the level; an item is tried until it is
 * right or has had `GAME_ITEM_TRIES_MAX` tries, then the next one comes.
 */
export interface LevelRun {
  /** The item being played; `items` once the level is over. */
  index: number;
  /** Tries of the item being played. */
  itemTries: number;
  right: number;
  tries: number;
}

export const NEW_RUN: LevelRun = { index: 0, itemTries: 0, right: 0, tries: 0 };

/** The run after one try of the item being played (`correct`: said or found right). */
export function afterTry(run: LevelRun, correct: boolean): LevelRun {
  const itemTries = run.itemTries + 1;
  const next = correct || itemTries >= GAME_ITEM_TRIES_MAX;
  return {
    index: next ? run.index + 1 : run.index,
    itemTries: next ? 0 : itemTries,
    right: run.right + (correct && itemTries === 1 ? 1 : 0),
    tries: run.tries + 1,
  };
}

/** A play's time as it is sent: whole ms, never below 0 or above the longest play kept. */
export const playTime = (startedAt: number, endedAt: number) =>
  Math.min(Math.max(Math.round(endedAt - startedAt), 0), GAME_PLAY_TIME_MAX_MS);

/** A copy of `list` in a random order (Fisher–Yates, with `random` in [0, 1)). */
export function shuffled<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const held = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = held;
  }
  return copy;
}

/**
 * The pictures a find item is shown among: itself and up to `GAME_FIND_CHOICES_MAX - 1` other items
 * of its level with a picture of their own (never the same picture twice), in a random order.
 */
export function findChoices<T extends { key: string; picture_url: string }>(
  item: T,
  levelItems: readonly T[],
  random: () => number = Math.random,
): T[] {
  const seen = new Set([item.picture_url]);
  const others = levelItems.filter(
    (other) => other.key !== item.key && !seen.has(other.picture_url) && Boolean(seen.add(other.picture_url)),
  );
  return shuffled([item, ...shuffled(others, random).slice(0, GAME_FIND_CHOICES_MAX - 1)], random);
}

/** The child's personal bests by level, as the contract's rules read them, from the progress the API gave. */
export function bestsOf(progress: GameProgress): Record<string, GameLevelBest> {
  return Object.fromEntries(
    progress.levels.map((level) => [
      level.level_key,
      {
        plays: level.plays,
        best_stars: level.best_stars as GameStars,
        best_accuracy: level.best_accuracy,
        best_time_ms: level.best_time_ms,
      },
    ]),
  );
}

/** Where the child stands on the game's levels: which are open, which to play next, each one's best stars. */
export function levelStates(levelKeys: readonly string[], progress: GameProgress) {
  const bests = bestsOf(progress);
  const open = openLevels(levelKeys, bests);
  const next = nextLevel(levelKeys, bests);
  return levelKeys.map((key, index) => ({
    key,
    open: open[index] ?? false,
    next: key === next,
    done: levelDone(bests[key]),
    stars: bests[key]?.best_stars ?? 0,
  }));
}

/** The level after `levelKey` when it is open now; null after the last one or while it is locked. */
export function levelAfter(
  levelKeys: readonly string[],
  levelKey: string,
  progress: GameProgress,
): string | null {
  const index = levelKeys.indexOf(levelKey);
  const following = levelKeys[index + 1];
  if (index < 0 || following === undefined) return null;
  return openLevels(levelKeys, bestsOf(progress))[index + 1] ? following : null;
}
