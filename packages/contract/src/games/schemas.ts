import { z } from 'zod';
import { actingAsQuery } from '../auth/schemas.ts';
import { bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import { API, API_BASE } from '../api/paths.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { DOCUMENT_STATUSES, DOCUMENT_STEPS } from '../versioning/document-status.ts';
import type { VersionSnapshot } from '../versioning/version-diff.ts';
import { versionsDiffQuery } from '../versioning/versions-api.ts';

/**
 * Games with characters and levels (issue 31; spec §1, §2 `/game/:gameID`, §3 Game, §7 `/game-*`).
 *
 * A moderator builds a game in a project: its title, the lesson language, the category (the sound)
 * it trains, a game theme, and levels in order, each of one stage of the therapy's hierarchy (the
 * sound alone → syllables → words → phrases → sentences; a level's stage is never below the one
 * before it). A level is a list of items: a picture, the word or phrase, an optional recorded sound,
 * and how it is played: **say** it (the child says the word, the adult beside taps "right" or "try
 * again") or **find** it (the word is shown and played, the child taps its picture among 2–4 of the
 * level's). Games are versioned documents (decision 030) that only moderators write: a draft is
 * published as the next version, and children play the latest version.
 *
 * A game theme (spec §3 Game: background, prop, character name) is the project's: a game background,
 * game props and the characters a child may choose, all from the asset library.
 *
 * A teacher gives a published game to one of her students: the assignment's link (the public-link
 * kit, decision 029) opens `/game/<token>` for the child, and the family's dashboard shows it. Each
 * level played is kept (`game/complete`, once per key), with the child's progress per game and per
 * sound; the teacher reads them on the student's page and the correction path.
 *
 * Every level and item carries a `key` (a uuid) that names it across edits and versions; a new one
 * comes without and the server gives it one. Pictures and sounds are the project's game files, each
 * judged by its bytes, uploaded or copied from a library asset.
 */

export const GAME_TITLE_MAX = 200;
export const GAME_TEXT_MAX = 2000;
export const GAME_WORD_MAX = 200;
export const GAME_LEVELS_MAX = 20;
export const GAME_ITEMS_MAX = 30;
export const GAME_PROPS_MAX = 12;
export const GAME_CHARACTERS_MAX = 8;
export { GAME_FIND_CHOICES_MAX, GAME_PLAY_TIME_MAX_MS } from './play-limits.ts';

/** The therapy's hierarchy, in order: the sound alone, then syllables, words, phrases, sentences. */
export const GAME_STAGES = ['sound', 'syllables', 'words', 'phrases', 'sentences'] as const;
export type GameStage = (typeof GAME_STAGES)[number];

/** How an item is played: the child says it, or finds its picture. */
export const GAME_MODES = ['say', 'find'] as const;
export type GameMode = (typeof GAME_MODES)[number];

export const GAME_STATUSES = DOCUMENT_STATUSES;
export type GameStatus = (typeof GAME_STATUSES)[number];

const key = z.uuid().optional();
const title = z.string().trim().min(1).max(GAME_TITLE_MAX);
const longText = z.string().trim().max(GAME_TEXT_MAX);

// ---------------------------------------------------------------------------------------------
// Game themes.

/** `POST /game-themes`, `PUT /game-themes/:themeId`: library assets of the right types (else 422). */
export const gameThemeInput = z.strictObject({
  title,
  /** An asset of type `game_background`. */
  background_asset_id: bodyId,
  /** Assets of type `game_prop`, none repeated. */
  prop_asset_ids: z.array(bodyId).max(GAME_PROPS_MAX).default([]),
  /** Assets of type `character`, none repeated: the child chooses one. */
  character_asset_ids: z.array(bodyId).min(1).max(GAME_CHARACTERS_MAX),
});
export type GameThemeInput = z.input<typeof gameThemeInput>;

/** An asset as a theme shows it: its name and its first image file. */
export const gameThemeAssetSchema = z.object({
  asset_id: z.number().int(),
  name: z.string(),
  /** The asset's image (`/file/download/:id`, with the bearer token). */
  file_id: z.number().int().nullable(),
});
export type GameThemeAsset = z.infer<typeof gameThemeAssetSchema>;

export const gameThemeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Null once the library's root deleted the asset: the theme needs another background. */
  background: gameThemeAssetSchema.nullable(),
  props: z.array(gameThemeAssetSchema),
  characters: z.array(gameThemeAssetSchema),
  /** How many of the project's games use it (a theme in use is not deleted: 409). */
  games: z.number().int(),
  updated_at: z.string(),
});
export type GameTheme = z.infer<typeof gameThemeSchema>;

