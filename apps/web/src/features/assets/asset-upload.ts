import {
  ASSET_FILE_TYPES,
  ASSET_MAX_BYTES,
  ASSET_UPLOAD_FILES_MAX,
  assetFileKind,
  type AssetType,
} from '@logoschool/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client.ts';
import { errorTextOf, fieldErrorsOf } from '../../api/form-errors.ts';

/** The `accept` attribute of a file input for an asset type: the content types its kind takes. */
export function acceptFor(type: AssetType): string {
  return ASSET_FILE_TYPES[assetFileKind(type)].join(',');
}

/** A size in bytes for people: KB under a megabyte, else MB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Checks chosen files before sending (the server checks the bytes again): how many, the kind the
 * type takes (by the browser's guess from the name, when it has one), and the size. Null when fine.
 */
export function checkAssetFiles(files: File[], type: AssetType, t: TFunction, max = ASSET_UPLOAD_FILES_MAX) {
  const kind = assetFileKind(type);
  const accepted: readonly string[] = ASSET_FILE_TYPES[kind];
  if (files.length === 0) return t('assets.fileRequired');
  if (files.length > max) return t('assets.tooManyFiles', { count: max });
  for (const file of files) {
    if (file.type && !accepted.includes(file.type)) {
      return t(kind === 'sound' ? 'assets.notSound' : 'assets.notImage', { file: file.name });
    }
    if (file.size > ASSET_MAX_BYTES[kind]) {
      return t('assets.fileTooLarge', { file: file.name, max: formatBytes(ASSET_MAX_BYTES[kind]) });
    }
  }
  return null;
}

/**
 * Where a refused upload's reason goes: under the file input when it is about a file (unknown
 * content, too large, the wrong kind), under the name when about the name, else above the form.
 */
export function uploadErrorOf(error: unknown): {
  name?: string;
  type?: string;
  file?: string;
  form?: string;
} {
  const byField = fieldErrorsOf(error) ?? {};
  // The message names the file (or the limit); the field's text says what is accepted.
  if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
    return { file: [error.message, byField.file].filter(Boolean).join(' ') };
  }
  const known = { name: byField.name, type: byField.type, file: byField.file };
  if (known.name || known.type || known.file) return known;
  return { form: errorTextOf(error) };
}
