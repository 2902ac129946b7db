// Stays whole: the exercise's input and output schemas, its request, list filters and bulk actions are one
// area's wire format, read together when one changes (about 400 lines, most of them rule comments).
import { z } from 'zod';
import { idParam, pageQuery } from '../common/envelope.ts';
import {
  EXERCISE_BULK_MAX,
  EXERCISE_COMMENT_MAX,
  EXERCISE_DESCRIPTION_MAX,
  EXERCISE_INSTRUCTION_MAX,
  EXERCISE_TAGS_MAX,
  EXERCISE_TITLE_MAX,
  EXERCISE_TITLE_MIN,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_INTEREST_NAME_MAX,
  REQUEST_INTERESTS_MAX,
} from '../common/limits.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { EXERCISE_STATUS, EXERCISE_STATUS_IDS, EXERCISE_STATUS_NAMES } from './status-machine.ts';

/** Largest id: the database keeps ids as PostgreSQL integers. */
const INT_MAX = 2_147_483_647;

/** An id in a JSON body. */
const bodyId = z.number().int().positive().max(INT_MAX);

/** No value twice. */
const unique = <T>(values: readonly T[]) => new Set(values).size === values.length;

/** How often an exercise is used in a lesson (spec §3, §9: 1 or 3 times). */
export const USAGE_FREQUENCIES = [1, 3] as const;
export type UsageFrequency = (typeof USAGE_FREQUENCIES)[number];

/**
 * The age groups a request is for (spec §5: at least one age category). The spec names none; these
 * follow the school's groups, from the youngest it takes (3, spec §9) to adults.
 */
export const AGE_CATEGORIES = ['3-4', '5-6', '7-9', '10-12', '13-17', '18+'] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

/** A status id in a JSON body or a query string. */
const statusIdSchema = z.coerce.number().pipe(z.literal(EXERCISE_STATUS_IDS));

/** An exercise's title (spec §5): trimmed; unique in a project, ignoring case. */
export const exerciseTitleSchema = z.string().trim().min(EXERCISE_TITLE_MIN).max(EXERCISE_TITLE_MAX);

/** A comment given with a status change (spec §4: a decline needs one). */
export const exerciseCommentSchema = z.string().trim().max(EXERCISE_COMMENT_MAX);

/** A person as an exercise shows them. */
export const exercisePersonSchema = z.object({ id: z.number().int(), name: z.string() });

/** A request's deadline: a real day, 'YYYY-MM-DD'. */
const deadlineSchema = z.iso.date({ message: 'date' });

/** A moderator's request for an exercise (spec §3 Request; §5: description, interests, ages required). */
export const exerciseRequestSchema = z.object({
  description: z.string(),
  /** The interests (themes) the exercise is for, by name. */
  interests: z.array(z.string()),
  age_categories: z.array(z.enum(AGE_CATEGORIES)),
  /** The day the work is due, 'YYYY-MM-DD'. */
  deadline: z.string(),
  /** The deadline has passed while the work is still with the author (spec §8). */
  overdue: z.boolean(),
});
export type ExerciseRequest = z.infer<typeof exerciseRequestSchema>;

/** One change of an exercise's status, as `with_activities` shows it. */
export const exerciseActivitySchema = z.object({
  id: z.number().int(),
  /** Null for the exercise's creation. */
  from_status_id: z.number().int().nullable(),
  to_status_id: z.number().int(),
  /** Who made the change; null for an automatic one, or a user since removed. */
  user: exercisePersonSchema.nullable(),
  comment: z.string(),
  /** Made by auto-moderation, not by a person. */
  automatic: z.boolean(),
  created_at: z.string(),
});
export type ExerciseActivity = z.infer<typeof exerciseActivitySchema>;

