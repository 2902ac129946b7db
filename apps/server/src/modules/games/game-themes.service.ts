/**
 * Game themes (issue 31): a project's background, props and characters for its games, chosen from
 * the asset library by type. A theme a game uses (its working copy or any published version) is not
 * deleted.
 */
import type { GameTheme, GameThemeAsset, gameThemeInput } from '@logoschool/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { assetFiles, assets } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { gameThemeAssets, gameThemes, gameVersions, games, type GameThemeRow } from './games.schema.ts';

type ThemeParsed = z.output<typeof gameThemeInput>;

/** A theme's asset roles and the library type each takes. */
const ROLES = [
  ['background', 'game_background', 'gameAssetNotBackground'],
  ['prop', 'game_prop', 'gameAssetNotProp'],
  ['character', 'character', 'gameAssetNotCharacter'],
] as const;
export type ThemeRole = (typeof ROLES)[number][0];

/** A theme's assets in order, each with its name and first image file, by role. */
export async function themeAssetsOf(
  db: Tx,
  themeIds: readonly number[],
): Promise<Map<number, Record<ThemeRole, GameThemeAsset[]>>> {
  const byTheme = new Map<number, Record<ThemeRole, GameThemeAsset[]>>();
  for (const id of themeIds) byTheme.set(id, { background: [], prop: [], character: [] });
  if (themeIds.length === 0) return byTheme;
  const rows = await db
    .select({
      themeId: gameThemeAssets.themeId,
      role: gameThemeAssets.role,
      assetId: assets.id,
      name: assets.name,
      fileId: sql<
        number | null
      >`(select min(${assetFiles.id}) from ${assetFiles} where ${assetFiles.assetId} = ${assets.id} and ${assetFiles.kind} = 'image')`,
    })
    .from(gameThemeAssets)
    .innerJoin(assets, eq(assets.id, gameThemeAssets.assetId))
    .where(inArray(gameThemeAssets.themeId, [...themeIds]))
    .orderBy(asc(gameThemeAssets.position));
  for (const row of rows) {
    byTheme.get(row.themeId)?.[row.role as ThemeRole].push({
      asset_id: row.assetId,
      name: row.name,
      file_id: row.fileId,
    });
  }
  return byTheme;
}

/** How many of the project's games use each theme (working copies and published versions). */
async function usageOf(db: Tx, themeIds: readonly number[]): Promise<Map<number, number>> {
  if (themeIds.length === 0) return new Map();
  const rows = await db
    .select({ themeId: gameThemes.id, games: sql<number>`count(distinct ${games.id})::int` })
    .from(gameThemes)
    .innerJoin(
      games,
      or(
        eq(games.themeId, gameThemes.id),
        sql`exists (select 1 from ${gameVersions} where ${gameVersions.gameId} = ${games.id} and (${gameVersions.content}->>'theme_id')::int = ${gameThemes.id})`,
      ),
    )
    .where(inArray(gameThemes.id, [...themeIds]))
    .groupBy(gameThemes.id);
  return new Map(rows.map((row) => [row.themeId, row.games]));
}

