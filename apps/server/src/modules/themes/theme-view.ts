/**
 * The presenter of themes: rows with their owner's title, their shares and their attached assets,
 * turned into the contract's `Theme`.
 */
import {
  ASSET_TYPES,
  THEME_GENDERS,
  visibleShares,
  type AssetType,
  type RoleSubject,
  type Theme,
  type ThemeAssetRef,
  type ThemeGender,
  type ThemeType,
} from '@logoschool/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  assetFiles,
  assets,
  themeAssets,
  themeShares,
  workspaces,
  type ThemeRow,
} from '../../db/schema/index.ts';
import { assetFileUrl } from '../assets/index.ts';

const gendersOf = (row: ThemeRow): ThemeGender[] =>
  THEME_GENDERS.filter((gender) => (gender === 'boy' ? row.forBoy : row.forGirl));

/** What a theme's view needs besides its row: owner titles, shares and attached assets, by theme. */
interface ThemeRelations {
  titles: Map<number, string>;
  shares: Map<number, number[]>;
  assets: Map<number, ThemeAssetRef[]>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => map.set(key, [...(map.get(key) ?? []), value]);

const typeRank = (type: string) => ASSET_TYPES.indexOf(type as AssetType);

/** The attached assets of some themes, by type (ASSET_TYPES order) then name, each with its first file. */
async function attachedAssets(tx: Tx, themeIds: number[]): Promise<Map<number, ThemeAssetRef[]>> {
  const byTheme = new Map<number, ThemeAssetRef[]>();
  const rows = await tx
    .select({ themeId: themeAssets.themeId, id: assets.id, type: assets.type, name: assets.name })
    .from(themeAssets)
    .innerJoin(assets, eq(assets.id, themeAssets.assetId))
    .where(inArray(themeAssets.themeId, themeIds))
    .orderBy(asc(sql`lower(${assets.name})`), asc(assets.id));
  const assetIds = [...new Set(rows.map((row) => row.id))];
  const firstFiles =
    assetIds.length === 0
      ? []
      : await tx
          .selectDistinctOn([assetFiles.assetId], { assetId: assetFiles.assetId, id: assetFiles.id })
          .from(assetFiles)
          .where(inArray(assetFiles.assetId, assetIds))
          .orderBy(asc(assetFiles.assetId), asc(assetFiles.id));
  const firstFile = new Map(firstFiles.map((file) => [file.assetId, file.id]));
  const sorted = [...rows].sort((a, b) => typeRank(a.type) - typeRank(b.type));
  for (const row of sorted) {
    const fileId = firstFile.get(row.id);
    push(byTheme, row.themeId, {
      id: row.id,
      type: row.type as AssetType,
      name: row.name,
      file_url: fileId === undefined ? null : assetFileUrl(fileId),
    });
  }
  return byTheme;
}

async function relationsOf(tx: Tx, rows: readonly ThemeRow[]): Promise<ThemeRelations> {
  const themeIds = rows.map((row) => row.id);
  const ownerIds = [...new Set(rows.map((row) => row.workspaceId))];
  if (themeIds.length === 0) return { titles: new Map(), shares: new Map(), assets: new Map() };
  const owners = await tx
    .select({ id: workspaces.id, title: workspaces.title })
    .from(workspaces)
    .where(inArray(workspaces.id, ownerIds));
  const shareRows = await tx
    .select()
    .from(themeShares)
    .where(inArray(themeShares.themeId, themeIds))
    .orderBy(asc(themeShares.workspaceId));
  const attached = await attachedAssets(tx, themeIds);
  const shares = new Map<number, number[]>();
  for (const share of shareRows) push(shares, share.themeId, share.workspaceId);
  return { titles: new Map(owners.map((owner) => [owner.id, owner.title])), shares, assets: attached };
}

function toTheme(row: ThemeRow, relations: ThemeRelations, viewer: RoleSubject): Theme {
  return {
    id: row.id,
    name: row.name,
    genders: gendersOf(row),
    age_from: row.ageFrom,
    age_to: row.ageTo,
    type: row.type as ThemeType,
    ready: row.ready,
    workspace_id: row.workspaceId,
    workspace_title: relations.titles.get(row.workspaceId) ?? '',
    shared_workspace_ids: visibleShares(viewer, relations.shares.get(row.id) ?? []),
    assets: relations.assets.get(row.id) ?? [],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The views of some themes, their relations read in one query each. */
export async function toThemes(tx: Tx, rows: ThemeRow[], viewer: RoleSubject): Promise<Theme[]> {
  const relations = await relationsOf(tx, rows);
  return rows.map((row) => toTheme(row, relations, viewer));
}
