import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamps } from './shared-columns.ts';

/**
 * An asset of the shared library (spec §3 Asset): not tied to a project. `type` is one of the
 * contract's ASSET_TYPES; the check keeps a bad value out even if a caller skips the API.
 */
export const assets = pgTable(
  'assets',
  {
    id: id(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (table) => [
    index('assets_type_idx').on(table.type),
    check(
      'assets_type_check',
      sql`${table.type} in ('background', 'character', 'prop', 'sound', 'game_background', 'game_prop')`,
    ),
  ],
);

export type AssetRow = typeof assets.$inferSelect;

/**
 * A file of an asset. The bytes live in the file store (`DATA_DIR/files/assets/<stored_name>`) under
 * a random name; `mime` is the type found in the bytes, `original_name` only what the uploader called it.
 */
export const assetFiles = pgTable(
  'asset_files',
  {
    id: id(),
    assetId: belongsTo('asset_id', () => assets.id, 'cascade'),
    kind: text('kind').notNull(),
    storedName: text('stored_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('asset_files_asset_idx').on(table.assetId),
    uniqueIndex('asset_files_stored_name_key').on(table.storedName),
    check('asset_files_kind_check', sql`${table.kind} in ('image', 'sound')`),
  ],
);

export type AssetFileRow = typeof assetFiles.$inferSelect;
