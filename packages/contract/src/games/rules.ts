/**
 * The rules of a game's play (issue 31): how a level is played, what it earns, and how a play
 * changes the child's progress. The player, the server and the staff screens all count with these.
 *
 * - Each item of a level is tried until the child gets it right or has had `GAME_ITEM_TRIES_MAX`
 *   tries; then the next item comes. A level is played to its end.
 * - `right` is how many items the child got right at the first try; `tries` all the tries of the
 *   level (at least one per item, at most `GAME_ITEM_TRIES_MAX` per item).
 * - A level's stars come from its accuracy, `right / items`: 3 from 90%, 2 from 60%, 1 above 0,
 *   0 when no item was right at the first try.
 * - A level is done once a play of it earned a star; the next level then opens. Done levels may be
 *   played again; a play never lowers a personal best (best stars, best accuracy, fastest time of a
 *   play with stars).
 */

/** Tries an item gets before the next item comes. */
export const GAME_ITEM_TRIES_MAX = 3;

/** The most stars a level gives. */
export const GAME_STARS_MAX = 3;

/** The accuracy from which a level earns 3 and 2 stars (1 star: anything above 0). */
export const GAME_THREE_STARS_FROM = 0.9;
export const GAME_TWO_STARS_FROM = 0.6;

export type GameStars = 0 | 1 | 2 | 3;

/** A level's stars for `right` first-try answers of `items`. */
export function gameStars(right: number, items: number): GameStars {
  if (items <= 0 || right <= 0) return 0;
  const accuracy = Math.min(right, items) / items;
  if (accuracy >= GAME_THREE_STARS_FROM) return 3;
  if (accuracy >= GAME_TWO_STARS_FROM) return 2;
  return 1;
}

/** What one play of a level reports, as the server has checked it. */
export interface GamePlayResult {
  right: number;
  items: number;
  tries: number;
  time_ms: number;
}

/** What is wrong with a play's numbers for a level of `items` items (none: it may be kept). */
export type GamePlayProblem = 'rightOverItems' | 'triesUnderItems' | 'triesOverMax' | 'rightOverTries';

export function gamePlayProblems(play: Omit<GamePlayResult, 'items'>, items: number): GamePlayProblem[] {
  const problems: GamePlayProblem[] = [];
  if (play.right > items) problems.push('rightOverItems');
  if (play.tries < items) problems.push('triesUnderItems');
  if (play.tries > items * GAME_ITEM_TRIES_MAX) problems.push('triesOverMax');
  if (play.right > play.tries) problems.push('rightOverTries');
  return problems;
}

/** A child's personal bests on one level. */
export interface GameLevelBest {
  plays: number;
  best_stars: GameStars;
  /** The best share of items right at the first try, 0–1. */
  best_accuracy: number;
  /** The fastest play that earned a star, in ms; null before one did. */
  best_time_ms: number | null;
}

export const NO_LEVEL_BEST: GameLevelBest = { plays: 0, best_stars: 0, best_accuracy: 0, best_time_ms: null };

/** The bests after one more play: each best only improves. */
export function withPlay(best: GameLevelBest, play: GamePlayResult): GameLevelBest {
  const stars = gameStars(play.right, play.items);
  const accuracy = play.items > 0 ? Math.min(play.right, play.items) / play.items : 0;
  return {
    plays: best.plays + 1,
    best_stars: Math.max(best.best_stars, stars) as GameStars,
    best_accuracy: Math.max(best.best_accuracy, accuracy),
    best_time_ms:
      stars === 0
        ? best.best_time_ms
        : best.best_time_ms === null
          ? play.time_ms
          : Math.min(best.best_time_ms, play.time_ms),
  };
}

/** Whether a level counts as done (it opens the next one). */
export const levelDone = (best: GameLevelBest | undefined): boolean => (best?.best_stars ?? 0) > 0;

/**
 * Which levels the child may play, in the game's order: the first always, each next one once the
 * one before it is done; done ones stay open to play again.
 */
export function openLevels(
  levelKeys: readonly string[],
  bests: Readonly<Record<string, GameLevelBest>>,
): boolean[] {
  return levelKeys.map((_, index) => {
    const before = levelKeys[index - 1];
    return before === undefined || levelDone(bests[before]);
  });
}

/** The level to play next: the first open one not done, else the last one; null for no levels. */
export function nextLevel(
  levelKeys: readonly string[],
  bests: Readonly<Record<string, GameLevelBest>>,
): string | null {
  const open = openLevels(levelKeys, bests);
  const next = levelKeys.find((key, index) => open[index] && !levelDone(bests[key]));
  return next ?? levelKeys.at(-1) ?? null;
}
