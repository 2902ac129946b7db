import { z } from 'zod';
import { bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import { API, API_BASE } from '../api/paths.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { publicLinkSchema } from '../public-links/public-links.ts';
import { GAME_ITEM_TRIES_MAX } from './rules.ts';
import {
  GAME_ITEMS_MAX,
  GAME_MODES,
  GAME_PLAY_TIME_MAX_MS,
  GAME_STAGES,
  gameActingQuery,
} from './schemas.ts';

/**
 * A game given to a student and its plays (issue 31; decision 043): the teacher's assignments with
 * their links, the child's records and progress as the staff read them, the child's game under the
 * link (`check-auth`, `complete`, its media) and the family's list. The game itself, as moderators
 * build it, is `schemas.ts`.
 */

// ---------------------------------------------------------------------------------------------
// A game given to a student (the teacher's), and its link.

/** The kind of an assignment's public link (the public-link kit, decision 029). */
export const GAME_LINK_KIND = 'game';

/** The page an assignment's link opens (the route table's `/game/:gameID`, whose parameter is the token). */
export const GAME_PAGE = '/game';

/** `POST /game-assignments`: a published game for one of the teacher's students (409 when it has it). */
export const gameAssignInput = z.strictObject({ client_id: bodyId, game_id: bodyId });
export type GameAssignInput = z.input<typeof gameAssignInput>;

export const gameAssignmentParams = z.object({ assignmentId: idParam });

/** A child's progress on one level of a game. */
export const gameLevelProgressSchema = z.object({
  level_key: z.string(),
  title: z.string(),
  stage: z.enum(GAME_STAGES),
  items: z.number().int(),
  plays: z.number().int(),
  best_stars: z.number().int().min(0).max(3),
  best_accuracy: z.number().min(0).max(1),
  best_time_ms: z.number().int().nullable(),
  done: z.boolean(),
  open: z.boolean(),
});
export type GameLevelProgress = z.infer<typeof gameLevelProgressSchema>;

/** A child's progress on a game, level by level, by the game's latest version. */
export const gameProgressSchema = z.object({
  game_id: z.number().int(),
  title: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  levels: z.array(gameLevelProgressSchema),
  levels_done: z.number().int(),
  /** The best stars summed over the levels. */
  stars: z.number().int(),
  plays: z.number().int(),
  next_level_key: z.string().nullable(),
  last_played_at: z.string().nullable(),
});
export type GameProgress = z.infer<typeof gameProgressSchema>;

/** A game given to a student, as the teacher sees it. */
export const gameAssignmentSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  game_id: z.number().int(),
  game_title: z.string(),
  assigned_at: z.string(),
  progress: gameProgressSchema,
  link: publicLinkSchema,
});
export type GameAssignment = z.infer<typeof gameAssignmentSchema>;

/** `GET /clients/:clientId/games`: the student's games, newest first. */
export const studentGamesSchema = z.array(gameAssignmentSchema);

/** One play of a level, as the staff read it. */
export const gameRecordSchema = z.object({
  id: z.number().int(),
  game_id: z.number().int(),
  game_title: z.string(),
  version: z.number().int(),
  level_key: z.string(),
  level_title: z.string(),
  stage: z.enum(GAME_STAGES),
  character_name: z.string(),
  items: z.number().int(),
  right: z.number().int(),
  tries: z.number().int(),
  time_ms: z.number().int(),
  stars: z.number().int().min(0).max(3),
  played_at: z.string(),
});
export type GameRecord = z.infer<typeof gameRecordSchema>;

/** `GET /game-records?client_id=&game_id=`: a student's plays, the latest first. */
export const gameRecordsQuery = pageQuery.extend({
  ...gameActingQuery.shape,
  client_id: idParam,
  game_id: idParam.optional(),
});
export const gameRecordsPageEnvelope = pageEnvelope(gameRecordSchema);
export type GameRecordsPage = z.infer<typeof gameRecordsPageEnvelope>;

/** A student's plays on the games of one sound (category). */
export const gameSoundProgressSchema = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  plays: z.number().int(),
  /** Items right at the first try over items played, 0–1; null before any play. */
  accuracy: z.number().min(0).max(1).nullable(),
  stars: z.number().int(),
  last_played_at: z.string().nullable(),
});
export type GameSoundProgress = z.infer<typeof gameSoundProgressSchema>;

