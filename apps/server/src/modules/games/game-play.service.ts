/**
 * The child's side of games (issue 31), by an assignment's link: the game as it is played (the
 * latest published version, its theme, the child's progress), each level played kept once per key,
 * the pictures and sounds it names, and the family's list on its dashboard. A wrong, withdrawn or
 * taken-back link is one 404: "game not found (or wrong link)".
 */
import {
  firstNameOf,
  gameFileIds,
  gameMediaUrl,
  gamePlayProblems,
  gameStars,
  isLanguage,
  GAME_ITEM_TRIES_MAX,
  type FamilyGames,
  type GameComplete,
  type GameContent,
  type GamePlay,
  type gameCompleteInput,
} from '@logoschool/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { assetFiles, clients, type AssetFileRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { openFamily } from '../families/index.ts';
import { linkOf, liveTokenOf, openLink } from '../public-links/index.ts';
import type { GamesContext } from './game-assignments.service.ts';
import { gameFileRow } from './game-files.service.ts';
import { gameLinks } from './game-link.ts';
import { latestGames, progressesOf } from './game-progress.ts';
import { themeAssetsOf } from './game-themes.service.ts';
import { gameVersionsKit } from './game-versions.ts';
import { gameAssignments, gamePlays, games, type GameFileRow } from './games.schema.ts';

/** The one answer for a link that opens no game: the kit's 404 in the games' words. */
const noGame = () => notFound().saying('gameLinkInvalid');

/** The live assignment a token opens, its student and the game's latest version; `noGame` otherwise. */
async function openGame(db: Tx, token: string) {
  let subjectId: number;
  try {
    ({ subjectId } = await openLink(db, gameLinks, token));
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw noGame();
    throw error;
  }
  const [found] = await db
    .select({ assignment: gameAssignments, client: clients, version: games.version })
    .from(gameAssignments)
    .innerJoin(clients, eq(clients.id, gameAssignments.clientId))
    .innerJoin(games, eq(games.id, gameAssignments.gameId))
    .where(and(eq(gameAssignments.id, subjectId), isNull(gameAssignments.withdrawnAt)));
  if (!found) throw noGame();
  const latest = (await latestGames(db, found.assignment.workspaceId, [found.assignment.gameId])).get(
    found.assignment.gameId,
  );
  if (!latest) throw noGame();
  return { ...found, latest };
}

/**
 * `GET /game/check-auth/:token` (public): the game as the child plays it, in the student's
 * language: the latest published version, its theme's background, props and characters, the
 * child's first name and progress.
 */
export async function checkGame(db: Db, token: string): Promise<GamePlay> {
  const { assignment, client, version, latest } = await openGame(db, token);
  const { content } = latest;
  const theme = (await themeAssetsOf(db, [content.theme_id])).get(content.theme_id);
  const held = theme ?? { background: [], prop: [], character: [] };
  const assetUrl = (fileId: number | null) => (fileId === null ? null : gameMediaUrl(token, 'asset', fileId));
  const asPlayed = (asset: { asset_id: number; name: string; file_id: number | null }) => ({
    id: asset.asset_id,
    name: asset.name,
    url: assetUrl(asset.file_id),
  });
  const progress = (await progressesOf(db, assignment.workspaceId, client.id, [assignment.gameId])).get(
    assignment.gameId,
  );
  if (!progress) throw noGame();
  return {
    language: isLanguage(client.language) ? client.language : 'uk',
    child_name: firstNameOf(client.childName),
    title: content.title,
    version,
    background_url: assetUrl(held.background[0]?.file_id ?? null),
    props: held.prop.map(asPlayed),
    characters: held.character.map(asPlayed),
    levels: content.levels.map((level) => ({
      key: level.key,
      title: level.title,
      stage: level.stage,
      items: level.items.map((item) => ({
        key: item.key,
        word: item.word,
        mode: item.mode,
        picture_url: gameMediaUrl(token, 'file', item.picture_file_id),
        audio_url: item.audio_file_id === null ? null : gameMediaUrl(token, 'file', item.audio_file_id),
      })),
    })),
    progress,
  };
}

/** A file a game's link may show: a game file any version names, or an asset file of its theme. */
export type GameMedia = { source: 'file'; row: GameFileRow } | { source: 'asset'; row: AssetFileRow };

/**
 * `GET /game/media/:token/:source/:id` (public): a picture or a sound of the game by its link: a
 * game file one of its published versions names, or a file of an asset its theme holds; anything
 * else the same 404.
 */
export async function gameMedia(
  db: Db,
  token: string,
  source: 'file' | 'asset',
  id: number,
): Promise<GameMedia> {
  const { assignment, version, latest } = await openGame(db, token);
  if (source === 'file') {
    const versions = await gameVersionsKit.contents(
      db,
      Array.from({ length: version }, (_, index) => [assignment.gameId, index + 1] as const),
    );
    const named = new Set([...versions.values()].flatMap((content: GameContent) => gameFileIds(content)));
    if (!named.has(id)) throw notFound();
    return { source, row: await gameFileRow(db, assignment.workspaceId, id) };
  }
  const theme = (await themeAssetsOf(db, [latest.content.theme_id])).get(latest.content.theme_id);
  const assetIds = new Set(
    [...(theme?.background ?? []), ...(theme?.prop ?? []), ...(theme?.character ?? [])].map(
      (a) => a.asset_id,
    ),
  );
  const [row] = await db.select().from(assetFiles).where(eq(assetFiles.id, id));
  if (!row || !assetIds.has(row.assetId)) throw notFound();
  return { source, row };
}

