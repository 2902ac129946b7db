import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, id, timestamps } from './shared-columns.ts';
import { assets } from './assets.ts';
import { workspaceRef } from './workspaces.ts';

/**
 * An interest (theme) of a project, its owner (spec §3 Interest/theme). The API's `genders` are the
 * two flags (at least one set); names are unique in the owner project whatever their case.
 */
export const themes = pgTable(
  'themes',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    forBoy: boolean('for_boy').notNull(),
    forGirl: boolean('for_girl').notNull(),
    ageFrom: smallint('age_from').notNull(),
    ageTo: smallint('age_to').notNull(),
    type: text('type').notNull(),
    ready: boolean('ready').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('themes_workspace_name_unique').on(table.workspaceId, sql`lower(${table.name})`),
    check('themes_gender_check', sql`${table.forBoy} or ${table.forGirl}`),
    check('themes_age_check', sql`0 <= ${table.ageFrom} and ${table.ageFrom} <= ${table.ageTo}`),
    check('themes_type_check', sql`${table.type} in ('general', 'custom')`),
  ],
);

export type ThemeRow = typeof themes.$inferSelect;

/** The other projects a theme is shared with, where it is read-only. */
export const themeShares = pgTable(
  'theme_shares',
  {
    themeId: belongsTo('theme_id', () => themes.id, 'cascade'),
    workspaceId: workspaceRef(),
  },
  (table) => [
    primaryKey({ columns: [table.themeId, table.workspaceId] }),
    index('theme_shares_workspace_idx').on(table.workspaceId),
  ],
);

/**
 * The library assets attached to a theme. An attached asset cannot be deleted (the API answers 409
 * `asset_in_use`; the foreign key is the last guard).
 */
export const themeAssets = pgTable(
  'theme_assets',
  {
    themeId: belongsTo('theme_id', () => themes.id, 'cascade'),
    assetId: belongsTo('asset_id', () => assets.id, 'restrict'),
  },
  (table) => [
    primaryKey({ columns: [table.themeId, table.assetId] }),
    index('theme_assets_asset_idx').on(table.assetId),
  ],
);
