/**
 * The pictures and sounds of a project's games: uploaded, or copied from any file of the asset
 * library (the library belongs to no project; stories copy only what the project's themes hold).
 * Judged by their bytes alone (`files/area-files.ts`): unknown bytes 415, over the kind's limit 413.
 */
import { ROLE, gameFileUrl, type GameFile, type GameFileKind } from '@logoschool/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { assetFiles } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { copyAssetFile, storeUpload, type AreaFiles } from '../../files/area-files.ts';
import type { FileStore } from '../../files/files.ts';
import { ASSET_FILES } from '../assets/index.ts';
import { gameFiles, type GameFileRow } from './games.schema.ts';

/** The folder of game files in the file store. */
export const GAME_FILES = 'games';

/** A game file as the API shows it, its address in the caller's role. */
export function toGameFile(row: GameFileRow, caller: ProjectActor): GameFile {
  return {
    id: row.id,
    kind: row.kind as GameFileKind,
    mime: row.mime,
    size: row.size,
    original_name: row.originalName,
    file_url: gameFileUrl(row.workspaceId, row.id, ROLE[caller.role]),
  };
}

const gameFilesOf = (db: Db, caller: ProjectActor): AreaFiles<GameFile> => ({
  folder: GAME_FILES,
  insert: async (file) => {
    const [row] = await db
      .insert(gameFiles)
      .values({ workspaceId: caller.workspaceId, uploadedBy: caller.userId, ...file })
      .returning();
    if (!row) throw new Error('the game file was not written');
    return toGameFile(row, caller);
  },
});

/** `POST /games/files`: one uploaded picture or sound; 422 when `file` is no single file. */
export const uploadGameFile = (db: Db, files: FileStore, caller: ProjectActor, body: { file?: unknown }) =>
  storeUpload(files, gameFilesOf(db, caller), body, caller.lang);

/** `POST /games/files/from-asset`: a copy of any library asset's file; 404 for none. */
export async function gameFileFromAsset(
  db: Db,
  files: FileStore,
  caller: ProjectActor,
  assetFileId: number,
): Promise<GameFile> {
  const [file] = await db.select().from(assetFiles).where(eq(assetFiles.id, assetFileId));
  if (!file) throw notFound();
  return copyAssetFile(files, gameFilesOf(db, caller), ASSET_FILES, file, caller.lang);
}

/** A game file of the project; 404 for another project's or none. */
export async function gameFileRow(db: Tx, workspaceId: number, fileId: number): Promise<GameFileRow> {
  const [row] = await db
    .select()
    .from(gameFiles)
    .where(and(eq(gameFiles.workspaceId, workspaceId), eq(gameFiles.id, fileId)));
  if (!row) throw notFound();
  return row;
}

/** The kinds of the project's game files among `ids`, by id (another project's are absent). */
export async function gameFileKinds(
  db: Tx,
  workspaceId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: gameFiles.id, kind: gameFiles.kind })
    .from(gameFiles)
    .where(and(eq(gameFiles.workspaceId, workspaceId), inArray(gameFiles.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.kind]));
}
