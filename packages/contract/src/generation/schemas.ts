/**
 * The generated list and the generation jobs (issue 30 item 3, spec §2 `/generated-list/:themeId`,
 * §7 generator paths): every exercise's themed version for a theme, bulk actions on them, runs of
 * the generation as jobs with their progress, and the project's figures.
 */
import { z } from 'zod';
import { bodyId, idParam, pageQuery } from '../common/envelope.ts';

/** Most versions (or exercises) one bulk call names. */
export const GENERATED_BULK_MAX = 200;
/** Longest search over the source exercises' titles. */
export const GENERATED_TERM_MAX = 200;

/** The parts of a theme's generated list (its status tabs). */
export const GENERATED_STATES = ['all', 'editable', 'read_only', 'overflow', 'excluded'] as const;
export type GeneratedState = (typeof GENERATED_STATES)[number];

/** The project acted in: `workspace_id`, and the role acted as (optional, as for exercises). */
export const generationActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
});

/** `GET /exercises/generated`: a page of the project's themed versions, of one theme or of all. */
export const generatedListQuery = generationActingQuery.extend(pageQuery.shape).extend({
  theme_id: idParam.optional(),
  state: z.enum(GENERATED_STATES).default('all'),
  /** Words of the source exercise's title. */
  term: z.string().trim().max(GENERATED_TERM_MAX).optional(),
});
export type GeneratedListQuery = z.infer<typeof generatedListQuery>;

/** Where a version's text does not fit its box once the names are filled in: the first such box. */
export const generatedOverflowSchema = z.object({
  /** The slide (1-based) holding the box. */
  slide: z.number().int(),
  /** The box's text with the names filled in. */
  text: z.string(),
  /** Lines the text needs at its font size, and lines the box holds. */
  lines_needed: z.number().int(),
  lines_fit: z.number().int(),
  /** The source deck's image of that slide (with the token and the project); null when not rendered. */
  slide_url: z.string().nullable(),
});
export type GeneratedOverflow = z.infer<typeof generatedOverflowSchema>;

/** One row of the generated list. */
export const generatedListItemSchema = z.object({
  id: z.number().int(),
  exercise: z.object({
    id: z.number().int(),
    title: z.string(),
    ready_for_generation: z.boolean(),
    excluded_from_generation: z.boolean(),
  }),
  theme: z.object({ id: z.number().int(), name: z.string() }),
  read_only: z.boolean(),
  replaced_count: z.number().int(),
  /** The source deck's first slide image; null when its slides are not rendered. */
  first_slide_url: z.string().nullable(),
  /** The version's .pptx (with the token and the project). */
  file_url: z.string(),
  /** Null when every box fits, or when the version was never checked. */
  overflow: generatedOverflowSchema.nullable(),
  created_at: z.string(),
});
export type GeneratedListItem = z.infer<typeof generatedListItemSchema>;

/** How many versions each tab holds, with the same theme and search. */
export const generatedCountsSchema = z.object(
  Object.fromEntries(GENERATED_STATES.map((state) => [state, z.number().int()])) as Record<
    GeneratedState,
    z.ZodNumber
  >,
);
export type GeneratedCounts = z.infer<typeof generatedCountsSchema>;

/** The list's page: its rows, and its meta with the tabs' counts. */
export const generatedListPage = z.object({
  data: z.array(generatedListItemSchema),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    counts: generatedCountsSchema,
  }),
});
export type GeneratedListPage = z.infer<typeof generatedListPage>;

const uniqueIds = (max: number) =>
  z
    .array(bodyId)
    .min(1)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'unique' });

/** `POST /generator/delete`, `/generator/refresh`: versions of the project, all or nothing (404). */
export const generatedIdsInput = z.strictObject({ generated_ids: uniqueIds(GENERATED_BULK_MAX) });
export type GeneratedIdsInput = z.infer<typeof generatedIdsInput>;

/** `POST /generator/generate`: the named exercises' versions for a theme. */
export const generateVersionsInput = z.strictObject({
  theme_id: bodyId,
  exercise_ids: uniqueIds(GENERATED_BULK_MAX),
});
export type GenerateVersionsInput = z.infer<typeof generateVersionsInput>;