async function viewsOf(db: Tx, rows: readonly GameThemeRow[]): Promise<GameTheme[]> {
  const ids = rows.map((row) => row.id);
  // One after the other: inside a transaction the queries share one connection.
  const assetsBy = await themeAssetsOf(db, ids);
  const usage = await usageOf(db, ids);
  return rows.map((row) => {
    const held = assetsBy.get(row.id) ?? { background: [], prop: [], character: [] };
    return {
      id: row.id,
      title: row.title,
      background: held.background[0] ?? null,
      props: held.prop,
      characters: held.character,
      games: usage.get(row.id) ?? 0,
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

/** A theme of the project, locked when asked; 404 otherwise. */
async function themeRow(db: Tx, caller: ProjectActor, id: number, lock = false): Promise<GameThemeRow> {
  const query = db
    .select()
    .from(gameThemes)
    .where(and(eq(gameThemes.workspaceId, caller.workspaceId), eq(gameThemes.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * What the schema cannot see: each asset exists in the library and is of its role's type, and no
 * asset is chosen twice. A 422 naming every field at fault.
 */
async function assertAssets(db: Tx, caller: ProjectActor, input: ThemeParsed): Promise<void> {
  const chosen: (readonly [field: string, id: number, role: (typeof ROLES)[number]])[] = [
    ['background_asset_id', input.background_asset_id, ROLES[0]] as const,
    ...input.prop_asset_ids.map((id, i) => [`prop_asset_ids.${i}`, id, ROLES[1]] as const),
    ...input.character_asset_ids.map((id, i) => [`character_asset_ids.${i}`, id, ROLES[2]] as const),
  ];
  const ids = [...new Set(chosen.map(([, id]) => id))];
  const found = await db
    .select({ id: assets.id, type: assets.type })
    .from(assets)
    .where(inArray(assets.id, ids));
  const types = new Map(found.map((row) => [row.id, row.type]));
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  for (const [field, id, [, type, wrong]] of chosen) {
    const at = types.get(id);
    const message =
      at === undefined
        ? 'gameAssetNotFound'
        : at !== type
          ? wrong
          : seen.has(id)
            ? 'gameAssetRepeated'
            : null;
    if (message) (errors[field] ??= []).push(fieldMessage(caller.lang, message));
    seen.add(id);
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', {}, errors);
}

async function writeAssets(tx: Tx, themeId: number, input: ThemeParsed): Promise<void> {
  await tx.delete(gameThemeAssets).where(eq(gameThemeAssets.themeId, themeId));
  const rows = [
    { assetId: input.background_asset_id, role: 'background' },
    ...input.prop_asset_ids.map((assetId) => ({ assetId, role: 'prop' })),
    ...input.character_asset_ids.map((assetId) => ({ assetId, role: 'character' })),
  ];
  await tx.insert(gameThemeAssets).values(rows.map((row, position) => ({ themeId, position, ...row })));
}

/** `GET /game-themes`: the project's themes in title order. */
export async function listGameThemes(db: Db, caller: ProjectActor): Promise<GameTheme[]> {
  const rows = await db
    .select()
    .from(gameThemes)
    .where(eq(gameThemes.workspaceId, caller.workspaceId))
    .orderBy(asc(gameThemes.title), asc(gameThemes.id));
  return viewsOf(db, rows);
}

/** `GET /game-themes/:themeId`. */
export async function getGameTheme(db: Db, caller: ProjectActor, id: number): Promise<GameTheme> {
  const [view] = await viewsOf(db, [await themeRow(db, caller, id)]);
  if (!view) throw notFound();
  return view;
}

/** `POST /game-themes`. */
export async function createGameTheme(db: Db, caller: ProjectActor, input: ThemeParsed): Promise<GameTheme> {
  return db.transaction(async (tx) => {
    await assertAssets(tx, caller, input);
    const [row] = await tx
      .insert(gameThemes)
      .values({ workspaceId: caller.workspaceId, title: input.title })
      .returning();
    if (!row) throw new Error('the game theme was not written');
    await writeAssets(tx, row.id, input);
    const [view] = await viewsOf(tx, [row]);
    if (!view) throw notFound();
    return view;
  });
}

/** `PUT /game-themes/:themeId`: its title and assets, all replaced. */
export async function updateGameTheme(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: ThemeParsed,
): Promise<GameTheme> {
  return db.transaction(async (tx) => {
    await themeRow(tx, caller, id, true);
    await assertAssets(tx, caller, input);
    const [row] = await tx
      .update(gameThemes)
      .set({ title: input.title, updatedAt: new Date() })
      .where(eq(gameThemes.id, id))
      .returning();
    if (!row) throw notFound();
    await writeAssets(tx, id, input);
    const [view] = await viewsOf(tx, [row]);
    if (!view) throw notFound();
    return view;
  });
}

/** `DELETE /game-themes/:themeId`: 409 while a game (its working copy or a version) uses it. */
export async function deleteGameTheme(db: Db, caller: ProjectActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await themeRow(tx, caller, id, true);
    const used = (await usageOf(tx, [id])).get(id) ?? 0;
    if (used > 0) throw new AppError('conflict', { count: used }).saying('gameThemeInUse');
    await tx.delete(gameThemes).where(eq(gameThemes.id, id));
  });
}

/**
 * Whether a theme is the project's (for a game's `theme_id`), its row share-locked for the
 * transaction: a delete of it at the same time waits, then finds the game that uses it.
 */
export async function themeInProject(db: Tx, workspaceId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: gameThemes.id })
    .from(gameThemes)
    .where(and(eq(gameThemes.workspaceId, workspaceId), eq(gameThemes.id, id)))
    .for('share');
  return rows.length > 0;
}
