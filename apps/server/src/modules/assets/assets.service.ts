import {
  API,
  API_BASE,
  ASSET_MAX_BYTES,
  ASSET_TYPES,
  assetFileKind,
  type Asset,
  type AssetFile,
  type AssetFileKind,
  type AssetsQuery,
  type AssetType,
  type AssetUpdate,
  type AssetUploadBody,
  type Language,
  type MediaUploadBody,
} from '@logoschool/contract';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { assetFiles, assets, themeAssets, type AssetFileRow, type AssetRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { detectFileType, type FileType } from '../../files/file-type.ts';
import type { FileStore } from '../../files/files.ts';
import { megabytes, uploadsOf, type Upload } from '../../files/multipart.ts';

/** The folder of asset files in the file store. */
export const ASSET_FILES = 'assets';

/** Longest `original_name` kept. */
const ORIGINAL_NAME_MAX = 200;

/** Where a file is downloaded (with the bearer token). */
export const assetFileUrl = (fileId: number) => `${API_BASE}${API.fileDownload}/${fileId}`;

function toAssetFile(row: AssetFileRow): AssetFile {
  return {
    id: row.id,
    kind: row.kind as AssetFileKind,
    file_url: assetFileUrl(row.id),
    mime: row.mime,
    size: row.size,
    original_name: row.originalName,
  };
}

function toAsset(row: AssetRow, files: readonly AssetFileRow[]): Asset {
  return {
    id: row.id,
    type: row.type as AssetType,
    name: row.name,
    files: files.map(toAssetFile),
    created_at: row.createdAt.toISOString(),
  };
}

/** The files of some assets, oldest first, by asset id. */
async function filesByAsset(tx: Tx, assetIds: readonly number[]): Promise<Map<number, AssetFileRow[]>> {
  const byAsset = new Map<number, AssetFileRow[]>(assetIds.map((id) => [id, []]));
  if (assetIds.length === 0) return byAsset;
  const rows = await tx
    .select()
    .from(assetFiles)
    .where(inArray(assetFiles.assetId, [...assetIds]))
    .orderBy(asc(assetFiles.id));
  for (const row of rows) byAsset.get(row.assetId)?.push(row);
  return byAsset;
}

const typeRank = (type: string) => ASSET_TYPES.indexOf(type as AssetType);

/** Assets in the library's order: by type (as ASSET_TYPES lists them), then name, then id. */
const byTypeThenName = (a: AssetRow, b: AssetRow) =>
  typeRank(a.type) - typeRank(b.type) ||
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
  a.id - b.id;

async function withFiles(tx: Tx, rows: AssetRow[]): Promise<Asset[]> {
  const files = await filesByAsset(
    tx,
    rows.map((row) => row.id),
  );
  return [...rows].sort(byTypeThenName).map((row) => toAsset(row, files.get(row.id) ?? []));
}

/** The library's assets, by type then name; `type` and `term` (part of the name, any case) narrow it. */
export async function listAssets(db: Tx, query: AssetsQuery): Promise<Asset[]> {
  const filters: SQL[] = [];
  if (query.type) filters.push(eq(assets.type, query.type));
  // strpos, not LIKE: the term is plain text, its % and _ match only themselves.
  if (query.term) filters.push(sql`strpos(lower(${assets.name}), lower(${query.term})) > 0`);
  const rows = await db
    .select()
    .from(assets)
    .where(and(...filters));
  return withFiles(db, rows);
}

/** Some assets of the library with their files, by type then name; unknown ids are left out. */
export async function assetsByIds(db: Tx, ids: readonly number[]): Promise<Asset[]> {
  if (ids.length === 0) return [];
  return withFiles(
    db,
    await db
      .select()
      .from(assets)
      .where(inArray(assets.id, [...ids])),
  );
}

/** One asset with its files; 404 when there is none. */
export async function getAsset(db: Tx, id: number): Promise<Asset> {
  const [asset] = await assetsByIds(db, [id]);
  if (!asset) throw notFound();
  return asset;
}

/** The asset, locked against a concurrent change of its files or its deletion; 404 when there is none. */
async function lockedAsset(tx: Tx, id: number): Promise<AssetRow> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** An upload whose bytes were recognised as the kind of file an asset takes. */
interface CheckedUpload {
  upload: Upload;
  type: FileType;
}

/** The uploader's file name without folders or control characters, ending in the real type's extension. */
function originalName(filename: string, type: FileType): string {
  const base = (filename.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base) || 'file';
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const same = extension === type.ext || (type.ext === 'jpg' && extension === 'jpeg');
  const name = same ? base : `${stem}.${type.ext}`;
  return name.length <= ORIGINAL_NAME_MAX ? name : `${stem.slice(0, ORIGINAL_NAME_MAX - 6)}.${type.ext}`;
}

/**
 * Checks an upload by its bytes for an asset that takes `kind` files: 415 for bytes of no known
 * type (whatever its name or declared type), 422 for the other kind, 413 over the kind's size limit.
 */
async function checkUpload(upload: Upload, kind: AssetFileKind, lang: Language): Promise<CheckedUpload> {
  const type = await detectFileType(upload.content);
  if (!type) {
    throw new AppError(
      'unsupported_media_type',
      { type: upload.filename.slice(0, ORIGINAL_NAME_MAX) || '?' },
      { file: [fieldMessage(lang, 'fileTypeUnknown')] },
    );
  }
  if (type.kind !== kind) {
    const message = fieldMessage(lang, kind === 'image' ? 'fileNotImage' : 'fileNotSound');
    throw new AppError('validation_failed', {}, { file: [message] });
  }
  if (upload.content.length > ASSET_MAX_BYTES[kind]) {
    throw new AppError('payload_too_large', { limit: megabytes(ASSET_MAX_BYTES[kind]) });
  }
  return { upload, type };
}

/** The uploads of a form's `file` field, each checked; 422 when the field holds text, not files. */
async function checkedUploads(value: unknown, kind: AssetFileKind, lang: Language): Promise<CheckedUpload[]> {
  const uploads = uploadsOf(value);
  if (!uploads) throw new AppError('validation_failed', {}, { file: [fieldMessage(lang, 'required')] });
  // One after another: the first upload that fails is the one the answer names.
  const checked: CheckedUpload[] = [];
  for (const upload of uploads) checked.push(await checkUpload(upload, kind, lang));
  return checked;
}

/**
 * Saves checked uploads in the file store under new random names, then runs `write` with their rows'
 * values; when `write` fails, the saved files are removed again.
 */
async function storeThen<T>(
  files: FileStore,
  checked: readonly CheckedUpload[],
  write: (values: Omit<typeof assetFiles.$inferInsert, 'assetId'>[]) => Promise<T>,
): Promise<T> {
  const saved: string[] = [];
  try {
    for (const { upload, type } of checked)
      saved.push(await files.save(ASSET_FILES, upload.content, type.ext));
    return await write(
      checked.map(({ upload, type }, index) => ({
        kind: type.kind,
        storedName: saved[index] as string,
        mime: type.mime,
        size: upload.content.length,
        originalName: originalName(upload.filename, type),
      })),
    );
  } catch (error) {
    await Promise.all(saved.map((name) => files.remove(ASSET_FILES, name)));
    throw error;
  }
}

/** A new asset of the library with its first files (spec §5: the name is required). */
export async function createAsset(db: Db, files: FileStore, body: AssetUploadBody, lang: Language) {
  const checked = await checkedUploads(body.file, assetFileKind(body.type), lang);
  const id = await storeThen(files, checked, (values) =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(assets).values({ type: body.type, name: body.name }).returning();
      if (!row) throw new Error('insert returned no row');
      await tx.insert(assetFiles).values(values.map((value) => ({ ...value, assetId: row.id })));
      return row.id;
    }),
  );
  return getAsset(db, id);
}

