/**
 * Games' tables (issue 31). A game theme is the project's choice of library assets: a background,
 * props and characters (`game_theme_assets`, in order). A game's working copy is JSON (contract
 * `GameContent`; its title, language, category and theme also in columns for lists and for "in
 * use"), its published versions whole in `game_versions` (decision 030). Its pictures and sounds are
 * the project's `game_files`, checked by their bytes and never deleted while the project lives.
 *
 * A teacher gives a published game to her student (`game_assignments`, one live per student and
 * game, by a partial unique index); its link is the public-link kit's (kind `game`). Each level
 * played is a row of `game_plays`, its `key` unique (a play sent twice is one row). The child's
 * bests are computed from the plays, which are never changed: a best cannot go down.
 */
import type { GameContent } from '@logoschool/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets } from '../../db/schema/assets.ts';
import { clients } from '../../db/schema/clients.ts';
import { publishedVersion } from '../../db/schema/published-versions.ts';
import { belongsTo, createdAt, id, timestamps } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

export const gameThemes = pgTable(
  'game_themes',
  {
    id: id(),
    workspaceId: workspaceRef(),
    title: text('title').notNull(),
    ...timestamps(),
  },
  (table) => [index('game_themes_workspace_idx').on(table.workspaceId, table.title)],
);
export type GameThemeRow = typeof gameThemes.$inferSelect;

/** A library asset in a game theme, as its background, a prop or a character, in order. */
export const gameThemeAssets = pgTable(
  'game_theme_assets',
  {
    themeId: belongsTo('theme_id', () => gameThemes.id, 'cascade'),
    // 'restrict': the library's delete of an asset a theme holds is refused (its own in-use check).
    assetId: belongsTo('asset_id', () => assets.id, 'restrict'),
    role: text('role').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.themeId, table.assetId] }),
    index('game_theme_assets_asset_idx').on(table.assetId),
    check('game_theme_assets_role_check', sql`${table.role} in ('background', 'prop', 'character')`),
  ],
);

export const games = pgTable(
  'games',
  {
    id: id(),
    workspaceId: workspaceRef(),
    writerId: belongsTo('writer_id', () => users.id, 'restrict'),
    status: text('status').notNull().default('draft'),
    title: text('title').notNull(),
    language: text('language').notNull(),
    categoryId: integer('category_id').notNull(),
    // 'no action': a theme a game's working copy uses is not deleted (the API refuses first).
    themeId: belongsTo('theme_id', () => gameThemes.id, 'no action'),
    content: jsonb('content').$type<GameContent>().notNull(),
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('games_workspace_idx').on(table.workspaceId, table.updatedAt),
    index('games_theme_idx').on(table.themeId),
    check('games_status_check', sql`${table.status} in ('draft', 'moderation', 'published')`),
    check('games_language_check', sql`${table.language} in ('uk', 'ru', 'en', 'pl')`),
  ],
);
export type GameRow = typeof games.$inferSelect;

/** A published version of a game, as it was published: children play the latest. Never changed after. */
export const gameVersions = pgTable(
  'game_versions',
  {
    id: id(),
    workspaceId: workspaceRef(),
    gameId: belongsTo('game_id', () => games.id, 'cascade'),
    ...publishedVersion<GameContent>(),
  },
  (table) => [uniqueIndex('game_versions_unique').on(table.gameId, table.version)],
);

/** An image or a sound of the project's games (what its bytes are, not what its name says). */
export const gameFiles = pgTable(
  'game_files',
  {
    id: id(),
    workspaceId: workspaceRef(),
    kind: text('kind').notNull(),
    storedName: text('stored_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    uploadedBy: belongsTo('uploaded_by', () => users.id, 'restrict'),
    createdAt: createdAt(),
  },
  (table) => [
    index('game_files_workspace_idx').on(table.workspaceId),
    uniqueIndex('game_files_stored_name_key').on(table.storedName),
    check('game_files_kind_check', sql`${table.kind} in ('image', 'sound')`),
  ],
);
export type GameFileRow = typeof gameFiles.$inferSelect;

/** A game given to one of the teacher's students; taken back: `withdrawn_at` (its plays stay). */
export const gameAssignments = pgTable(
  'game_assignments',
  {
    id: id(),
    workspaceId: workspaceRef(),
    // 'cascade': a game is deleted only while no student has it live (the API refuses otherwise).
    gameId: belongsTo('game_id', () => games.id, 'cascade'),
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    teacherId: belongsTo('teacher_id', () => users.id, 'restrict'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('game_assignments_live_unique')
      .on(table.clientId, table.gameId)
      .where(sql`${table.withdrawnAt} is null`),
    index('game_assignments_client_idx').on(table.workspaceId, table.clientId),
    index('game_assignments_game_idx').on(table.gameId),
  ],
);
export type GameAssignmentRow = typeof gameAssignments.$inferSelect;

/** One level played to its end, by the link of an assignment; the player's key makes it once. */
export const gamePlays = pgTable(
  'game_plays',
  {
    id: id(),
    workspaceId: workspaceRef(),
    assignmentId: belongsTo('assignment_id', () => gameAssignments.id, 'cascade'),
    /** The game and the student, from the assignment: progress is per student and game. */
    gameId: belongsTo('game_id', () => games.id, 'cascade'),
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    version: integer('version').notNull(),
    levelKey: uuid('level_key').notNull(),
    // 'set null': the library may lose the asset; the play keeps its numbers.
    characterAssetId: integer('character_asset_id').references(() => assets.id, { onDelete: 'set null' }),
    items: integer('items').notNull(),
    right: integer('right').notNull(),
    tries: integer('tries').notNull(),
    timeMs: integer('time_ms').notNull(),
    stars: integer('stars').notNull(),
    key: uuid('key').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_plays_key_unique').on(table.key),
    index('game_plays_client_game_idx').on(table.clientId, table.gameId, table.playedAt),
    check(
      'game_plays_numbers_check',
      sql`${table.right} >= 0 and ${table.right} <= ${table.items} and ${table.tries} >= ${table.items} and ${table.timeMs} >= 0 and ${table.stars} between 0 and 3`,
    ),
  ],
);
export type GamePlayRow = typeof gamePlays.$inferSelect;
