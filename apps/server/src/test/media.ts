import type { AssetType } from '@logoschool/contract';
import type { Db } from '../db/client.ts';
import { assetFiles, assets, themeAssets, themeShares } from '../db/schema/index.ts';
import { encodePng } from '../db/demo/encode.ts';
import { detectFileType } from '../files/file-type.ts';
import type { FileStore } from '../files/files.ts';
import { ASSET_FILES } from '../modules/assets/index.ts';
import { buildTheme } from './factories.ts';

let counter = 0;

/** A real 8×8 PNG of one colour: different colours, different bytes. */
export function solidPng(red: number, green: number, blue: number): Buffer {
  const pixels = new Uint8Array(8 * 8 * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([red, green, blue, 255], i);
  return encodePng(8, 8, pixels);
}

/** An asset of a test theme: its type and its file's bytes (none: an asset without a file). */
export interface TestAsset {
  type: AssetType;
  content?: Buffer;
}

/**
 * A theme of a project (ready, see `buildTheme`) with library assets, each with its file saved in
 * the file store, attached in the order given (so their ids grow in that order); `sharedWith` shares
 * it with other projects.
 */
export async function buildThemeWithAssets(
  db: Db,
  files: FileStore,
  workspaceId: number,
  items: readonly TestAsset[],
  sharedWith: readonly number[] = [],
) {
  counter += 1;
  const theme = await buildTheme(db, workspaceId);
  const assetIds: number[] = [];
  for (const [index, item] of items.entries()) {
    const [asset] = await db
      .insert(assets)
      .values({ type: item.type, name: `${item.type} ${counter}.${index + 1}` })
      .returning();
    if (!asset) throw new Error('insert returned no row');
    assetIds.push(asset.id);
    if (item.content) {
      const type = await detectFileType(item.content);
      if (!type) throw new Error('a test asset must be an image or a sound');
      const storedName = await files.save(ASSET_FILES, item.content, type.ext);
      await db.insert(assetFiles).values({
        assetId: asset.id,
        kind: type.kind,
        storedName,
        mime: type.mime,
        size: item.content.length,
        originalName: `asset-${index + 1}.${type.ext}`,
      });
    }
    await db.insert(themeAssets).values({ themeId: theme.id, assetId: asset.id });
  }
  if (sharedWith.length > 0) {
    await db.insert(themeShares).values(sharedWith.map((id) => ({ themeId: theme.id, workspaceId: id })));
  }
  return { theme, assetIds };
}