/**
 * Renames an asset and/or changes its type; 404 when there is none. The type must take the kind of
 * files the asset has (422 on `type`): an image asset cannot become a sound, nor the reverse.
 */
export async function updateAsset(db: Db, id: number, input: AssetUpdate, lang: Language): Promise<Asset> {
  await db.transaction(async (tx) => {
    const row = await lockedAsset(tx, id);
    const kind = assetFileKind(row.type as AssetType);
    if (input.type && assetFileKind(input.type) !== kind) {
      const message = fieldMessage(lang, kind === 'image' ? 'assetFilesAreImages' : 'assetFilesAreSounds');
      throw new AppError('validation_failed', {}, { type: [message] });
    }
    await tx
      .update(assets)
      .set({ name: input.name ?? row.name, type: input.type ?? row.type, updatedAt: new Date() })
      .where(eq(assets.id, id));
  });
  return getAsset(db, id);
}

/** How many themes an asset is attached to. */
export async function assetUsage(tx: Tx, id: number): Promise<number> {
  const [row] = await tx.select({ count: count() }).from(themeAssets).where(eq(themeAssets.assetId, id));
  return row?.count ?? 0;
}

/**
 * Deletes an asset and its files: 404 when there is none, 409 `asset_in_use` while a theme has it
 * (detaching is the moderator's choice, not a side effect of cleaning the library).
 */
