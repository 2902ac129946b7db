/**
 * Stories' tables (issue 30 item 1): a story's working copy as JSON (contract `StoryContent`, its
 * title and language also in columns for lists), its status and the number of its latest published
 * version, which `story_versions` keeps whole (decision 030). Its images and sounds are the
 * project's `story_files`, checked by their bytes; a version names them by id and they are never
 * deleted while the project lives. A lesson holds a part of a story as `lesson_story_parts`: the
 * version it was added from and the part's key, played after the lesson's presentations.
 */
import type { StoryContent } from '@logoschool/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { lessons } from '../../db/schema/lessons.ts';
import { publishedVersion } from '../../db/schema/published-versions.ts';
import { belongsTo, createdAt, id, timestamps } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

export const stories = pgTable(
  'stories',
  {
    id: id(),
    workspaceId: workspaceRef(),
    writerId: belongsTo('writer_id', () => users.id, 'restrict'),
    status: text('status').notNull().default('draft'),
    title: text('title').notNull(),
    language: text('language').notNull(),
    content: jsonb('content').$type<StoryContent>().notNull(),
    version: integer('version').notNull().default(0),
    /** What the moderator said when returning it; '' when not returned. */
    comment: text('comment').notNull().default(''),
    ...timestamps(),
  },
  (table) => [
    index('stories_workspace_idx').on(table.workspaceId, table.updatedAt),
    check('stories_status_check', sql`${table.status} in ('draft', 'moderation', 'published')`),
    check('stories_language_check', sql`${table.language} in ('uk', 'ru', 'en', 'pl')`),
  ],
);
export type StoryRow = typeof stories.$inferSelect;

/** A published version of a story, as it was published: lessons take their parts from one. Never changed after. */
export const storyVersions = pgTable(
  'story_versions',
  {
    id: id(),
    workspaceId: workspaceRef(),
    storyId: belongsTo('story_id', () => stories.id, 'cascade'),
    ...publishedVersion<StoryContent>(),
  },
  (table) => [uniqueIndex('story_versions_unique').on(table.storyId, table.version)],
);

/** An image or a sound of the project's stories (what its bytes are, not what its name says). */
export const storyFiles = pgTable(
  'story_files',
  {
    id: id(),
    workspaceId: workspaceRef(),
    kind: text('kind').notNull(),
    storedName: text('stored_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    uploadedBy: belongsTo('uploaded_by', () => users.id, 'restrict'),
    createdAt: createdAt(),
  },
  (table) => [
    index('story_files_workspace_idx').on(table.workspaceId),
    uniqueIndex('story_files_stored_name_key').on(table.storedName),
    check('story_files_kind_check', sql`${table.kind} in ('image', 'sound')`),
  ],
);
export type StoryFileRow = typeof storyFiles.$inferSelect;

/** A story part in a lesson: the published version it was added from, and the part's key in it. */
export const lessonStoryParts = pgTable(
  'lesson_story_parts',
  {
    id: id(),
    workspaceId: workspaceRef(),
    lessonId: belongsTo('lesson_id', () => lessons.id, 'cascade'),
    // 'no action': a story a lesson holds is not deleted (the API refuses), a whole project still goes at once.
    storyId: belongsTo('story_id', () => stories.id, 'no action'),
    version: integer('version').notNull(),
    partKey: uuid('part_key').notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('lesson_story_parts_unique').on(table.lessonId, table.storyId, table.partKey),
    index('lesson_story_parts_story_idx').on(table.storyId),
  ],
);
export type LessonStoryPartRow = typeof lessonStoryParts.$inferSelect;
