import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamps, updatedAt } from './shared-columns.ts';
import { categories } from './categories.ts';
import { tags } from './tags.ts';
import { themes } from './themes.ts';
import { users } from './users.ts';
import { workspaceRef, workspaces } from './workspaces.ts';

/**
 * An exercise (micro-block, spec §3 Exercise). `status_id` is the contract's EXERCISE_STATUS id.
 * The likes counts are kept on the row and changed in the same transaction as the vote they count,
 * under a lock on the row, so a list never recounts votes. The request fields are set for an
 * exercise a moderator filed as a request, and null otherwise.
 */
export const exercises = pgTable(
  'exercises',
  {
    id: id(),
    workspaceId: workspaceRef(),
    title: text('title').notNull(),
    statusId: smallint('status_id').notNull(),
    /** Who created it: the author, or the moderator who filed the request. */
    authorId: belongsTo('author_id', () => users.id, 'restrict'),
    /** The author who took the request. */
    assignedId: integer('assigned_id').references(() => users.id, { onDelete: 'restrict' }),
    // 'no action' is checked at the end of the statement, so a whole project can go at once; the API
    // refuses to delete a category that still has exercises.
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'no action' }),
    usageFrequency: smallint('usage_frequency').notNull().default(1),
    /** The latest comment given with a status change. */
    comment: text('comment').notNull().default(''),
    instruction: text('instruction').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The language of the content: uk, ru, en or pl. */
    language: text('language').notNull(),
    readOnly: boolean('read_only').notNull().default(false),
    excludedFromGeneration: boolean('excluded_from_generation').notNull().default(false),
    readyForGeneration: boolean('ready_for_generation').notNull().default(false),
    likesCount: integer('likes_count').notNull().default(0),
    dislikesCount: integer('dislikes_count').notNull().default(0),
    requestDescription: text('request_description'),
    /** Interests (themes) by name. */
    requestInterests: text('request_interests').array(),
    requestAgeCategories: text('request_age_categories').array(),
    requestDeadline: date('request_deadline', { mode: 'string' }),
    /** Slides of the uploaded .pptx, and their text for search; null until one is uploaded. */
    slideCount: integer('slide_count'),
    slideText: text('slide_text'),
    /**
     * What the term filter searches (spec §5, issue 6): the title and the slides' text, lower-cased
     * once when written rather than on every row of every search (issue 32), joined by a unit
     * separator that no term holds, so that no match spans the two.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(title) || E'\\x1f' || lower(coalesce(slide_text, ''))`),
    /**
     * The slide images' rendering (`render-slides` job): pending, rendering, ready, failed, or
     * thumbnail (only the deck's own preview); null while no deck is uploaded.
     */
    slidesStatus: text('slides_status'),
    /** Why the images are not all there: a message key of the server's (see SLIDES_MESSAGES). */
    slidesMessage: text('slides_message'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('exercises_workspace_title_unique').on(table.workspaceId, sql`lower(${table.title})`),
    // The list: one project, one status tab, newest first. NULLS FIRST is what `order by id desc`
    // means, so that the index gives the list its order (the id is never null).
    index('exercises_workspace_status_idx').on(
      table.workspaceId,
      table.statusId,
      table.id.desc().nullsFirst(),
    ),
    // The author filter (assigned author, else author) and the author's own lists; with the status,
    // so that counting an author's own by status reads only these indexes.
    index('exercises_workspace_author_idx').on(
      table.workspaceId,
      table.authorId,
      table.assignedId,
      table.statusId,
    ),
    index('exercises_workspace_assigned_idx').on(table.workspaceId, table.assignedId, table.statusId),
    // The category filter, and whether a category still has exercises.
    index('exercises_workspace_category_idx').on(table.workspaceId, table.categoryId),
    // The term filter, a case-insensitive substring (`search_text like '%term%'`): a trigram index.
    index('exercises_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('exercises_status_check', sql`${table.statusId} between 1 and 5`),
    check('exercises_usage_frequency_check', sql`${table.usageFrequency} in (1, 3)`),
    check('exercises_counts_check', sql`${table.likesCount} >= 0 and ${table.dislikesCount} >= 0`),
    check(
      'exercises_slides_status_check',
      sql`${table.slidesStatus} in ('pending', 'rendering', 'ready', 'failed', 'thumbnail')`,
    ),
  ],
);

export type ExerciseRow = typeof exercises.$inferSelect;

/**
 * How many exercises a project has in each status, so that a list's counters do not count the
 * whole project on every call. Kept by triggers on `exercises` (migration 0008), in the transaction
 * of the write, so every insert, status change and delete (cascades included) counts; the services
 * never write it. A status with no row has none.
 */
export const exerciseStatusCounts = pgTable(
  'exercise_status_counts',
  {
    workspaceId: workspaceRef(),
    statusId: smallint('status_id').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.statusId] }),
    check('exercise_status_counts_count_check', sql`${table.count} >= 0`),
  ],
);

/** The tags of an exercise (spec §3 keywords/tags). */
export const exerciseTags = pgTable(
  'exercise_tags',
  {
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    tagId: belongsTo('tag_id', () => tags.id, 'cascade'),
  },
  (table) => [
    primaryKey({ columns: [table.exerciseId, table.tagId] }),
    index('exercise_tags_tag_idx').on(table.tagId),
  ],
);

