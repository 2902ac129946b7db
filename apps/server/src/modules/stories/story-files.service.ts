/**
 * The images and sounds of a project's stories: uploaded, or copied from a file of an asset one of
 * the project's themes holds. A file is judged by its bytes alone (`files/area-files.ts`): unknown
 * bytes 415, over the kind's size limit 413.
 */
import { storyFileUrl, type StoryFile, type StoryFileKind } from '@logoschool/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { assetFiles, themeAssets, themes } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { copyAssetFile, storeUpload, type AreaFiles } from '../../files/area-files.ts';
import type { FileStore } from '../../files/files.ts';
import { ASSET_FILES } from '../assets/index.ts';
import { storyFiles, type StoryFileRow } from './stories.schema.ts';

/** The folder of story files in the file store. */
export const STORY_FILES = 'stories';

export function toStoryFile(row: StoryFileRow): StoryFile {
  return {
    id: row.id,
    kind: row.kind as StoryFileKind,
    mime: row.mime,
    size: row.size,
    original_name: row.originalName,
    file_url: storyFileUrl(row.workspaceId, row.id),
  };
}

/** The project's story files as the shared store writes them (`files/area-files.ts`). */
const storyFilesOf = (db: Db, caller: ProjectActor): AreaFiles<StoryFile> => ({
  folder: STORY_FILES,
  insert: async (file) => {
    const [row] = await db
      .insert(storyFiles)
      .values({ workspaceId: caller.workspaceId, uploadedBy: caller.userId, ...file })
      .returning();
    if (!row) throw new Error('the story file was not written');
    return toStoryFile(row);
  },
});

/** `POST /histories/files`: one uploaded image or sound; 422 when `file` is no single file. */
export async function uploadStoryFile(
  db: Db,
  files: FileStore,
  caller: ProjectActor,
  body: { file?: unknown },
): Promise<StoryFile> {
  return storeUpload(files, storyFilesOf(db, caller), body, caller.lang);
}

/**
 * `POST /histories/files/from-asset`: a copy of a file of an asset that one of the project's themes
 * holds (the asset library is shared; the project's own choice of it is its themes'). 404 for a file
 * no theme of the project holds.
 */
export async function storyFileFromAsset(
  db: Db,
  files: FileStore,
  caller: ProjectActor,
  assetFileId: number,
): Promise<StoryFile> {
  const [found] = await db
    .select({ file: assetFiles })
    .from(assetFiles)
    .innerJoin(themeAssets, eq(themeAssets.assetId, assetFiles.assetId))
    .innerJoin(themes, eq(themes.id, themeAssets.themeId))
    .where(and(eq(assetFiles.id, assetFileId), eq(themes.workspaceId, caller.workspaceId)))
    .limit(1);
  if (!found) throw notFound();
  return copyAssetFile(files, storyFilesOf(db, caller), ASSET_FILES, found.file, caller.lang);
}

/** A story file of the project; 404 for another project's or none. */
export async function storyFileRow(db: Tx, workspaceId: number, fileId: number): Promise<StoryFileRow> {
  const [row] = await db
    .select()
    .from(storyFiles)
    .where(and(eq(storyFiles.workspaceId, workspaceId), eq(storyFiles.id, fileId)));
  if (!row) throw notFound();
  return row;
}

/** The kinds of the project's story files among `ids`, by id (another project's are absent). */
export async function storyFileKinds(
  db: Tx,
  workspaceId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: storyFiles.id, kind: storyFiles.kind })
    .from(storyFiles)
    .where(and(eq(storyFiles.workspaceId, workspaceId), inArray(storyFiles.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.kind]));
}
