/**
 * Interests (themes), spec §3 Interest/theme: what a child likes (cars, princesses, space…), for
 * which children (genders, ages), with the library assets that illustrate it. A theme belongs to
 * one project, its owner, and may be shared with other projects, where it is read-only.
 * Every call names the project and role it acts as in the query (`?workspace_id=&role_id=`,
 * DESIGN §4), like `/clients`:
 *
 * - `GET    /themes`                themes.read    own and shared themes; filters term, type, ready,
 *                                                  gender, age
 * - `GET    /themes/statistic`      themes.read    counts over the same themes
 * - `GET    /themes/:id`            themes.read    one theme
 * - `POST   /themes`                themes.manage  → 201; 409 `theme_exists`
 * - `PUT    /themes/:id`            themes.manage  the whole theme → the theme
 * - `DELETE /themes/:id`            themes.manage  → null; 409 `theme_in_use`
 * - `POST   /themes/toggle-ready`   themes.manage  `{ theme_id }` → the theme, `ready` flipped
 * - `GET    /themes/:id/assets`     themes.read    its assets, grouped by type
 * - `PUT    /themes/:id/assets`     themes.manage  `{ asset_ids }` sets its assets → the theme
 *
 * A theme of another project is 404; a theme shared with the project is read there, and any change
 * to it there is 403 `theme_not_owned` (only its owner project changes it).
 */
import { z } from 'zod';
import { actingAsQuery } from '../auth/schemas.ts';
import { idParam } from '../common/envelope.ts';
import {
  THEME_AGE_MAX,
  THEME_AGE_MIN,
  THEME_ASSETS_MAX,
  THEME_NAME_MAX,
  THEME_NAME_MIN,
  THEME_SHARES_MAX,
} from '../common/limits.ts';
import { ASSET_TYPES, assetSchema, assetTypeSchema, type AssetType } from '../assets/schemas.ts';

/** Largest id: the database keeps ids as PostgreSQL integers. */
const INT_MAX = 2_147_483_647;

/** An id in a JSON body. */
const bodyId = z.number().int().positive().max(INT_MAX);

/** Whom a theme is for (spec §3: gender boy/girl; spec §5: at least one). */
export const THEME_GENDERS = ['boy', 'girl'] as const;
export type ThemeGender = (typeof THEME_GENDERS)[number];
export const themeGenderSchema = z.enum(THEME_GENDERS);

/** A theme for every school (`general`) or made for particular children (`custom`). */
export const THEME_TYPES = ['general', 'custom'] as const;
export type ThemeType = (typeof THEME_TYPES)[number];
export const themeTypeSchema = z.enum(THEME_TYPES);

/** A theme's name (spec §5 interest title): trimmed; unique in its project, ignoring case. */
export const themeNameSchema = z.string().trim().min(THEME_NAME_MIN).max(THEME_NAME_MAX);

/** An age in whole years. */
export const themeAgeSchema = z.number().int().min(THEME_AGE_MIN).max(THEME_AGE_MAX);

/** An asset attached to a theme, in short: enough for a thumbnail. */
export const themeAssetRefSchema = z.object({
  id: z.number().int(),
  type: assetTypeSchema,
  name: z.string(),
  /** The asset's first file (`/api/file/download/:id`, bearer token needed), or null when it has none. */
  file_url: z.string().nullable(),
});
export type ThemeAssetRef = z.infer<typeof themeAssetRefSchema>;

/** A theme as the API shows it. */
export const themeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** At least one, in the order boy, girl. */
  genders: z.array(themeGenderSchema),
  age_from: z.number().int(),
  age_to: z.number().int(),
  type: themeTypeSchema,
  /** Ready for generation (spec §4: themes have a toggle-ready action). */
  ready: z.boolean(),
  /** The owner project: a theme whose owner is not the project acted in is shared with it, read-only. */
  workspace_id: z.number().int(),
  /** The owner project's title (so that a shared theme can say where it comes from). */
  workspace_title: z.string(),
  /** The other projects it is shared with, by id (the owner is implicit). */
  shared_workspace_ids: z.array(z.number().int()),
  /** Its assets, by type (in ASSET_TYPES order), then name. */
  assets: z.array(themeAssetRefSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Theme = z.infer<typeof themeSchema>;

/** Genders, each at most once, at least one (spec §5). */
const gendersSchema = z
  .array(themeGenderSchema)
  .min(1)
  .refine((genders) => new Set(genders).size === genders.length, { message: 'unique' });

/** The projects a theme is shared with: existing ones, each at most once; its owner is ignored. */
const sharedWorkspaceIdsSchema = z
  .array(bodyId)
  .max(THEME_SHARES_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'unique' });

