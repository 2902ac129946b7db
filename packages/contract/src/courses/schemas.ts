import { z } from 'zod';
import { bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { timeOfDaySchema } from '../plans/schedule.ts';
import { timeZoneSchema } from '../plans/plans.ts';
import { documentStepsFor } from '../versioning/document-status.ts';
import type { VersionSnapshot } from '../versioning/version-diff.ts';
import { versionsDiffQuery } from '../versioning/versions-api.ts';

/**
 * Course templates and the students' courses made from them (issue 30 item 2; spec §3 Course
 * template: name, description, lessons each with parent and teacher descriptions and exercises).
 *
 * A course template is a versioned document (decision 030) that only moderators write: a working
 * copy, published as numbered versions. Each lesson carries a `key` (a uuid) that names it across
 * versions. A teacher starts a student's course on one of the student's plans from a published
 * version: the course's lessons take the plan's lessons still free, dated weekly. When the
 * template gets a newer version, the course shows each lesson's change and the teacher applies or
 * keeps it; a lesson already held never changes.
 */

/** Bounds of a course template (the issue leaves the numbers to us). */
export const CT_NAME_MAX = 200;
export const CT_TEXT_MAX = 4000;
export const CT_LESSONS_MAX = 40;
export const CT_EXERCISES_MAX = 20;

/** A template's life: only moderators write templates, so none is ever in review. */
export const COURSE_TEMPLATE_STATUSES = ['draft', 'published'] as const;
export type CourseTemplateStatus = (typeof COURSE_TEMPLATE_STATUSES)[number];

const optionalText = z.string().trim().max(CT_TEXT_MAX);

/** One lesson of a template as written: a new one comes without a key and the server gives it one. */
export const courseLessonInput = z.strictObject({
  key: z.uuid().optional(),
  title: z.string().trim().min(1).max(CT_NAME_MAX),
  description_parents: optionalText.default(''),
  description_teacher: optionalText.default(''),
  /** The project's accepted exercises, in the lesson's order. */
  exercise_ids: z
    .array(bodyId)
    .min(1)
    .max(CT_EXERCISES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'unique' }),
});
export type CourseLessonInput = z.input<typeof courseLessonInput>;

/** `POST /course-templates`, `PUT /course-templates/:courseTemplateId`: the whole working copy. */
export const courseTemplateInput = z.strictObject({
  name: z.string().trim().min(1).max(CT_NAME_MAX),
  description: optionalText.default(''),
  language: z.enum(LANGUAGES),
  lessons: z
    .array(courseLessonInput)
    .min(1)
    .max(CT_LESSONS_MAX)
    .refine(
      (lessons) => {
        const keys = lessons.flatMap((lesson) => (lesson.key ? [lesson.key] : []));
        return new Set(keys).size === keys.length;
      },
      { message: 'unique' },
    ),
});
export type CourseTemplateInput = z.input<typeof courseTemplateInput>;

/** A lesson as a version keeps it. */
export const courseLessonContentSchema = z.object({
  key: z.string(),
  title: z.string(),
  description_parents: z.string(),
  description_teacher: z.string(),
  exercise_ids: z.array(z.number().int()),
});
export type CourseLessonContent = z.infer<typeof courseLessonContentSchema>;

/** What a version of a template keeps: the working copy as it was published. */
export const courseTemplateContentSchema = z.object({
  name: z.string(),
  description: z.string(),
  language: z.enum(LANGUAGES),
  lessons: z.array(courseLessonContentSchema),
});
export type CourseTemplateContent = z.infer<typeof courseTemplateContentSchema>;

/** A template's content as a versioned document (decision 030): its own fields, its lessons by key. */
export function courseTemplateSnapshot(content: CourseTemplateContent): VersionSnapshot {
  return {
    fields: { name: content.name, description: content.description, language: content.language },
    items: content.lessons.map(({ key, ...fields }) => ({
      key,
      kind: 'lesson',
      label: fields.title,
      parent: null,
      fields,
    })),
  };
}

/** What a moderator may do to a template now. */
export const COURSE_TEMPLATE_ACTIONS = ['edit', 'publish', 'delete'] as const;
export type CourseTemplateAction = (typeof COURSE_TEMPLATE_ACTIONS)[number];

/** Edit and delete always (a template a course is made from answers 409 on delete); publish a draft. */
export function courseTemplateActions(status: CourseTemplateStatus): CourseTemplateAction[] {
  return documentStepsFor(status, ['moderator']).includes('publish')
    ? ['edit', 'publish', 'delete']
    : ['edit', 'delete'];
}

/** The project and role a call acts in (in the query). */
export const courseActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
});

/** `GET /course-templates`: a page of the templates the role reads, the latest change first. */
export const courseTemplatesQuery = pageQuery.extend({
  ...courseActingQuery.shape,
  status: z.enum(COURSE_TEMPLATE_STATUSES).optional(),
  /** A case-insensitive part of the name. */
  term: z.string().trim().max(CT_NAME_MAX).optional(),
});
export type CourseTemplatesQuery = z.infer<typeof courseTemplatesQuery>;

export const courseTemplateParams = z.object({ courseTemplateId: idParam });

/** `GET /course-templates/:courseTemplateId/versions/diff?from=&to=` (decision 030). */
export const courseTemplateVersionsDiffQuery = courseActingQuery.extend(versionsDiffQuery.shape);

const person = z.object({ id: z.number().int(), name: z.string() });

/** One row of the templates list. */
export const courseTemplateListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(COURSE_TEMPLATE_STATUSES),
  /** The latest published version's number; 0 before the first publication. */
  version: z.number().int(),
  lessons: z.number().int(),
  writer: person,
  updated_at: z.string(),
  /** How many courses are made from it (moderators; null for teachers). */
  courses: z.number().int().nullable(),
});
export type CourseTemplateListItem = z.infer<typeof courseTemplateListItemSchema>;

