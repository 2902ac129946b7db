import { z } from 'zod';
import type { AssetType } from '../assets/schemas.ts';
import { idParam } from '../common/envelope.ts';
import { EXERCISE_BULK_MAX } from '../common/limits.ts';
import { EXERCISE_STATUS } from './status-machine.ts';

/** An id in a JSON body (PostgreSQL integer). */
const bodyId = z.number().int().positive().max(2_147_483_647);

/** The media of a deck the server keeps apart: its pictures and its sounds (spec §3). */
export const EXERCISE_MEDIA_KINDS = ['image', 'audio'] as const;
export type ExerciseMediaKind = (typeof EXERCISE_MEDIA_KINDS)[number];

/**
 * What a themed variant may put in place of a deck's picture or sound: the theme's assets of one of
 * these types (spec §3 Asset types). Game assets belong to games, not to decks.
 */
export const GENERATION_ASSET_TYPES = {
  image: ['background', 'character', 'prop'],
  audio: ['sound'],
} as const satisfies Record<ExerciseMediaKind, readonly AssetType[]>;

/** Every asset type a themed variant may use, pictures' first. */
export const GENERATION_ASSET_TYPE_VALUES = [
  ...GENERATION_ASSET_TYPES.image,
  ...GENERATION_ASSET_TYPES.audio,
] as const;
export type GenerationAssetType = (typeof GENERATION_ASSET_TYPE_VALUES)[number];

/** May a picture or a sound of the deck be replaced by assets of this type? */
export const fitsMedia = (kind: ExerciseMediaKind, type: GenerationAssetType): boolean =>
  (GENERATION_ASSET_TYPES[kind] as readonly string[]).includes(type);

/** The status an exercise must be in to be generated: only the accepted library is themed. */
export const GENERATION_STATUS = EXERCISE_STATUS.accepted;

/** A picture or a sound inside an exercise's deck (`GET /exercises/:id/images`, `/audios`). */
export const exerciseMediaSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EXERCISE_MEDIA_KINDS),
  /** Its name in the deck (`image3.png`). */
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** The slides (1-based) that show or play it; empty when no slide uses it. */
  slides: z.array(z.number().int()),
  /** What a themed variant puts in its place; null keeps it. */
  asset_type: z.enum(GENERATION_ASSET_TYPE_VALUES).nullable(),
  /** Where its bytes are read (with the token and the project). */
  file_url: z.string(),
});
export type ExerciseMedia = z.infer<typeof exerciseMediaSchema>;

export const exerciseMediaParams = z.object({ exerciseId: idParam, fileId: idParam });

/** `PUT /exercises/:exerciseId/media/:fileId`: mark what a themed variant replaces it with. */
export const exerciseMediaUpdate = z.strictObject({
  asset_type: z.enum(GENERATION_ASSET_TYPE_VALUES).nullable(),
});
export type ExerciseMediaUpdate = z.infer<typeof exerciseMediaUpdate>;

/** `POST /exercises/latest` (spec §7: body plus workspace_id): the exercise the caller works on now. */
export const exerciseLatestInput = z.strictObject({
  workspace_id: idParam.optional(),
  exercise_id: bodyId,
});
export type ExerciseLatestInput = z.infer<typeof exerciseLatestInput>;

/** `POST /exercises/files/actualize-file` (spec §7: body file_id): render a deck's slide images again. */
export const exerciseActualizeInput = z.strictObject({
  workspace_id: idParam.optional(),
  file_id: bodyId,
});
export type ExerciseActualizeInput = z.infer<typeof exerciseActualizeInput>;

/** `POST /exercises/:exerciseId/check-generate`: may the exercise be themed for this theme, and do it. */
export const checkGenerateInput = z.strictObject({
  workspace_id: idParam.optional(),
  theme_id: bodyId,
  /** Only check: say what would be replaced, generate nothing. */
  dry_run: z.boolean().optional(),
});
export type CheckGenerateInput = z.infer<typeof checkGenerateInput>;

/** Why an exercise cannot be themed for a theme; each comes with a message in the caller's language. */
export const GENERATION_PROBLEMS = [
  /** Only accepted exercises are themed. */
  'not_accepted',
  /** A moderator has not marked it ready for generation. */
  'not_ready',
  /** A moderator excluded it from generation. */
  'excluded',
  /** It has no deck. */
  'no_presentation',
  /** No picture or sound of the deck is marked with an asset type. */
  'nothing_marked',
  /** The theme has no asset with a file of a type the deck's marks ask for (`asset_type` says which). */
  'missing_assets',
  /** The variant for this theme is read-only: it is kept as it is. */
  'read_only',
  /** A moderator has not marked the theme ready (its assets may be incomplete). */
  'theme_not_ready',
] as const;
export type GenerationProblem = (typeof GENERATION_PROBLEMS)[number];

/** A themed variant of an exercise's deck. */
export const exerciseGeneratedSchema = z.object({
  id: z.number().int(),
  exercise_id: z.number().int(),
  exercise_title: z.string(),
  theme: z.object({ id: z.number().int(), name: z.string() }),
  replaced_count: z.number().int(),
  read_only: z.boolean(),
  /** The variant's .pptx: its name and size, and where it is downloaded (with the token and the project). */
  file: z.object({ name: z.string(), size: z.number().int(), url: z.string() }),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type ExerciseGenerated = z.infer<typeof exerciseGeneratedSchema>;

/** The answer of check-generate: what stands in the way, what would be replaced, and the variant made. */
export const checkGenerateResultSchema = z.object({
  possible: z.boolean(),
  problems: z.array(
    z.object({
      code: z.enum(GENERATION_PROBLEMS),
      /** For `missing_assets`: the asset type the theme lacks. */
      asset_type: z.enum(GENERATION_ASSET_TYPE_VALUES).optional(),
      message: z.string(),
    }),
  ),
  /** Each marked picture or sound and the theme's asset that takes its place (null when the theme has none). */
  replacements: z.array(
    z.object({
      media_id: z.number().int(),
      media_name: z.string(),
      asset_type: z.enum(GENERATION_ASSET_TYPE_VALUES),
      asset: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    }),
  ),
  /** The variant made by this call; null for a dry run or when it was not possible. */
  generated: exerciseGeneratedSchema.nullable(),
});
export type CheckGenerateResult = z.infer<typeof checkGenerateResultSchema>;

export const generatedParams = z.object({ generatedId: idParam });

/** `POST /exercises/generated/toggle` (spec §7 "toggle (generated read-only)"): all or nothing. */
export const generatedToggleInput = z.strictObject({
  ids: z
    .array(bodyId)
    .min(1)
    .max(EXERCISE_BULK_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'unique' }),
  read_only: z.boolean(),
});
export type GeneratedToggleInput = z.infer<typeof generatedToggleInput>;