const themeFields = {
  name: themeNameSchema,
  genders: gendersSchema,
  age_from: themeAgeSchema,
  age_to: themeAgeSchema,
  type: themeTypeSchema,
};

/** Spec §5: interest age 'from' must not exceed 'to'; told on `age_from`. */
const ageOrder = {
  check: (theme: { age_from: number; age_to: number }) => theme.age_from <= theme.age_to,
  params: { message: 'ageFromAfterTo', path: ['age_from'] },
};

/** `POST /themes`: a new theme of the project; absent `ready` is false, absent shares none. */
export const themeInput = z
  .strictObject({
    ...themeFields,
    ready: z.boolean().optional(),
    shared_workspace_ids: sharedWorkspaceIdsSchema.optional(),
  })
  .refine(ageOrder.check, ageOrder.params);
export type ThemeInput = z.infer<typeof themeInput>;

/**
 * `PUT /themes/:id`: the whole theme (name, genders, ages, type). Absent `ready` and
 * `shared_workspace_ids` stay as they are; the assets change through `PUT /themes/:id/assets`.
 */
export const themeUpdate = themeInput;
export type ThemeUpdate = z.infer<typeof themeUpdate>;

/** `POST /themes/toggle-ready`. */
export const themeToggleReadyInput = z.strictObject({ theme_id: bodyId });
export type ThemeToggleReadyInput = z.infer<typeof themeToggleReadyInput>;

/** `PUT /themes/:id/assets`: the library assets the theme has from now on, each at most once. */
export const themeAssetsInput = z.strictObject({
  asset_ids: z
    .array(bodyId)
    .max(THEME_ASSETS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'unique' }),
});
export type ThemeAssetsInput = z.infer<typeof themeAssetsInput>;

/** `GET /themes/:id/assets`: the theme's assets with their files, by type (every type present), by name. */
export const themeAssetsGroupedSchema = z.object(
  Object.fromEntries(ASSET_TYPES.map((type) => [type, z.array(assetSchema)])) as Record<
    AssetType,
    z.ZodArray<typeof assetSchema>
  >,
);
export type ThemeAssetsGrouped = z.infer<typeof themeAssetsGroupedSchema>;

/** `true`/`false` (or 1/0) in a query string. */
const queryFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Query of `GET /themes`: the project and role, and filters that all must hold. */
export const themesQuery = actingAsQuery.extend({
  /** Case-insensitive part of the name; empty means every theme. */
  term: z.string().trim().max(THEME_NAME_MAX).optional(),
  type: themeTypeSchema.optional(),
  ready: queryFlag.optional(),
  /** Themes for this gender (among others). */
  gender: themeGenderSchema.optional(),
  /** A child's age in years: themes whose range holds it. */
  age: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, 'wholeNumber')
    .transform(Number)
    .pipe(z.number().int().min(THEME_AGE_MIN).max(THEME_AGE_MAX))
    .optional(),
});
export type ThemesQuery = z.infer<typeof themesQuery>;

export const themeParams = z.object({ id: idParam });

/** `GET /themes/statistic`: figures over the themes the project sees (its own and shared ones). */
export const themeStatisticSchema = z.object({
  total: z.number().int(),
  ready: z.number().int(),
  /** Themes shared with the project by others (in `total`). */
  shared: z.number().int(),
  by_type: z.object({ general: z.number().int(), custom: z.number().int() }),
  /** A theme for both genders counts in both. */
  by_gender: z.object({ boy: z.number().int(), girl: z.number().int() }),
});
export type ThemeStatistic = z.infer<typeof themeStatisticSchema>;
