/**
 * The images and sounds of a project's stories: uploaded, or copied from a file of an asset one of
 * the project's themes holds. A file is judged by its bytes alone, as the asset library judges its
 * own (`detectFileType`): unknown bytes 415, over the kind's size limit 413.
 */
import {
  ASSET_MAX_BYTES,
  storyFileUrl,
  type Language,
  type StoryFile,
  type StoryFileKind,
} from '@logoschool/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { assetFiles, themeAssets, themes } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { detectFileType } from '../../files/file-type.ts';
import type { FileStore } from '../../files/files.ts';
import { megabytes, uploadsOf } from '../../files/multipart.ts';
import { ASSET_FILES } from '../assets/index.ts';
import { storyFiles, type StoryFileRow } from './stories.schema.ts';

/** The folder of story files in the file store. */
export const STORY_FILES = 'stories';

/** Longest `original_name` kept. */
const ORIGINAL_NAME_MAX = 200;

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

/** Stores checked bytes and writes their row; the stored copy goes again when the row cannot be written. */
async function store(
  db: Db,
  files: FileStore,
  caller: ProjectActor,
  content: Buffer,
  name: string,
  lang: Language,
): Promise<StoryFile> {
  const type = await detectFileType(content);
  if (!type) {
    throw new AppError(
      'unsupported_media_type',
      { type: name.slice(0, ORIGINAL_NAME_MAX) || '?' },
      { file: [fieldMessage(lang, 'fileTypeUnknown')] },
    );
  }
  if (content.length > ASSET_MAX_BYTES[type.kind]) {
    throw new AppError('payload_too_large', {
      limit: megabytes(ASSET_MAX_BYTES[type.kind]),
    });
  }
  const stored = await files.save(STORY_FILES, content, type.ext);
  try {
    const [row] = await db
      .insert(storyFiles)
      .values({
        workspaceId: caller.workspaceId,
        kind: type.kind,
        storedName: stored,
        mime: type.mime,
        size: content.length,
        originalName: name.slice(0, ORIGINAL_NAME_MAX) || `file.${type.ext}`,
        uploadedBy: caller.userId,
      })
      .returning();
    if (!row) throw new Error('the story file was not written');
    return toStoryFile(row);
  } catch (error) {
    await files.remove(STORY_FILES, stored);
    throw error;
  }
}

/** `POST /histories/files`: one uploaded image or sound; 422 when `file` is no single file. */
export async function uploadStoryFile(
  db: Db,
  files: FileStore,
  caller: ProjectActor,
  body: { file?: unknown },
): Promise<StoryFile> {
  const uploads = uploadsOf(body.file);
  if (!uploads || uploads.length !== 1) {
    throw new AppError('validation_failed', {}, { file: [fieldMessage(caller.lang, 'required')] });
  }
  const [upload] = uploads as [(typeof uploads)[number]];
  return store(db, files, caller, upload.content, upload.filename, caller.lang);
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
  const read = await files.read(ASSET_FILES, found.file.storedName);
  if (!read) throw notFound();
  return store(db, files, caller, read.content, found.file.originalName, caller.lang);
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
