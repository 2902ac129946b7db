/**
 * An area's own files (stories' and games' images and sounds, problem reports' images and PDFs): bytes judged by themselves, as the asset library
 * judges its own (`detectFileType`: unknown bytes 415, over the kind's size limit 413), stored in
 * the area's folder of the file store with a row in the area's table, copied from a library asset's
 * file, and streamed back. The area keeps its table and its rules of who reads which file; this is
 * what does not depend on them.
 */
import { ASSET_MAX_BYTES, type Language } from '@logoschool/contract';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../errors/app-error.ts';
import { fieldMessage } from '../errors/validation.ts';
import { detectFileType, type FileKind, type FileType } from './file-type.ts';
import type { FileStore } from './files.ts';
import { megabytes, uploadsOf } from './multipart.ts';
import { contentDisposition } from './content-disposition.ts';

/** Longest `original_name` kept. */
const ORIGINAL_NAME_MAX = 200;

/** What the store found of a file's bytes: the columns an area's file row keeps. */
export interface CheckedFile<K extends string = FileKind> {
  kind: K;
  storedName: string;
  mime: string;
  size: number;
  originalName: string;
}

/** What an area takes: how its files' bytes are judged, and the largest file of each kind. */
export interface FileRules<K extends string> {
  detect(content: Buffer): Promise<FileType<K> | null>;
  maxBytes: Record<K, number>;
}

/** The asset library's rules: its images and sounds, each kind to its limit. */
const LIBRARY_RULES: FileRules<FileKind> = { detect: detectFileType, maxBytes: ASSET_MAX_BYTES };

/**
 * An area's files: their folder in the store, how the area writes a row for checked bytes, and what
 * it takes (by default the asset library's images and sounds).
 */
export interface AreaFiles<Row, K extends string = FileKind> {
  folder: string;
  insert(file: CheckedFile<K>): Promise<Row>;
  rules?: FileRules<K>;
}

/**
 * Stores checked bytes and writes their row through the area; the stored copy goes again when the
 * row cannot be written.
 */
export async function storeChecked<Row, K extends string = FileKind>(
  files: FileStore,
  area: AreaFiles<Row, K>,
  content: Buffer,
  name: string,
  lang: Language,
): Promise<Row> {
  // Without rules of its own the area's kinds are the library's (the default of `K`).
  const rules = area.rules ?? (LIBRARY_RULES as unknown as FileRules<K>);
  const type = await rules.detect(content);
  if (!type) {
    throw new AppError(
      'unsupported_media_type',
      { type: name.slice(0, ORIGINAL_NAME_MAX) || '?' },
      { file: [fieldMessage(lang, 'fileTypeUnknown')] },
    );
  }
  if (content.length > rules.maxBytes[type.kind]) {
    throw new AppError('payload_too_large', { limit: megabytes(rules.maxBytes[type.kind]) });
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
export async function storeUpload<Row, K extends string = FileKind>(
  files: FileStore,
  area: AreaFiles<Row, K>,
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