export async function deleteAsset(db: Db, files: FileStore, id: number): Promise<void> {
  const stored = await db.transaction(async (tx) => {
    await lockedAsset(tx, id);
    const themes = await assetUsage(tx, id);
    if (themes > 0) throw new AppError('asset_in_use', { count: themes });
    const removed = await tx
      .delete(assetFiles)
      .where(eq(assetFiles.assetId, id))
      .returning({ name: assetFiles.storedName });
    await tx.delete(assets).where(eq(assets.id, id));
    return removed.map((file) => file.name);
  });
  // After the commit: a failed transaction must not lose files that rows still name.
  await Promise.all(stored.map((name) => files.remove(ASSET_FILES, name)));
}

/** Adds one file to an asset (`POST /medias`): 404 for no such asset; the file is checked as on create. */
export async function addAssetFile(db: Db, files: FileStore, body: MediaUploadBody, lang: Language) {
  const [current] = await db.select().from(assets).where(eq(assets.id, body.asset_id));
  if (!current) throw notFound();
  const checked = await checkedUploads(body.file, assetFileKind(current.type as AssetType), lang);
  if (checked.length !== 1) {
    throw new AppError('validation_failed', {}, { file: [fieldMessage(lang, 'tooManyItems', { count: 1 })] });
  }
  await storeThen(files, checked, (values) =>
    db.transaction(async (tx) => {
      // Locked and read again: the type may have changed while the file was being saved.
      const row = await lockedAsset(tx, body.asset_id);
      if (assetFileKind(row.type as AssetType) !== values[0]?.kind) {
        const message = fieldMessage(lang, row.type === 'sound' ? 'fileNotSound' : 'fileNotImage');
        throw new AppError('validation_failed', {}, { file: [message] });
      }
      await tx.insert(assetFiles).values(values.map((value) => ({ ...value, assetId: row.id })));
      await tx.update(assets).set({ updatedAt: new Date() }).where(eq(assets.id, row.id));
    }),
  );
  return getAsset(db, body.asset_id);
}

/**
 * Removes one file of an asset (`DELETE /medias/:id`) and answers the asset: 404 when there is no
 * such file, 409 `asset_last_file` for its only file (an asset shows at least one).
 */
export async function removeAssetFile(db: Db, store: FileStore, fileId: number): Promise<Asset> {
  const [file] = await db.select().from(assetFiles).where(eq(assetFiles.id, fileId));
  if (!file) throw notFound();
  const removed = await db.transaction(async (tx) => {
    await lockedAsset(tx, file.assetId);
    const [files] = await tx
      .select({ count: count() })
      .from(assetFiles)
      .where(eq(assetFiles.assetId, file.assetId));
    const [row] = await tx.delete(assetFiles).where(eq(assetFiles.id, fileId)).returning();
    // Gone meanwhile: as unknown as a wrong id. The last file stays (the delete is rolled back).
    if (!row) throw notFound();
    if ((files?.count ?? 0) <= 1) throw new AppError('asset_last_file');
    await tx.update(assets).set({ updatedAt: new Date() }).where(eq(assets.id, file.assetId));
    return row;
  });
  await store.remove(ASSET_FILES, removed.storedName);
  return getAsset(db, removed.assetId);
}

/** A file to download; 404 when there is none. */
export async function assetFileRow(db: Tx, fileId: number): Promise<AssetFileRow> {
  const [row] = await db.select().from(assetFiles).where(eq(assetFiles.id, fileId));
  if (!row) throw notFound();
  return row;
}