/** `GET /game-progresses?client_id=`: a student's progress per game and per sound. */
export const gameProgressesQuery = gameActingQuery.extend({ client_id: idParam });
export const studentGameProgressSchema = z.object({
  games: z.array(gameProgressSchema),
  sounds: z.array(gameSoundProgressSchema),
});
export type StudentGameProgress = z.infer<typeof studentGameProgressSchema>;

/** `GET /game-progresses/by-game?game_id=`: the progress on one game of each of the caller's students who have it. */
export const gameProgressByGameQuery = gameActingQuery.extend({ game_id: idParam });
export const gameProgressByGameSchema = z.array(
  z.object({
    client_id: z.number().int(),
    child_name: z.string(),
    progress: gameProgressSchema,
  }),
);
export type GameProgressByGame = z.infer<typeof gameProgressByGameSchema>;

// ---------------------------------------------------------------------------------------------
// The child's game (public, by the assignment's link).

/** Where the child's page reads a picture or a sound (the link's token; `asset`: a theme's library asset file). */
export const gameMediaUrl = (token: string, source: 'file' | 'asset', id: number) =>
  `${API_BASE}${API.game}/media/${encodeURIComponent(token)}/${source}/${id}`;

export const gameMediaParams = z.object({
  token: z.string().max(128),
  source: z.enum(['file', 'asset']),
  id: idParam,
});

const playAsset = z.object({ id: z.number().int(), name: z.string(), url: z.string().nullable() });

/**
 * `GET /game/check-auth/:token` (public): the game as the child plays it, by the latest published
 * version, and the child's progress. No teacher's text or other child: the server answers through
 * this schema.
 */
export const gamePlaySchema = z.object({
  language: z.enum(LANGUAGES),
  child_name: z.string(),
  title: z.string(),
  version: z.number().int(),
  background_url: z.string().nullable(),
  props: z.array(playAsset),
  characters: z.array(playAsset),
  levels: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      stage: z.enum(GAME_STAGES),
      items: z.array(
        z.object({
          key: z.string(),
          word: z.string(),
          mode: z.enum(GAME_MODES),
          picture_url: z.string(),
          audio_url: z.string().nullable(),
        }),
      ),
    }),
  ),
  progress: gameProgressSchema,
});
export type GamePlay = z.infer<typeof gamePlaySchema>;

/**
 * `POST /game/complete/:token` (public): one level played to its end. `key` is made by the player
 * for the play (a uuid): the same key again (a retry on a bad network) is kept once. The level must
 * be one of the version played; the numbers must fit its items (422 otherwise, see `gamePlayProblems`).
 */
export const gameCompleteInput = z.strictObject({
  key: z.uuid(),
  version: bodyId,
  level_key: z.uuid(),
  character_asset_id: bodyId,
  right: z.number().int().min(0).max(GAME_ITEMS_MAX),
  tries: z
    .number()
    .int()
    .min(1)
    .max(GAME_ITEMS_MAX * GAME_ITEM_TRIES_MAX),
  time_ms: z.number().int().min(0).max(GAME_PLAY_TIME_MAX_MS),
});
export type GameCompleteInput = z.input<typeof gameCompleteInput>;

/** The answer to a play: its stars, whether it was new, and the progress now. */
export const gameCompleteSchema = z.object({
  recorded: z.boolean(),
  stars: z.number().int().min(0).max(3),
  progress: gameProgressSchema,
});
export type GameComplete = z.infer<typeof gameCompleteSchema>;

/** One game on the family's dashboard: its link and how far the child is. */
export const familyGameSchema = z.object({
  title: z.string(),
  url: z.string(),
  levels: z.number().int(),
  levels_done: z.number().int(),
  stars: z.number().int(),
  last_played_at: z.string().nullable(),
});

/** `GET /parent-dashboard/:token/games` (public): the child's games with live links. */
export const familyGamesSchema = z.object({
  language: z.enum(LANGUAGES),
  games: z.array(familyGameSchema),
});
export type FamilyGames = z.infer<typeof familyGamesSchema>;