/** An exercise (micro-block) as the API shows it (spec §3 Exercise). */
export const exerciseSchema = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  title: z.string(),
  status_id: z.number().int(),
  /** The author who took the request; null for an author's own exercise and an open request. */
  assigned_id: z.number().int().nullable(),
  /** The author who took the request, by name; null as `assigned_id`. */
  assigned: exercisePersonSchema.nullable(),
  /** Who created it: the author, or the moderator who filed the request. */
  author: exercisePersonSchema,
  /** The caller's vote: 1 liked, 0 disliked, null none. */
  own_like: z.union([z.literal(1), z.literal(0), z.null()]),
  likes_count: z.number().int(),
  dislikes_count: z.number().int(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The uploaded .pptx; null until one is uploaded. */
  presentation: z
    .object({ file_id: z.number().int(), name: z.string(), slide_count: z.number().int() })
    .nullable(),
  /**
   * The first slide's image (what lists show the exercise by), read with the bearer token; null
   * while the deck has no rendered slide.
   */
  thumbnail_url: z.string().nullable(),
  /** By name. */
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  usage_frequency: z.literal(USAGE_FREQUENCIES),
  /** The latest comment given with a status change: a decline's reason, an author's note. */
  comment: z.string(),
  instruction: z.string(),
  description: z.string(),
  /** The language of the exercise's content (spec §9 lesson languages). */
  language: z.enum(LANGUAGES),
  read_only: z.boolean(),
  excluded_from_generation: z.boolean(),
  ready_for_generation: z.boolean(),
  /** The moderator's request it answers; null for an exercise an author started. */
  request: exerciseRequestSchema.nullable(),
  /** Only with `with_activities`: every status change, oldest first. */
  activities: z.array(exerciseActivitySchema).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Exercise = z.infer<typeof exerciseSchema>;

/**
 * Who an exercise is by, as lists show and filter it (spec §5 author filter): the author who took
 * the request when there is one, else its creator.
 */
export const exerciseAuthorOf = (exercise: Pick<Exercise, 'assigned' | 'author'>) =>
  exercise.assigned ?? exercise.author;

/**
 * `GET /exercises/authors` and `GET /exercises/for-author/authors`: everyone the author filter can
 * pick (spec §5: the assigned author when set, else the author) among the exercises the list reads,
 * by name.
 */
export const exerciseAuthorsEnvelope = z.object({ data: z.array(exercisePersonSchema) });
export type ExerciseAuthor = z.infer<typeof exercisePersonSchema>;

/** A count for every status id: the list tabs' counters (spec §4). */
export const statusCountsSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;

/** A page of exercises, with the counters of every status under the same filters. */
export const exercisePageEnvelope = z.object({
  data: z.array(exerciseSchema),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** How many exercises each status tab holds with every filter but `status_id` (spec §4). */
    counters: statusCountsSchema,
    /**
     * True when a filter matched more than EXERCISE_COUNT_CAP exercises: then only that many (and
     * one) were counted, and `counters` and `total` are lower bounds.
     */
    capped: z.boolean(),
  }),
});
export type ExercisePage = z.infer<typeof exercisePageEnvelope>;

/** The request fields a moderator writes (spec §5). */
export const exerciseRequestInput = z.strictObject({
  description: z.string().trim().min(1).max(REQUEST_DESCRIPTION_MAX),
  /** Interests (themes) by name: at least one, none twice. */
  interests: z
    .array(z.string().trim().min(1).max(REQUEST_INTEREST_NAME_MAX))
    .min(1)
    .max(REQUEST_INTERESTS_MAX)
    .refine((names) => unique(names.map((name) => name.toLowerCase())), { message: 'unique' }),
  age_categories: z.array(z.enum(AGE_CATEGORIES)).min(1).refine(unique, { message: 'unique' }),
  /** A new or moved deadline may not be in the past (UTC). */
  deadline: deadlineSchema,
});
export type ExerciseRequestInput = z.infer<typeof exerciseRequestInput>;

/**
 * Texts stored as they come: no rule beyond their schema, a column of the same name (`db/columns`
 * copies them between body and row, so that adding one touches neither the presenter nor the
 * commands).
 */
const plainTexts = {
  instruction: z.string().trim().max(EXERCISE_INSTRUCTION_MAX),
  description: z.string().trim().max(EXERCISE_DESCRIPTION_MAX),
};

/** The fields of an exercise's content, as an author or a moderator writes them. */
const contentFields = {
  /** A category of the project that is not a folder; null for none yet. */
  category_id: bodyId.nullable(),
  /** Tags of the project, none twice. */
  tag_ids: z.array(bodyId).max(EXERCISE_TAGS_MAX).refine(unique, { message: 'unique' }),
  usage_frequency: z.literal(USAGE_FREQUENCIES),
  ...plainTexts,
  language: z.enum(LANGUAGES),
};

/** Flags only a moderator sets (generation is the moderator's business). */
const moderatorFlags = {
  read_only: z.boolean(),
  excluded_from_generation: z.boolean(),
  ready_for_generation: z.boolean(),
};

const keysOf = <T extends object>(shape: T) => Object.keys(shape) as (keyof T & string)[];

/** The fields only a moderator may send: an author sending one is refused (403). */
export const MODERATOR_ONLY_FIELDS = keysOf(moderatorFlags);

/** The fields the server stores as they come, by name: the plain texts and the moderator's flags. */
export const EXERCISE_PLAIN_FIELDS = [...keysOf(plainTexts), ...MODERATOR_ONLY_FIELDS];

/**
 * `POST /exercises`. An author creates a draft: title required, the rest may come later (a draft may
 * be incomplete; submitting checks completeness). A moderator files a request: `request` required.
 * `workspace_id` may come here instead of the query (spec §7). Absent texts are empty, absent
 * usage 1, absent language the request's language, absent flags false.
 */