export const gameThemeParams = z.object({ themeId: idParam });

// ---------------------------------------------------------------------------------------------
// Games.

export const gameItemInput = z.strictObject({
  key,
  word: z.string().trim().min(1).max(GAME_WORD_MAX),
  mode: z.enum(GAME_MODES),
  /** A game file of the project: an image. */
  picture_file_id: bodyId,
  /** A game file of the project: a sound (the word, recorded); null: none. */
  audio_file_id: bodyId.nullable().default(null),
});

export const gameLevelInput = z.strictObject({
  key,
  title,
  stage: z.enum(GAME_STAGES),
  items: z.array(gameItemInput).max(GAME_ITEMS_MAX),
});

/** `POST /games`, `PUT /games/:gameId`: the whole working copy. */
export const gameInput = z
  .strictObject({
    title,
    description: longText.default(''),
    language: z.enum(LANGUAGES),
    /** The project's category (the sound) it trains. */
    category_id: bodyId,
    theme_id: bodyId,
    levels: z.array(gameLevelInput).max(GAME_LEVELS_MAX).default([]),
  })
  .superRefine((game, context) => {
    game.levels.forEach((level, index) => {
      const before = game.levels[index - 1];
      if (before && GAME_STAGES.indexOf(level.stage) < GAME_STAGES.indexOf(before.stage)) {
        context.addIssue({ code: 'custom', path: ['levels', index, 'stage'], message: 'gameStageBackwards' });
      }
    });
  });
export type GameInput = z.input<typeof gameInput>;
type GameParsed = z.output<typeof gameInput>;

export const gameItemSchema = z.object({
  key: z.string(),
  word: z.string(),
  mode: z.enum(GAME_MODES),
  picture_file_id: z.number().int(),
  audio_file_id: z.number().int().nullable(),
});
export type GameItem = z.infer<typeof gameItemSchema>;

export const gameLevelSchema = z.object({
  key: z.string(),
  title: z.string(),
  stage: z.enum(GAME_STAGES),
  items: z.array(gameItemSchema),
});
export type GameLevel = z.infer<typeof gameLevelSchema>;

/** A game's content: the working copy, and each published version as it was. */
export const gameContentSchema = z.object({
  title: z.string(),
  description: z.string(),
  language: z.enum(LANGUAGES),
  category_id: z.number().int(),
  theme_id: z.number().int(),
  levels: z.array(gameLevelSchema),
});
export type GameContent = z.infer<typeof gameContentSchema>;

/** The content with every key given: the ones it came with, fresh ones for new levels and items. */
export function gameWithKeys(game: GameParsed, newKey: () => string): GameContent {
  const give = (value: string | undefined) => value ?? newKey();
  return {
    title: game.title,
    description: game.description,
    language: game.language,
    category_id: game.category_id,
    theme_id: game.theme_id,
    levels: game.levels.map((level) => ({
      key: give(level.key),
      title: level.title,
      stage: level.stage,
      items: level.items.map((item) => ({
        key: give(item.key),
        word: item.word,
        mode: item.mode,
        picture_file_id: item.picture_file_id,
        audio_file_id: item.audio_file_id,
      })),
    })),
  };
}

interface WithItems {
  levels: readonly {
    items: readonly { mode: GameMode; picture_file_id: number; audio_file_id: number | null }[];
  }[];
}

/** The game files a content names (pictures and sounds). */
export function gameFileIds(content: WithItems): number[] {
  const ids = content.levels.flatMap((level) =>
    level.items.flatMap((item) =>
      item.audio_file_id === null ? [item.picture_file_id] : [item.picture_file_id, item.audio_file_id],
    ),
  );
  return [...new Set(ids)];
}

/**
 * What keeps a game from being published, each as the path it is about: no level (`levels`), a level
 * without items (`levels.0.items`), a level with a find item but no other picture to find it among
 * (`levels.0.items.2.mode`).
 */
export function gameGaps(content: WithItems): string[] {
  if (content.levels.length === 0) return ['levels'];
  return content.levels.flatMap((level, l) => {
    if (level.items.length === 0) return [`levels.${l}.items`];
    const pictures = new Set(level.items.map((item) => item.picture_file_id));
    return pictures.size >= 2
      ? []
      : level.items.flatMap((item, i) => (item.mode === 'find' ? [`levels.${l}.items.${i}.mode`] : []));
  });
}