/** `POST /generator/by-theme`: every ready exercise's version for a theme (read-only ones kept). */
export const generateByThemeInput = z.strictObject({ theme_id: bodyId });
export type GenerateByThemeInput = z.infer<typeof generateByThemeInput>;

/** `POST /generator/only-new`: only the versions not made yet, for a theme or (none) every ready theme. */
export const generateOnlyNewInput = z.strictObject({ theme_id: bodyId.optional() });
export type GenerateOnlyNewInput = z.infer<typeof generateOnlyNewInput>;

/** `POST /generator/by-workspace`: every ready exercise × every ready theme of the project. */
export const generateByWorkspaceInput = z.strictObject({});

/** `POST /generator/refresh-for-reports`: the versions of exercises a report got fixed, for every theme. */
export const refreshForReportsInput = z.strictObject({ exercise_ids: uniqueIds(GENERATED_BULK_MAX) });
export type RefreshForReportsInput = z.infer<typeof refreshForReportsInput>;

/** `POST /check-generate-presentation`: checks a version's text boxes again. */
export const checkGeneratePresentationInput = z.strictObject({ generated_id: bodyId });
export type CheckGeneratePresentationInput = z.infer<typeof checkGeneratePresentationInput>;

/** What one bulk call changed. */
export const generatedBulkResult = z.object({ count: z.number().int() });
export type GeneratedBulkResult = z.infer<typeof generatedBulkResult>;

/** What asked for a run. */
export const GENERATION_RUN_KINDS = [
  'generate',
  'refresh',
  'only_new',
  'by_theme',
  'by_workspace',
  'refresh_for_reports',
] as const;
export type GenerationRunKind = (typeof GENERATION_RUN_KINDS)[number];

export const GENERATION_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type GenerationRunStatus = (typeof GENERATION_RUN_STATUSES)[number];

/** A run of the generation: what it makes, how far it got, and how it ended. */
export const generationRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(GENERATION_RUN_KINDS),
  /** The theme it was asked for; null for the whole project or named versions of several. */
  theme: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.enum(GENERATION_RUN_STATUSES),
  /** Versions to make, made, kept (read-only) and failed (something stood in the way). */
  total: z.number().int(),
  done: z.number().int(),
  kept: z.number().int(),
  failed: z.number().int(),
  requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type GenerationRun = z.infer<typeof generationRunSchema>;

export const generationRunParams = z.object({ runId: idParam });

/** `GET /generator/runs`: the latest runs, newest first. */
export const generationRunsQuery = generationActingQuery.extend({
  theme_id: idParam.optional(),
});

/** A theme's figures. */
export const themeGenerationStatsSchema = z.object({
  theme: z.object({ id: z.number().int(), name: z.string() }),
  ready: z.boolean(),
  generated: z.number().int(),
  read_only: z.number().int(),
  overflow: z.number().int(),
  /** Exercises whose latest try for the theme failed. */
  failed: z.number().int(),
});
export type ThemeGenerationStats = z.infer<typeof themeGenerationStatsSchema>;

/** `GET /generator/general-stats`: the project's figures and each theme's. */
export const generationStatsSchema = z.object({
  generated: z.number().int(),
  read_only: z.number().int(),
  overflow: z.number().int(),
  failed: z.number().int(),
  /** Exercises ready for generation (accepted, marked ready, not excluded). */
  ready_exercises: z.number().int(),
  ready_themes: z.number().int(),
  themes: z.array(themeGenerationStatsSchema),
});
export type GenerationStats = z.infer<typeof generationStatsSchema>;

/** The answer of `POST /check-generate-presentation`: the version and its first overflowing box, if any. */
export const checkGeneratePresentationResult = z.object({
  generated_id: z.number().int(),
  overflow: generatedOverflowSchema.nullable(),
});
export type CheckGeneratePresentationResult = z.infer<typeof checkGeneratePresentationResult>;