/** One user's like (1) or dislike (0) of an exercise (spec §4); no row is no vote. */
export const exerciseVotes = pgTable(
  'exercise_votes',
  {
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.exerciseId, table.userId] }),
    check('exercise_votes_value_check', sql`${table.value} in (0, 1)`),
  ],
);

/**
 * Every status change of an exercise, with who and when (issue 6: the status history); the creation
 * is the row without `from_status`. `workspace_id` lets the stats read one project's changes by time.
 */
export const exerciseStatusHistory = pgTable(
  'exercise_status_history',
  {
    id: id(),
    workspaceId: workspaceRef(),
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    /** Null for an automatic change (auto-moderation). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment').notNull().default(''),
    automatic: boolean('automatic').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('exercise_status_history_exercise_idx').on(table.exerciseId, table.id),
    index('exercise_status_history_workspace_time_idx').on(table.workspaceId, table.createdAt),
  ],
);

export type ExerciseStatusHistoryRow = typeof exerciseStatusHistory.$inferSelect;

/**
 * A file of an exercise: its .pptx deck (`presentation`, at most one), a rendered slide image
 * (`slide`), a picture or a sound found inside the deck (`image`, `audio`: spec §3 "fetched with
 * images, audio"), or a themed variant of the deck (`generated`, see `exerciseGenerated`). The bytes
 * live in the file store (`DATA_DIR/files/exercises/<stored_name>`) under a random name;
 * `original_name` is only what the uploader called it.
 */
export const exerciseFiles = pgTable(
  'exercise_files',
  {
    id: id(),
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    kind: text('kind').notNull(),
    storedName: text('stored_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    /** An image's or a sound's part in the deck's zip (`ppt/media/image3.png`); null for other kinds. */
    mediaPath: text('media_path'),
    /** The slides (1-based, in deck order) that show the image or play the sound. */
    slides: integer('slides').array(),
    /**
     * What a themed variant puts in place of this image or sound: an asset type of the theme
     * (`background`, `character`, `prop`, `sound`); null keeps it as it is.
     */
    assetType: text('asset_type'),
    createdAt: createdAt(),
  },
  (table) => [
    index('exercise_files_exercise_idx').on(table.exerciseId, table.kind),
    uniqueIndex('exercise_files_presentation_unique')
      .on(table.exerciseId)
      .where(sql`${table.kind} = 'presentation'`),
    uniqueIndex('exercise_files_stored_name_key').on(table.storedName),
    check(
      'exercise_files_kind_check',
      sql`${table.kind} in ('presentation', 'slide', 'image', 'audio', 'generated')`,
    ),
    check(
      'exercise_files_asset_type_check',
      sql`${table.assetType} in ('background', 'character', 'prop', 'sound')`,
    ),
  ],
);

export type ExerciseFileRow = typeof exerciseFiles.$inferSelect;

/** The rendered images of an exercise's deck, by slide (1-based). */
export const exerciseSlides = pgTable(
  'exercise_slides',
  {
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    position: integer('position').notNull(),
    fileId: belongsTo('file_id', () => exerciseFiles.id, 'cascade'),
  },
  (table) => [primaryKey({ columns: [table.exerciseId, table.position] })],
);

/**
 * A project's auto-moderation settings (issue 6): the contract's `AutoModerationSettingsInput` as
 * JSON, read leniently (`readAutoModerationSettings`). No row: the defaults (off).
 */
export const autoModerationSettings = pgTable('auto_moderation_settings', {
  workspaceId: integer('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * A themed variant of an exercise's deck (spec §1: "themed variants of presentations generated per
 * child interest"): the deck with the images and sounds marked with an asset type replaced by the
 * theme's assets of that type. One per exercise and theme; generating again replaces it. A
 * read-only variant is kept as it is by later generations (spec §4 "toggle (generated read-only)").
 */
export const exerciseGenerated = pgTable(
  'exercise_generated',
  {
    id: id(),
    workspaceId: workspaceRef(),
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    themeId: belongsTo('theme_id', () => themes.id, 'cascade'),
    /** The variant's .pptx (an `exercise_files` row of kind `generated`). */
    fileId: belongsTo('file_id', () => exerciseFiles.id, 'cascade'),
    /** How many images and sounds of the deck the theme's assets replaced. */
    replacedCount: integer('replaced_count').notNull(),
    readOnly: boolean('read_only').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exercise_generated_exercise_theme_unique').on(table.exerciseId, table.themeId),
    index('exercise_generated_workspace_theme_idx').on(table.workspaceId, table.themeId),
  ],
);

export type ExerciseGeneratedRow = typeof exerciseGenerated.$inferSelect;

/**
 * The exercise a user last worked on in a project (spec §7 `POST latest exercise`), so that the
 * author's index can offer to go back to it. No row: the latest changed exercise they can read.
 */
export const exerciseLatest = pgTable(
  'exercise_latest',
  {
    workspaceId: workspaceRef(),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    exerciseId: belongsTo('exercise_id', () => exercises.id, 'cascade'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId] })],
);
