/**
 * Course templates (issue 30 item 2, spec §3 Course template): the project's moderators keep a
 * working copy and publish it as numbered versions that students' courses are made from; teachers
 * read the latest published version.
 */
import {
  EXERCISE_STATUS,
  courseTemplateActions,
  roleMay,
  type CourseTemplate,
  type CourseTemplateContent,
  type CourseTemplatesPage,
  type CourseTemplatesQuery,
  type CourseTemplateStatus,
  type DocumentVersion,
  type Language,
  type VersionsDiff,
  type VersionsDiffQuery,
  type courseTemplateInput,
} from '@logoschool/contract';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { exercises, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { courseTemplates, courses, type CourseTemplateRow } from './courses.schema.ts';
import { courseTemplateDocuments as documents } from './template-versions.ts';

type TemplateInput = z.output<typeof courseTemplateInput>;

/** Whether the caller keeps templates (sees and changes every working copy). */
const manages = (caller: ProjectActor) => roleMay(caller.role, 'courseTemplates.manage');

const inProject = (workspaceId: number) => eq(courseTemplates.workspaceId, workspaceId);

/** The templates of the project the caller reads: every one for a moderator, else the published ones. */
function readable(caller: ProjectActor): SQL | undefined {
  if (manages(caller)) return inProject(caller.workspaceId);
  return and(inProject(caller.workspaceId), gt(courseTemplates.version, 0));
}

/** The titles of exercises of the project, by id. */
export async function exerciseTitles(db: Tx, workspaceId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: exercises.id, title: exercises.title })
    .from(exercises)
    .where(and(eq(exercises.workspaceId, workspaceId), inArray(exercises.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The template as the caller sees it: moderators the working copy, teachers the latest published version. */
async function viewOf(db: Tx, caller: ProjectActor, row: CourseTemplateRow): Promise<CourseTemplate> {
  const working = manages(caller);
  const content = working ? row.content : await documents.content(db, row.id, row.version);
  if (!content) throw notFound();
  const status = working ? (row.status as CourseTemplateStatus) : 'published';
  const titles = await exerciseTitles(
    db,
    caller.workspaceId,
    content.lessons.flatMap((lesson) => lesson.exercise_ids),
  );
  return {
    id: row.id,
    name: content.name,
    description: content.description,
    language: content.language,
    lessons: content.lessons.map((lesson) => ({
      ...lesson,
      exercises: lesson.exercise_ids.map((id) => ({ id, title: titles.get(id) ?? '' })),
    })),
    status,
    version: row.version,
    writer: await documents.writerOf(db, row.writerId),
    actions: working ? courseTemplateActions(status) : [],
    courses: working ? await documents.usage(db, row.id) : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The template's row when the caller reads it; 404 otherwise (another project's, never published for a teacher). */
export const readableTemplate = (db: Tx, caller: ProjectActor, id: number, lock = false) =>
  documents.row(db, readable(caller), id, lock);

/** `GET /course-templates/:courseTemplateId`. */
export async function getCourseTemplate(db: Tx, caller: ProjectActor, id: number): Promise<CourseTemplate> {
  return viewOf(db, caller, await readableTemplate(db, caller, id));
}

/** `GET /course-templates/:courseTemplateId/versions`: its published versions, the first first. */
export async function listCourseTemplateVersions(
  db: Tx,
  caller: ProjectActor,
  id: number,
): Promise<DocumentVersion[]> {
  return documents.list(db, (await readableTemplate(db, caller, id)).id);
}

/** `GET /course-templates/:courseTemplateId/versions/diff`: what changed between two versions (or to what the caller reads now). */
export async function diffCourseTemplateVersions(
  db: Tx,
  caller: ProjectActor,
  id: number,
  query: VersionsDiffQuery,
): Promise<VersionsDiff> {
  const row = await readableTemplate(db, caller, id);
  const working = manages(caller);
  return documents.diff(db, id, query, async () => ({
    content: working ? row.content : await documents.content(db, id, row.version),
    working,
    version: row.version,
  }));
}

/** `GET /course-templates`: a page of the templates the caller reads, the latest change first. */
export async function listCourseTemplates(
  db: Tx,
  caller: ProjectActor,
  query: CourseTemplatesQuery,
): Promise<CourseTemplatesPage> {
  const working = manages(caller);
  // A teacher reads the latest published version's name and lessons, a moderator the working copy's.
  const content = working
    ? sql`${courseTemplates.content}`
    : sql`(select v.content from course_template_versions v where v.template_id = ${courseTemplates.id} and v.version = ${courseTemplates.version})`;
  const name = sql<string>`(${content})->>'name'`;
  const language = sql<string>`(${content})->>'language'`;
  const status = working
    ? sql<CourseTemplateStatus>`${courseTemplates.status}`
    : sql<CourseTemplateStatus>`'published'`;
  const lessons = sql<number>`jsonb_array_length((${content})->'lessons')::int`;
  const used = working
    ? sql<number>`(select count(*) from ${courses} where ${courses.templateId} = ${courseTemplates.id})::int`
    : sql<null>`null`;
  const filters: (SQL | undefined)[] = [readable(caller)];
  if (query.status) filters.push(sql`${status} = ${query.status}`);
  if (query.term) filters.push(sql`strpos(lower(${name}), lower(${query.term})) > 0`);
  const where = and(...filters);
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(courseTemplates).where(where),
    db
      .select({
        id: courseTemplates.id,
        name,
        language,
        status,
        version: courseTemplates.version,
        lessons,
        writerId: courseTemplates.writerId,
        writerName: users.name,
        updatedAt: courseTemplates.updatedAt,
        courses: used,
      })
      .from(courseTemplates)
      .innerJoin(users, eq(users.id, courseTemplates.writerId))
      .where(where)
      .orderBy(desc(courseTemplates.updatedAt), desc(courseTemplates.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const data = rows.map((row) => ({
    id: row.id,
    name: row.name,
    language: row.language as Language,
    status: row.status,
    version: row.version,
    lessons: row.lessons,
    writer: { id: row.writerId, name: row.writerName },
    updated_at: row.updatedAt.toISOString(),
    courses: row.courses === null ? null : Number(row.courses),
  }));
  return { data, meta: { total: total?.count ?? 0, page: query.page, per_page: query.per_page } };
}

/** The ids among these that are accepted exercises of the project. */
export async function acceptedExercises(
  db: Tx,
  workspaceId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: exercises.id })
    .from(exercises)
    .where(
      and(
        eq(exercises.workspaceId, workspaceId),
        eq(exercises.statusId, EXERCISE_STATUS.accepted),
        inArray(exercises.id, [...new Set(ids)]),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** A 422 at each exercise that is not an accepted exercise of the project. */
async function assertExercises(db: Tx, caller: ProjectActor, input: TemplateInput): Promise<void> {
  const accepted = await acceptedExercises(
    db,
    caller.workspaceId,
    input.lessons.flatMap((lesson) => lesson.exercise_ids),
  );
  const errors: Record<string, string[]> = {};
  input.lessons.forEach((lesson, l) =>
    lesson.exercise_ids.forEach((id, e) => {
      if (!accepted.has(id)) {
        errors[`lessons.${l}.exercise_ids.${e}`] = [fieldMessage(caller.lang, 'programExerciseNotAccepted')];
      }
    }),
  );
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', {}, errors);
}

/** The working copy of an input: every lesson keeps its key or gets a new one. */
function contentOf(input: TemplateInput): CourseTemplateContent {
  return {
    name: input.name,
    description: input.description,
    language: input.language,
    lessons: input.lessons.map((lesson) => ({
      key: lesson.key ?? randomUUID(),
      title: lesson.title,
      description_parents: lesson.description_parents,
      description_teacher: lesson.description_teacher,
      exercise_ids: lesson.exercise_ids,
    })),
  };
}

/** `POST /course-templates`: a new draft, its writer the caller. */
export async function createCourseTemplate(
  db: Db,
  caller: ProjectActor,
  input: TemplateInput,
): Promise<CourseTemplate> {
  await assertExercises(db, caller, input);
  const content = contentOf(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courseTemplates)
      .values({
        workspaceId: caller.workspaceId,
        writerId: caller.userId,
        status: 'draft',
        name: content.name,
        language: content.language,
        content,
      })
      .returning();
    if (!row) throw new Error('the template was not written');
    return viewOf(tx, caller, row);
  });
}

/**
 * `PUT /course-templates/:courseTemplateId`: replaces the working copy; a published template becomes a
 * draft again, its courses keeping their versions until the next publication.
 */
export async function updateCourseTemplate(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: TemplateInput,
): Promise<CourseTemplate> {
  const content = contentOf(input);
  return db.transaction(async (tx) => {
    await readableTemplate(tx, caller, id, true);
    await assertExercises(tx, caller, input);
    const saved = await documents.save(tx, id, {
      name: content.name,
      language: content.language,
      content,
      status: 'draft',
      updatedAt: new Date(),
    });
    return viewOf(tx, caller, saved);
  });
}

/** `POST /course-templates/:courseTemplateId/publish`: the working copy becomes the next version; 409 when unchanged. */
export async function publishCourseTemplate(
  db: Db,
  caller: ProjectActor,
  id: number,
): Promise<CourseTemplate> {
  return db.transaction(async (tx) => {
    const row = await readableTemplate(tx, caller, id, true);
    // Only moderators write templates: the document status machine as a moderator, never in review.
    const status = documents.step(row.status as CourseTemplateStatus, 'publish', ['moderator']);
    const version = row.version + 1;
    await documents.publish(tx, id, version, row.content, caller.userId);
    const saved = await documents.save(tx, id, { status, version, updatedAt: new Date() });
    return viewOf(tx, caller, saved);
  });
}

/** `DELETE /course-templates/:courseTemplateId`: 409 while courses are made from it. */
export async function deleteCourseTemplate(db: Db, caller: ProjectActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await readableTemplate(tx, caller, id, true);
    await documents.remove(tx, id);
  });
}
