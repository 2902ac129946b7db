/**
 * A child's progress on games, computed from the plays (which are never changed, so a best can only
 * go up): per level by `withPlay` of the contract's rules, by the game's latest published version's
 * levels (a level's key names it across versions), with `openLevels` and `nextLevel`; per sound
 * (the game's category) the plays, the share right at the first try and the stars.
 */
import {
  NO_LEVEL_BEST,
  levelDone,
  nextLevel,
  openLevels,
  withPlay,
  type GameContent,
  type GameLevelBest,
  type GameProgress,
  type GameSoundProgress,
} from '@logoschool/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { gameVersionsKit } from './game-versions.ts';
import { gamePlays, games } from './games.schema.ts';

type PlayRow = Pick<
  typeof gamePlays.$inferSelect,
  'gameId' | 'levelKey' | 'right' | 'items' | 'tries' | 'timeMs' | 'stars' | 'playedAt'
>;

/** A game's latest published version, with its category's name. */
export interface LatestGame {
  id: number;
  content: GameContent;
  categoryName: string;
}

/** The latest published versions of some games of a project (ones never published are absent). */
export async function latestGames(
  db: Tx,
  workspaceId: number,
  ids: readonly number[],
): Promise<Map<number, LatestGame>> {
  const found = new Map<number, LatestGame>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: games.id, version: games.version })
    .from(games)
    .where(and(eq(games.workspaceId, workspaceId), inArray(games.id, [...ids])));
  const contents = await gameVersionsKit.contents(
    db,
    rows.filter((row) => row.version > 0).map((row) => [row.id, row.version] as const),
  );
  const categoryIds = [...new Set([...contents.values()].map((content) => content.category_id))];
  const names = new Map(
    categoryIds.length === 0
      ? []
      : (
          await db
            .select({ id: categories.id, name: categories.name })
            .from(categories)
            .where(inArray(categories.id, categoryIds))
        ).map((row) => [row.id, row.name]),
  );
  for (const row of rows) {
    const content = contents.get(`${String(row.id)}:${String(row.version)}`);
    if (content)
      found.set(row.id, { id: row.id, content, categoryName: names.get(content.category_id) ?? '' });
  }
  return found;
}

/** A student's plays of some games, the first first. */
export async function playsOf(db: Tx, clientId: number, gameIds: readonly number[]): Promise<PlayRow[]> {
  if (gameIds.length === 0) return [];
  return db
    .select({
      gameId: gamePlays.gameId,
      levelKey: gamePlays.levelKey,
      right: gamePlays.right,
      items: gamePlays.items,
      tries: gamePlays.tries,
      timeMs: gamePlays.timeMs,
      stars: gamePlays.stars,
      playedAt: gamePlays.playedAt,
    })
    .from(gamePlays)
    .where(and(eq(gamePlays.clientId, clientId), inArray(gamePlays.gameId, [...gameIds])))
    .orderBy(asc(gamePlays.playedAt), asc(gamePlays.id));
}

/** The progress on one game from its latest version and the student's plays of it. */
export function progressOf(game: LatestGame, plays: readonly PlayRow[]): GameProgress {
  const own = plays.filter((play) => play.gameId === game.id);
  const bests: Record<string, GameLevelBest> = {};
  for (const play of own) {
    bests[play.levelKey] = withPlay(bests[play.levelKey] ?? NO_LEVEL_BEST, {
      right: play.right,
      items: play.items,
      tries: play.tries,
      time_ms: play.timeMs,
    });
  }
  const keys = game.content.levels.map((level) => level.key);
  const open = openLevels(keys, bests);
  const levels = game.content.levels.map((level, index) => {
    const best = bests[level.key] ?? NO_LEVEL_BEST;
    return {
      level_key: level.key,
      title: level.title,
      stage: level.stage,
      items: level.items.length,
      plays: best.plays,
      best_stars: best.best_stars,
      best_accuracy: best.best_accuracy,
      best_time_ms: best.best_time_ms,
      done: levelDone(best),
      open: open[index] ?? false,
    };
  });
  const last = own.at(-1)?.playedAt ?? null;
  return {
    game_id: game.id,
    title: game.content.title,
    category_id: game.content.category_id,
    category_name: game.categoryName,
    levels,
    levels_done: levels.filter((level) => level.done).length,
    stars: levels.reduce((sum, level) => sum + level.best_stars, 0),
    plays: own.length,
    next_level_key: nextLevel(keys, bests),
    last_played_at: last?.toISOString() ?? null,
  };
}

/** A student's progress on each of some games (ones never published are left out). */
export async function progressesOf(
  db: Tx,
  workspaceId: number,
  clientId: number,
  gameIds: readonly number[],
): Promise<Map<number, GameProgress>> {
  const ids = [...new Set(gameIds)];
  const latest = await latestGames(db, workspaceId, ids);
  const plays = await playsOf(db, clientId, ids);
  return new Map([...latest.values()].map((game) => [game.id, progressOf(game, plays)]));
}

/** Per sound (category): the plays of its games, the share right at the first try, the best stars. */
export async function soundsOf(
  db: Tx,
  clientId: number,
  progresses: readonly GameProgress[],
): Promise<GameSoundProgress[]> {
  const plays = await playsOf(
    db,
    clientId,
    progresses.map((progress) => progress.game_id),
  );
  const byCategory = new Map<number, GameSoundProgress & { right: number; items: number }>();
  for (const progress of progresses) {
    const entry = byCategory.get(progress.category_id) ?? {
      category_id: progress.category_id,
      category_name: progress.category_name,
      plays: 0,
      accuracy: null,
      stars: 0,
      last_played_at: null,
      right: 0,
      items: 0,
    };
    entry.stars += progress.stars;
    for (const play of plays.filter((row) => row.gameId === progress.game_id)) {
      entry.plays += 1;
      entry.right += play.right;
      entry.items += play.items;
      const at = play.playedAt.toISOString();
      if (entry.last_played_at === null || at > entry.last_played_at) entry.last_played_at = at;
    }
    byCategory.set(progress.category_id, entry);
  }
  return [...byCategory.values()].map(({ right, items, ...sound }) => ({
    ...sound,
    accuracy: items > 0 ? right / items : null,
  }));
}
