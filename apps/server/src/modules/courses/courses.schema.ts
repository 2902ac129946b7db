/**
 * Course templates and the students' courses (issue 30 item 2). A template keeps its working copy
 * as JSON (name, description, language and its lessons by key) and its published versions in
 * `course_template_versions` (the versioned-document kit, decision 030). A course is made from one
 * published version on one of a student's plans (at most one course per plan); each of its lessons
 * is a template lesson (by key, at the version the course took it from) on one of the plan's
 * lessons. A row without a lesson records a newer version's added lesson the teacher kept out.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CourseTemplateContent } from '@logoschool/contract';
import { clients } from '../../db/schema/clients.ts';
import { lessons } from '../../db/schema/lessons.ts';
import { protocols } from '../../db/schema/protocols.ts';
import { publishedVersion } from '../../db/schema/published-versions.ts';
import { belongsTo, createdAt, id, timestamps } from '../../db/schema/shared-columns.ts';
import { users } from '../../db/schema/users.ts';
import { workspaceRef } from '../../db/schema/workspaces.ts';

export const courseTemplates = pgTable(
  'course_templates',
  {
    id: id(),
    workspaceId: workspaceRef(),
    writerId: belongsTo('writer_id', () => users.id, 'restrict'),
    status: text('status').notNull().default('draft'),
    name: text('name').notNull(),
    language: text('language').notNull(),
    content: jsonb('content').$type<CourseTemplateContent>().notNull(),
    /** The latest published version's number; 0 before the first. */
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('course_templates_workspace_idx').on(table.workspaceId, table.id),
    check('course_templates_status_check', sql`${table.status} in ('draft', 'published')`),
    check('course_templates_language_check', sql`${table.language} in ('uk', 'ru', 'en', 'pl')`),
  ],
);

export type CourseTemplateRow = typeof courseTemplates.$inferSelect;

/** A published version of a template, as it was published: courses are made from one. Never changed after. */
export const courseTemplateVersions = pgTable(
  'course_template_versions',
  {
    id: id(),
    templateId: belongsTo('template_id', () => courseTemplates.id, 'cascade'),
    ...publishedVersion<CourseTemplateContent>(),
  },
  (table) => [uniqueIndex('course_template_versions_unique').on(table.templateId, table.version)],
);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    workspaceId: workspaceRef(),
    teacherId: belongsTo('teacher_id', () => users.id, 'restrict'),
    clientId: belongsTo('client_id', () => clients.id, 'cascade'),
    protocolId: belongsTo('protocol_id', () => protocols.id, 'cascade'),
    // 'no action': the API refuses to delete a template a course is made from.
    templateId: belongsTo('template_id', () => courseTemplates.id, 'no action'),
    /** The version the course started from. */
    templateVersion: integer('template_version').notNull(),
    /** The weekly schedule its lessons were dated with; a lesson added later takes the next of its days. */
    weekdays: smallint('weekdays').array().notNull(),
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('courses_protocol_unique').on(table.protocolId),
    index('courses_workspace_teacher_idx').on(table.workspaceId, table.teacherId),
    index('courses_template_idx').on(table.templateId),
  ],
);

export type CourseRow = typeof courses.$inferSelect;

export const courseLessons = pgTable(
  'course_lessons',
  {
    id: id(),
    workspaceId: workspaceRef(),
    courseId: belongsTo('course_id', () => courses.id, 'cascade'),
    /** The template lesson's key. */
    key: uuid('key').notNull(),
    /** The student's lesson it is; null: an added lesson of a newer version the teacher kept out. */
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    /** The template version its content is from (0 for one kept out). */
    version: integer('version').notNull(),
    /** The newest version whose change of this lesson the teacher kept out (0: none). */
    keptVersion: integer('kept_version').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('course_lessons_key_unique').on(table.courseId, table.key),
    uniqueIndex('course_lessons_lesson_unique').on(table.lessonId),
  ],
);

export type CourseLessonRow = typeof courseLessons.$inferSelect;