/** A game as a versioned document (decision 030): its own fields, its levels and their items by key. */
export function gameSnapshot(content: GameContent): VersionSnapshot {
  return {
    fields: {
      title: content.title,
      description: content.description,
      language: content.language,
      category: content.category_id,
      theme: content.theme_id,
    },
    items: content.levels.flatMap((level) => [
      {
        key: level.key,
        kind: 'level',
        label: level.title,
        parent: null,
        fields: { title: level.title, stage: level.stage },
      },
      ...level.items.map(({ key: itemKey, ...fields }) => ({
        key: itemKey,
        kind: 'item',
        label: fields.word,
        parent: level.key,
        fields: {
          word: fields.word,
          mode: fields.mode,
          picture: fields.picture_file_id,
          audio: fields.audio_file_id,
        },
      })),
    ]),
  };
}

/**
 * Where a game file of a project is read by the staff (with the bearer token, as every call), in the
 * role the reader acts as: the games' calls name it (`gameActingQuery`).
 */
export const gameFileUrl = (workspaceId: number, fileId: number, roleId: number) =>
  `${API_BASE}${API.games}/files/${fileId}?workspace_id=${workspaceId}&role_id=${roleId}`;

/** The project and role a games call acts in (in the query). */
export const gameActingQuery = actingAsQuery;

/** `GET /games`: a page of the games the role reads (teachers: published ones), the latest change first. */
export const gamesQuery = pageQuery.extend({
  ...gameActingQuery.shape,
  status: z.enum(GAME_STATUSES).optional(),
  language: z.enum(LANGUAGES).optional(),
  category_id: idParam.optional(),
  /** A case-insensitive part of the title. */
  term: z.string().trim().max(GAME_TITLE_MAX).optional(),
});
export type GamesQuery = z.infer<typeof gamesQuery>;

export const gameParams = z.object({ gameId: idParam });
export const gameFileParams = z.object({ fileId: idParam });

/** `GET /games/:gameId/versions/diff?from=&to=` (decision 030). */
export const gameVersionsDiffQuery = gameActingQuery.extend(versionsDiffQuery.shape);

const person = z.object({ id: z.number().int(), name: z.string() });

/** A game as the API shows it: moderators its working copy, teachers its latest version. */
export const gameSchema = gameContentSchema.extend({
  id: z.number().int(),
  status: z.enum(GAME_STATUSES),
  /** The latest published version's number; 0 before the first publication. */
  version: z.number().int(),
  writer: person,
  /** The category's name and the theme's title, for showing. */
  category_name: z.string(),
  theme_title: z.string(),
  /** The status steps the caller may take now. */
  steps: z.array(z.enum(DOCUMENT_STEPS)),
  editable: z.boolean(),
  /** How many students have it (for moderators; null for teachers): a game given is not deleted. */
  assignments: z.number().int().nullable(),
  updated_at: z.string(),
});
export type Game = z.infer<typeof gameSchema>;

export const gameListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  language: z.enum(LANGUAGES),
  category_id: z.number().int(),
  category_name: z.string(),
  theme_title: z.string(),
  status: z.enum(GAME_STATUSES),
  version: z.number().int(),
  levels: z.number().int(),
  items: z.number().int(),
  /** The modes its items are played in. */
  modes: z.array(z.enum(GAME_MODES)),
  /** The first item's picture, or null. */
  cover_file_id: z.number().int().nullable(),
  updated_at: z.string(),
});
export type GameListItem = z.infer<typeof gameListItemSchema>;

export const gamesPageEnvelope = pageEnvelope(gameListItemSchema).extend({
  counts: z.record(z.enum(GAME_STATUSES), z.number().int()),
});
export type GamesPage = z.infer<typeof gamesPageEnvelope>;

/** The kinds of a game file. */
export const GAME_FILE_KINDS = ['image', 'sound'] as const;
export type GameFileKind = (typeof GAME_FILE_KINDS)[number];

export const gameFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(GAME_FILE_KINDS),
  mime: z.string(),
  size: z.number().int(),
  original_name: z.string(),
  file_url: z.string(),
});
export type GameFile = z.infer<typeof gameFileSchema>;

/** `POST /games/files`: a form with one `file` (an image or a sound), judged by its bytes. */
export const gameUploadBody = z.object({ file: z.any() });

/** `POST /games/files/from-asset`: a library asset's file copied in as a game file. */
export const gameAssetFileInput = z.strictObject({ asset_file_id: bodyId });
