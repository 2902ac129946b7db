/**
 * The shared asset library (spec §3 Asset, §2 /manage-assets): backgrounds, characters, props,
 * sounds, game backgrounds and game props with their image or sound files. It belongs to no project:
 * root manages it (`assets.manage`); root, moderators, authors and teachers read it (`assets.read`).
 * Moderators attach assets to their themes (themes/schemas.ts).
 *
 * - `GET    /assets?type=&term=`     assets.read    every asset, by type, then name
 * - `GET    /assets/:id`             assets.read    one asset
 * - `POST   /assets`                 assets.manage  multipart form: `name`, `type`, one or more `file`
 *                                                   parts → 201 the asset
 * - `PUT    /assets/:id`             assets.manage  `{ name?, type? }` → the asset
 * - `DELETE /assets/:id`             assets.manage  → null; 409 `asset_in_use` while a theme has it
 * - `POST   /medias`                 assets.manage  multipart form: `asset_id`, `file` → 201 the asset
 * - `DELETE /medias/:id`             assets.manage  removes one file → the asset; 409 `asset_last_file`
 * - `GET    /file/download/:fileId`  assets.read    the file's bytes, `?inline=1` to show an image
 *
 * A file is recognised by its bytes (PNG, JPEG, WebP, GIF; MP3, WAV, OGG); its name and declared type
 * are not trusted: unknown content is 415 `unsupported_media_type`, an image for a sound asset (or
 * the reverse) 422 on `file`, a file over its size limit 413 `payload_too_large`.
 * `file_url` needs the bearer token like every call: fetch it as a blob (an `<img src>` alone is 401).
 */
import { z } from 'zod';
import { idParam } from '../common/envelope.ts';
import {
  ASSET_IMAGE_MAX_BYTES,
  ASSET_NAME_MAX,
  ASSET_NAME_MIN,
  ASSET_SOUND_MAX_BYTES,
} from '../common/limits.ts';

/** What an asset is for (spec §3 Asset; `sound` from issue 5). */
export const ASSET_TYPES = [
  'background',
  'character',
  'prop',
  'sound',
  'game_background',
  'game_prop',
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const assetTypeSchema = z.enum(ASSET_TYPES);

/** What a file of an asset is: a sound asset has sound files, every other asset images. */
export const ASSET_FILE_KINDS = ['image', 'sound'] as const;
export type AssetFileKind = (typeof ASSET_FILE_KINDS)[number];

/** The kind of file an asset of a type takes. */
export function assetFileKind(type: AssetType): AssetFileKind {
  return type === 'sound' ? 'sound' : 'image';
}

/** The content types each kind of file may have (for an `accept` attribute; the server checks bytes). */
export const ASSET_FILE_TYPES = {
  image: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  sound: ['audio/mpeg', 'audio/wav', 'audio/ogg'],
} as const satisfies Record<AssetFileKind, readonly string[]>;

/** The largest file of each kind, in bytes. */
export const ASSET_MAX_BYTES: Record<AssetFileKind, number> = {
  image: ASSET_IMAGE_MAX_BYTES,
  sound: ASSET_SOUND_MAX_BYTES,
};

/** An asset's name (spec §5: background name is required): trimmed. */
export const assetNameSchema = z.string().trim().min(ASSET_NAME_MIN).max(ASSET_NAME_MAX);

/** One file of an asset. */
export const assetFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ASSET_FILE_KINDS),
  /** `/api/file/download/:id`; needs the bearer token. */
  file_url: z.string(),
  /** The type found in the file's bytes, e.g. `image/png`. */
  mime: z.string(),
  /** In bytes. */
  size: z.number().int(),
  /** The name the file was uploaded with (shown and offered when downloading; never used on disk). */
  original_name: z.string(),
});
export type AssetFile = z.infer<typeof assetFileSchema>;

/** An asset of the library with its files, oldest file first. */
export const assetSchema = z.object({
  id: z.number().int(),
  type: assetTypeSchema,
  name: z.string(),
  files: z.array(assetFileSchema),
  created_at: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

/** The file part(s) of a multipart form, as the server reads them; required. */
const filePart = z
  .unknown()
  .refine((value) => value !== undefined, { message: 'required' })
  .meta({ type: 'string', format: 'binary' });

/**
 * `POST /assets`, a multipart form: `name`, `type` and one or more parts named `file` (at most
 * ASSET_UPLOAD_FILES_MAX), each of the kind the type takes.
 */
export const assetUploadBody = z.strictObject({
  name: assetNameSchema,
  type: assetTypeSchema,
  file: filePart,
});
export type AssetUploadBody = z.infer<typeof assetUploadBody>;

/**
 * `PUT /assets/:id`: a new name and/or type; absent ones stay. A new type must take the kind of
 * files the asset has (an image asset cannot become `sound`).
 */
export const assetUpdate = z.strictObject({
  name: assetNameSchema.optional(),
  type: assetTypeSchema.optional(),
});
export type AssetUpdate = z.infer<typeof assetUpdate>;

/** Query of `GET /assets`. */
export const assetsQuery = z.object({
  type: assetTypeSchema.optional(),
  /** Case-insensitive part of the name; empty means every asset. */
  term: z.string().trim().max(ASSET_NAME_MAX).optional(),
});
export type AssetsQuery = z.infer<typeof assetsQuery>;

export const assetParams = z.object({ id: idParam });

/** `POST /medias`, a multipart form: the asset (`asset_id`) and one `file` of the kind it takes. */
export const mediaUploadBody = z.strictObject({
  asset_id: idParam,
  file: filePart,
});
export type MediaUploadBody = z.infer<typeof mediaUploadBody>;

export const mediaParams = z.object({ id: idParam });

export const fileDownloadParams = z.object({ fileId: idParam });

/** Query of `GET /file/download/:fileId`: `inline=1` shows an image in the browser instead of saving it. */
export const fileDownloadQuery = z.object({
  inline: z
    .enum(['0', '1', 'true', 'false'])
    .transform((value) => value === '1' || value === 'true')
    .optional(),
});
export type FileDownloadQuery = z.infer<typeof fileDownloadQuery>;