export const exerciseInput = z.strictObject({
  workspace_id: idParam.optional(),
  title: exerciseTitleSchema,
  ...z.object(contentFields).partial().shape,
  ...z.object(moderatorFlags).partial().shape,
  request: exerciseRequestInput.optional(),
});
export type ExerciseInput = z.infer<typeof exerciseInput>;

/**
 * `PUT /exercises/:exerciseId` (spec §7: the body plus `workspace_id`): the fields to change;
 * absent ones stay. `request` changes the request's fields named in it (a moderator's, on an
 * exercise that answers a request).
 */
export const exerciseUpdate = z.strictObject({
  workspace_id: idParam.optional(),
  title: exerciseTitleSchema.optional(),
  ...z.object(contentFields).partial().shape,
  ...z.object(moderatorFlags).partial().shape,
  request: exerciseRequestInput.partial().optional(),
});
export type ExerciseUpdate = z.infer<typeof exerciseUpdate>;

/** `POST /exercises/:exerciseId/status`: the new status (spec §4), and a comment (required to decline). */
export const exerciseStatusInput = z.strictObject({
  status_id: statusIdSchema,
  comment: exerciseCommentSchema.optional(),
});
export type ExerciseStatusInput = z.infer<typeof exerciseStatusInput>;

/** The answer of like and dislike: the caller's vote and the counts after it. */
export const voteResultSchema = z.object({
  own_like: z.union([z.literal(1), z.literal(0), z.null()]),
  likes_count: z.number().int(),
  dislikes_count: z.number().int(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

/** The project an exercise call acts in and, optionally, the role (the highest held when absent). */
export const exerciseActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
});
export type ExerciseActingQuery = z.infer<typeof exerciseActingQuery>;

/**
 * The acting query of a call whose body may name the project instead (`POST /exercises`,
 * `PUT /exercises/:exerciseId`, spec §7); one of the two must.
 */
export const exerciseWriteQuery = exerciseActingQuery.partial();
export type ExerciseWriteQuery = z.infer<typeof exerciseWriteQuery>;

export const exerciseParams = z.object({ exerciseId: idParam });

/** A flag in a query string: `true`/`false`, `1`/`0`, `yes`/`no`. */
const queryFlag = z.stringbool();

/** Filters of every exercise list. */
const listFilters = {
  /** Case-insensitive part of the title (spec §5). */
  term: z.string().trim().max(EXERCISE_TITLE_MAX).optional(),
  category_id: idParam.optional(),
  tag_id: idParam.optional(),
  /** Adds each exercise's status history (`activities`). */
  with_activities: queryFlag.optional(),
};

/** Query of `GET /exercises/:exerciseId` (spec §7: `role_id`; and the project, as every call names it). */
export const exerciseQuery = exerciseActingQuery.extend({ with_activities: listFilters.with_activities });
export type ExerciseQuery = z.infer<typeof exerciseQuery>;

/** Query of `GET /exercises` (spec §7 with §3 filter, §5 matching rules). */
export const exercisesQuery = pageQuery.extend({
  ...exerciseActingQuery.shape,
  ...listFilters,
  status_id: statusIdSchema.optional(),
  /** The assigned author when there is one, else the author (spec §5). */
  author_id: idParam.optional(),
});
export type ExercisesQuery = z.infer<typeof exercisesQuery>;

/**
 * Query of `GET /exercises/for-author`: the caller's own, assigned and open requests; `author_id`
 * narrows them as on `GET /exercises` (the caller, or the moderator who filed an open request).
 */
export const exercisesForAuthorQuery = exercisesQuery;
export type ExercisesForAuthorQuery = z.infer<typeof exercisesForAuthorQuery>;

/**
 * Query of `GET /exercises/for-teacher` (spec §7): accepted exercises. `category_id` keeps those in
 * the category or anywhere under it (a plan block's folder); `protocol_id` those in the folders of
 * that plan of the caller's, `client_id` in the folders of that student's plans (issue 15).
 */
export const exercisesForTeacherQuery = pageQuery.extend({
  ...exerciseActingQuery.shape,
  ...listFilters,
  client_id: idParam.optional(),
  protocol_id: idParam.optional(),
});
export type ExercisesForTeacherQuery = z.infer<typeof exercisesForTeacherQuery>;

/** Query of `GET /exercises/stats` (spec §7): a range of whole days (UTC), both included. */
export const exerciseStatsQuery = exerciseActingQuery
  .extend({ start_date: deadlineSchema, end_date: deadlineSchema })
  .refine((query) => query.start_date <= query.end_date, { message: 'endBeforeStart', path: ['end_date'] });
export type ExerciseStatsQuery = z.infer<typeof exerciseStatsQuery>;

/** The answer of the stats call. */
export const exerciseStatsSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** Exercises created in the range (requests and drafts). */
  created: z.number().int(),
  /** Status changes in the range, by the status changed to. */
  changed: statusCountsSchema,
  /** Every exercise of the project now, by status. */
  current: statusCountsSchema,
});
export type ExerciseStats = z.infer<typeof exerciseStatsSchema>;

