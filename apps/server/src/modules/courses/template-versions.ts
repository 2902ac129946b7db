/**
 * Course templates as versioned documents (decision 030): their versions table, their lessons as
 * items by key, and the courses made from them, which keep a template from being deleted.
 */
import { courseTemplateSnapshot, type CourseTemplateContent } from '@logoschool/contract';
import { count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { versionedDocument } from '../../versioning/versioned-document.ts';
import {
  courseTemplateVersions,
  courseTemplates,
  courses,
  type CourseTemplateRow,
} from './courses.schema.ts';

/** How many courses are made from a template. */
export async function coursesOf(db: Tx, templateId: number): Promise<number> {
  const [row] = await db.select({ count: count() }).from(courses).where(eq(courses.templateId, templateId));
  return row?.count ?? 0;
}

export const courseTemplateDocuments = versionedDocument<CourseTemplateContent, CourseTemplateRow>({
  documents: { table: courseTemplates, id: courseTemplates.id },
  versions: {
    table: courseTemplateVersions,
    documentId: courseTemplateVersions.templateId,
    version: courseTemplateVersions.version,
    content: courseTemplateVersions.content,
    publishedBy: courseTemplateVersions.publishedBy,
    publishedAt: courseTemplateVersions.publishedAt,
    row: ({ documentId, version, content, publishedBy }) => ({
      templateId: documentId,
      version,
      content: content as CourseTemplateContent,
      publishedBy,
    }),
  },
  snapshot: courseTemplateSnapshot,
  usage: {
    count: coursesOf,
    refusal: () => new AppError('conflict').saying('courseTemplateInUse'),
  },
  wrongStatus: 'template_transition_refused',
});