export const courseTemplatesPageEnvelope = pageEnvelope(courseTemplateListItemSchema);
export type CourseTemplatesPage = z.infer<typeof courseTemplatesPageEnvelope>;

/** An exercise of a lesson, with its title. */
export const courseExerciseSchema = z.object({ id: z.number().int(), title: z.string() });
export type CourseExercise = z.infer<typeof courseExerciseSchema>;

/** A lesson of a template as the API shows it: its exercises with their titles. */
export const courseTemplateLessonSchema = courseLessonContentSchema.extend({
  exercises: z.array(courseExerciseSchema),
});

/**
 * A template as the API shows it: moderators its working copy, status and what they may do;
 * teachers its latest published version (status published, no actions).
 */
export const courseTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  language: z.enum(LANGUAGES),
  lessons: z.array(courseTemplateLessonSchema),
  status: z.enum(COURSE_TEMPLATE_STATUSES),
  version: z.number().int(),
  writer: person,
  actions: z.array(z.enum(COURSE_TEMPLATE_ACTIONS)),
  /** How many courses are made from it (moderators; null for teachers). */
  courses: z.number().int().nullable(),
  updated_at: z.string(),
});
export type CourseTemplate = z.infer<typeof courseTemplateSchema>;

// ---------------------------------------------------------------------------------------------
// Courses: a student's course made from a published template on one of the student's plans.

/**
 * `POST /courses`: a course of the template's latest published version on the caller's plan, its
 * lessons on the plan's free lessons (not held, nothing in them yet), dated weekly on `weekdays`
 * at `time` in `time_zone` from `start_date` on (as the plan's schedule dates them).
 */
export const courseStartInput = z.strictObject({
  protocol_id: bodyId,
  course_template_id: bodyId,
  weekdays: z
    .array(z.number().int().min(1).max(7))
    .min(1)
    .max(7)
    .refine((days) => new Set(days).size === days.length, { message: 'unique' }),
  time: timeOfDaySchema,
  start_date: z.iso.date({ message: 'date' }),
  time_zone: timeZoneSchema,
});
export type CourseStartInput = z.input<typeof courseStartInput>;

export const courseParams = z.object({ courseId: idParam });

/** `GET /courses`: the caller's courses, the latest first; `protocol_id` narrows them to one plan's. */
export const coursesQuery = courseActingQuery.extend({ protocol_id: idParam.optional() });
export type CoursesQuery = z.infer<typeof coursesQuery>;

/** `POST /courses/:courseId/apply`, `/keep`: one lesson's change, by its key in the template. */
export const courseLessonChangeInput = z.strictObject({ key: z.uuid() });
export type CourseLessonChangeInput = z.infer<typeof courseLessonChangeInput>;

/** A themed version of an exercise for one of the child's interests. */
export const courseThemedSchema = z.object({ theme_id: z.number().int(), theme_name: z.string() });

/** An exercise of a course's lesson, with its themed versions for the child's interests. */
export const courseLessonExerciseSchema = courseExerciseSchema.extend({
  themed: z.array(courseThemedSchema),
});
export type CourseLessonExercise = z.infer<typeof courseLessonExerciseSchema>;

/** A lesson of a course: the template lesson it took (at `version`) and the student's lesson it is. */
export const courseLessonSchema = z.object({
  key: z.string(),
  lesson_id: z.number().int(),
  number: z.number().int(),
  starts_at: z.string().nullable(),
  held: z.boolean(),
  /** The template version this lesson's content is from. */
  version: z.number().int(),
  title: z.string(),
  description_parents: z.string(),
  description_teacher: z.string(),
  exercises: z.array(courseLessonExerciseSchema),
});
export type CourseLesson = z.infer<typeof courseLessonSchema>;

/** How a lesson of the newer version differs from the course's. */
export const COURSE_LESSON_CHANGES = ['added', 'removed', 'changed'] as const;
export type CourseLessonChange = (typeof COURSE_LESSON_CHANGES)[number];

/** A lesson's change waiting for the teacher: applied or kept, one by one. */
export const coursePendingChangeSchema = z.object({
  key: z.string(),
  change: z.enum(COURSE_LESSON_CHANGES),
  /** The lesson's title in the newer version (the course's for a removed one). */
  title: z.string(),
  /** The lesson's fields that differ (`title`, `description_parents`, `description_teacher`, `exercise_ids`). */
  fields: z.array(z.string()),
  /** The student's lesson it changes (null for an added one). */
  lesson_id: z.number().int().nullable(),
});
export type CoursePendingChange = z.infer<typeof coursePendingChangeSchema>;

/** A student's course as its teacher sees it. */
export const courseSchema = z.object({
  id: z.number().int(),
  protocol_id: z.number().int(),
  client: z.object({ id: z.number().int(), child_name: z.string() }),
  template: z.object({ id: z.number().int(), name: z.string() }),
  /** The version the course started from, and the template's latest. */
  started_version: z.number().int(),
  latest_version: z.number().int(),
  lessons: z.array(courseLessonSchema),
  /** The latest version's changes not applied nor kept yet, lesson by lesson (held lessons never change). */
  changes: z.array(coursePendingChangeSchema),
  created_at: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

/** One of the caller's courses in a list. */
export const courseListItemSchema = courseSchema
  .pick({
    id: true,
    protocol_id: true,
    client: true,
    template: true,
    started_version: true,
    latest_version: true,
    created_at: true,
  })
  .extend({
    lessons: z.number().int(),
    /** How many lessons' changes wait for the teacher. */
    changes: z.number().int(),
  });
export type CourseListItem = z.infer<typeof courseListItemSchema>;