/** 422 on each field of a play that does not fit the version played. */
function playErrors(
  lang: ProjectActor['lang'],
  input: z.output<typeof gameCompleteInput>,
  content: GameContent | null,
  characters: ReadonlySet<number>,
): { errors: Record<string, string[]>; items: number } {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: Parameters<typeof fieldMessage>[1], params?: Record<string, number>) =>
    (errors[field] ??= []).push(fieldMessage(lang, message, params));
  if (!content) {
    add('version', 'gameVersionUnknown');
    return { errors, items: 0 };
  }
  if (!characters.has(input.character_asset_id)) add('character_asset_id', 'gameCharacterOutside');
  const level = content.levels.find((one) => one.key === input.level_key);
  if (!level) {
    add('level_key', 'gameLevelUnknown');
    return { errors, items: 0 };
  }
  const items = level.items.length;
  for (const problem of gamePlayProblems(input, items)) {
    if (problem === 'rightOverItems') add('right', 'gameRightOverItems');
    if (problem === 'rightOverTries') add('right', 'gameRightOverTries');
    if (problem === 'triesUnderItems') add('tries', 'gameTriesUnderItems');
    if (problem === 'triesOverMax') add('tries', 'gameTriesOverMax', { count: GAME_ITEM_TRIES_MAX });
  }
  return { errors, items };
}

/**
 * `POST /game/complete/:token` (public): one level played to its end, kept at once. The player's
 * key is unique in the table: the same key again (a retry, two requests at once) inserts nothing
 * and answers `recorded: false` with the progress as it is. 422 on the field for a version that is
 * not the game's, a level not in it, a character not in its theme, or numbers that do not fit.
 */
export async function completeGame(
  db: Db,
  token: string,
  lang: ProjectActor['lang'],
  input: z.output<typeof gameCompleteInput>,
): Promise<GameComplete> {
  const { assignment, client, version } = await openGame(db, token);
  const content =
    input.version <= version ? await gameVersionsKit.content(db, assignment.gameId, input.version) : null;
  // The characters of the theme of the version played.
  const themeId = content?.theme_id ?? 0;
  const theme = (await themeAssetsOf(db, [themeId])).get(themeId);
  const characters = new Set((theme?.character ?? []).map((asset) => asset.asset_id));
  const { errors, items } = playErrors(lang, input, content, characters);
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', {}, errors);
  const stars = gameStars(input.right, items);
  const inserted = await db
    .insert(gamePlays)
    .values({
      workspaceId: assignment.workspaceId,
      assignmentId: assignment.id,
      gameId: assignment.gameId,
      clientId: client.id,
      version: input.version,
      levelKey: input.level_key,
      characterAssetId: input.character_asset_id,
      items,
      right: input.right,
      tries: input.tries,
      timeMs: input.time_ms,
      stars,
      key: input.key,
    })
    .onConflictDoNothing({ target: gamePlays.key })
    .returning({ id: gamePlays.id });
  const progress = (await progressesOf(db, assignment.workspaceId, client.id, [assignment.gameId])).get(
    assignment.gameId,
  );
  if (!progress) throw noGame();
  return { recorded: inserted.length > 0, stars, progress };
}

/**
 * `GET /parent-dashboard/:token/games` (public, the family's dashboard link): the child's games
 * that have a live link, the newest first, each with how far the child is.
 */
export async function familyGames(ctx: GamesContext, token: string): Promise<FamilyGames> {
  const family = await openFamily(ctx.db, token);
  const rows = await ctx.db
    .select()
    .from(gameAssignments)
    .where(
      and(
        eq(gameAssignments.workspaceId, family.workspaceId),
        eq(gameAssignments.clientId, family.client.id),
        isNull(gameAssignments.withdrawnAt),
      ),
    )
    .orderBy(desc(gameAssignments.createdAt), desc(gameAssignments.id));
  const progresses = await progressesOf(
    ctx.db,
    family.workspaceId,
    family.client.id,
    rows.map((row) => row.gameId),
  );
  const list: FamilyGames['games'] = [];
  for (const row of rows) {
    const progress = progresses.get(row.gameId);
    if (!progress || !(await liveTokenOf(ctx.db, gameLinks, row.id))) continue;
    list.push({
      title: progress.title,
      url: (await linkOf(ctx.db, ctx.baseUrl, gameLinks, row.id)).url ?? '',
      levels: progress.levels.length,
      levels_done: progress.levels_done,
      stars: progress.stars,
      last_played_at: progress.last_played_at,
    });
  }
  return { language: isLanguage(family.client.language) ? family.client.language : 'uk', games: list };
}