/** Exercises of one bulk call: at least one, at most EXERCISE_BULK_MAX, none twice. */
const bulkIds = z.array(bodyId).min(1).max(EXERCISE_BULK_MAX).refine(unique, { message: 'unique' });

/** `POST /exercises/bulk/toggle` (spec §4: generated exercises are toggled in bulk): sets one flag. */
export const exerciseBulkToggleInput = z.strictObject({
  ids: bulkIds,
  field: z.enum(MODERATOR_ONLY_FIELDS),
  value: z.boolean(),
});
export type ExerciseBulkToggleInput = z.infer<typeof exerciseBulkToggleInput>;

/** `POST /exercises/bulk/delete`. */
export const exerciseBulkDeleteInput = z.strictObject({ ids: bulkIds });
export type ExerciseBulkDeleteInput = z.infer<typeof exerciseBulkDeleteInput>;

/** The answer of a bulk call: how many exercises it changed. */
export const exerciseBulkResult = z.object({ count: z.number().int() });
export type ExerciseBulkResult = z.infer<typeof exerciseBulkResult>;

/**
 * The exercise list filter the web app keeps in local storage `exercises-filter` (spec §3, §9): the
 * status tab (default request), the title term and the author. A stored value that does not parse
 * falls back field by field to the default.
 */
export const exercisesFilterSchema = z.object({
  status: z.enum(EXERCISE_STATUS_NAMES).catch('request'),
  term: z.string().max(EXERCISE_TITLE_MAX).catch(''),
  authorId: z.number().int().positive().nullable().catch(null),
});
export type ExercisesFilter = z.infer<typeof exercisesFilterSchema>;

export const DEFAULT_EXERCISES_FILTER: ExercisesFilter = { status: 'request', term: '', authorId: null };

/** The filter kept under `exercises-filter`, or the default when there is none or it is not JSON. */
export function readExercisesFilter(stored: string | null): ExercisesFilter {
  if (stored === null) return { ...DEFAULT_EXERCISES_FILTER };
  try {
    const value: unknown = JSON.parse(stored);
    const parsed = exercisesFilterSchema.safeParse(value);
    return parsed.success ? parsed.data : { ...DEFAULT_EXERCISES_FILTER };
  } catch {
    return { ...DEFAULT_EXERCISES_FILTER };
  }
}

/** The status id a filter's tab lists. */
export const filterStatusId = (filter: ExercisesFilter) => EXERCISE_STATUS[filter.status];

/** Query of `DELETE /exercises/:exerciseId/files` (spec §7: with the status the caller saw). */
export const exerciseFileDeleteQuery = exerciseActingQuery.extend({
  /** The exercise's status as the caller last saw it; a different current status is a conflict (409). */
  status_id: statusIdSchema.optional(),
});
export type ExerciseFileDeleteQuery = z.infer<typeof exerciseFileDeleteQuery>;

/** `POST /exercises/:exerciseId/files`: a form with one `file`, the .pptx (checked by its bytes). */
export const exerciseFileUploadBody = z.strictObject({
  /** An Upload the form reader made; checked by the server. */
  file: z
    .unknown()
    .refine((value) => value !== undefined, { message: 'required' })
    .meta({ type: 'string', format: 'binary' }),
});

/**
 * How far the slide images of a deck are (issue 6): `pending` queued, `rendering` under way,
 * `ready` one image per slide, `failed` none, `thumbnail` only the deck's own preview (LibreOffice
 * is not installed on the server).
 */
export const SLIDES_STATUSES = ['pending', 'rendering', 'ready', 'failed', 'thumbnail'] as const;
export type SlidesStatus = (typeof SLIDES_STATUSES)[number];

/** `GET /exercises/:exerciseId/slides`: the images of the deck's slides and how their rendering goes. */
export const exerciseSlidesSchema = z.object({
  /** Null while the exercise has no deck. */
  status: z.enum(SLIDES_STATUSES).nullable(),
  /** Why images are missing or fewer than the slides, in the request's language; null when nothing to say. */
  message: z.string().nullable(),
  slides: z.array(z.object({ position: z.number().int(), file_url: z.string() })),
});
export type ExerciseSlides = z.infer<typeof exerciseSlidesSchema>;
