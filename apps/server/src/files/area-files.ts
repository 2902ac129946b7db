/**
 * An area's own images and sounds (stories, games): bytes judged by themselves, as the asset library
 * judges its own (`detectFileType`: unknown bytes 415, over the kind's size limit 413), stored in
 * the area's folder of the file store with a row in the area's table, copied from a library asset's
 * file, and streamed back. The area keeps its table and its rules of who reads which file; this is
 * what does not depend on them.
 */
import { ASSET_MAX_BYTES, type Language } from '@logoschool/contract';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../errors/app-error.ts';
import { fieldMessage } from '../errors/validation.ts';
import { detectFileType } from './file-type.ts';
import type { FileStore } from './files.ts';
import { megabytes, uploadsOf } from './multipart.ts';
import { contentDisposition } from './content-disposition.ts';

/** Longest `original_name` kept. */
const ORIGINAL_NAME_MAX = 200;

/** What the store found of a file's bytes: the columns an area's file row keeps. */
export interface CheckedFile {
  kind: 'image' | 'sound';
  storedName: string;
  mime: string;
  size: number;
  originalName: string;
}

/** An area's files: their folder in the store and how the area writes a row for checked bytes. */
export interface AreaFiles<Row> {
  folder: string;
  insert(file: CheckedFile): Promise<Row>;
}

/**
 * Stores checked bytes and writes their row through the area; the stored copy goes again when the
 * row cannot be written.
 */
export async function storeChecked<Row>(
  files: FileStore,
  area: AreaFiles<Row>,
  content: Buffer,
  name: string,
  lang: Language,
): Promise<Row> {
  const type = await detectFileType(content);
  if (!type) {
    throw new AppError(
      'unsupported_media_type',
      { type: name.slice(0, ORIGINAL_NAME_MAX) || '?' },
      { file: [fieldMessage(lang, 'fileTypeUnknown')] },
    );
  }
  if (content.length > ASSET_MAX_BYTES[type.kind]) {
    throw new AppError('payload_too_large', { limit: megabytes(ASSET_MAX_BYTES[type.kind]) });
  }
  const stored = await files.save(area.folder, content, type.ext);
  try {
    return await area.insert({
      kind: type.kind,
      storedName: stored,
      mime: type.mime,
      size: content.length,
      originalName: name.slice(0, ORIGINAL_NAME_MAX) || `file.${type.ext}`,
    });
  } catch (error) {
    await files.remove(area.folder, stored);
    throw error;
  }
}

/** The one uploaded file of a form's `file` field, stored; 422 when `file` is no single file. */
export async function storeUpload<Row>(
  files: FileStore,
  area: AreaFiles<Row>,
  body: { file?: unknown },
  lang: Language,
): Promise<Row> {
  const uploads = uploadsOf(body.file);
  if (!uploads || uploads.length !== 1) {
    throw new AppError('validation_failed', {}, { file: [fieldMessage(lang, 'required')] });
  }
  const [upload] = uploads as [(typeof uploads)[number]];
  return storeChecked(files, area, upload.content, upload.filename, lang);
}

/**
 * A copy of a library asset's file among the area's files (the area has found the file and judged
 * that the caller may copy it); 404 when its bytes are gone from the store.
 */
export async function copyAssetFile<Row>(
  files: FileStore,
  area: AreaFiles<Row>,
  assetFolder: string,
  file: { storedName: string; originalName: string },
  lang: Language,
): Promise<Row> {
  const read = await files.read(assetFolder, file.storedName);
  if (!read) throw notFound();
  return storeChecked(files, area, read.content, file.originalName, lang);
}

/**
 * Streams a stored file with the type found in its bytes, inline, never sniffed; `cache` is the
 * Cache-Control (a public read's own no-store stays when none is given). 404 when its bytes are gone.
 */
export async function sendStored(
  files: FileStore,
  reply: FastifyReply,
  folder: string,
  file: { storedName: string; mime: string; size: number; originalName: string },
  cache?: string,
) {
  const stream = await files.open(folder, file.storedName);
  if (!stream) throw notFound();
  void reply
    .type(file.mime)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition('inline', file.originalName))
    .header('x-content-type-options', 'nosniff');
  if (cache) void reply.header('cache-control', cache);
  return reply.send(stream);
}
