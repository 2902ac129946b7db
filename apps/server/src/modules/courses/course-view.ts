/**
 * What a course shows (issue 30 item 2): its state (the lessons with the template versions they are
 * at, and the latest), the changes waiting per lesson, the themed versions of its exercises, and the
 * answer built from them. Read by every route of `courses.service.ts`.
 */
import {
  courseTemplateSnapshot,
  versionDifference,
  type Course,
  type CoursePendingChange,
  type CourseTemplateContent,
} from '@logoschool/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  clientThemes,
  clients,
  exerciseGenerated,
  lessons,
  themes,
  type LessonRow,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { visibleIn } from '../themes/index.ts';
import { exerciseTitles } from './course-templates.service.ts';
import { courseLessons, courseTemplates, type CourseLessonRow, type CourseRow } from './courses.schema.ts';
import { courseTemplateDocuments as documents } from './template-versions.ts';

/** A template's latest published version: its number and content. */
export async function latestOf(
  tx: Tx,
  templateId: number,
): Promise<{ version: number; content: CourseTemplateContent }> {
  const [template] = await tx
    .select({ version: courseTemplates.version })
    .from(courseTemplates)
    .where(eq(courseTemplates.id, templateId));
  const version = template?.version ?? 0;
  const content = await documents.content(tx, templateId, version);
  if (!content) throw notFound();
  return { version, content };
}

export interface CourseState {
  course: CourseRow;
  rows: (CourseLessonRow & { lesson: LessonRow | null })[];
  latest: { version: number; content: CourseTemplateContent };
  /** Versions' contents by number (those the lessons are at, and the latest). */
  contents: Map<number, CourseTemplateContent>;
}

export async function stateOf(tx: Tx, course: CourseRow): Promise<CourseState> {
  const latest = await latestOf(tx, course.templateId);
  const joined = await tx
    .select({ row: courseLessons, lesson: lessons })
    .from(courseLessons)
    .leftJoin(lessons, eq(lessons.id, courseLessons.lessonId))
    .where(eq(courseLessons.courseId, course.id))
    .orderBy(asc(lessons.number), asc(courseLessons.id));
  const rows = joined.map(({ row, lesson }) => ({ ...row, lesson }));
  const wanted = [...new Set(rows.filter((row) => row.version > 0).map((row) => row.version))].filter(
    (version) => version !== latest.version,
  );
  const found = await documents.contents(
    tx,
    wanted.map((version) => [course.templateId, version] as const),
  );
  const contents = new Map<number, CourseTemplateContent>([[latest.version, latest.content]]);
  for (const version of wanted) {
    const content = found.get(`${String(course.templateId)}:${String(version)}`);
    if (content) contents.set(version, content);
  }
  return { course, rows, latest, contents };
}

export const lessonIn = (content: CourseTemplateContent | undefined, key: string) =>
  content?.lessons.find((lesson) => lesson.key === key);

/**
 * The latest version's changes waiting for the teacher, lesson by lesson: a lesson whose content
 * differs (the kit's difference, by key), one the newer version dropped, one it added. Held
 * lessons are left out: they never change. A change kept out stays out until a newer version.
 */
export function pendingChanges(state: CourseState): CoursePendingChange[] {
  const { rows, latest, contents } = state;
  const differences = new Map<number, Map<string, string[]>>();
  const fieldsFrom = (version: number, key: string): string[] | null => {
    let byKey = differences.get(version);
    if (!byKey) {
      const older = contents.get(version);
      byKey = new Map();
      if (older) {
        const diff = versionDifference(courseTemplateSnapshot(older), courseTemplateSnapshot(latest.content));
        for (const change of diff.changes) if (change.fields.length > 0) byKey.set(change.key, change.fields);
      }
      differences.set(version, byKey);
    }
    return byKey.get(key) ?? null;
  };
  const changes: CoursePendingChange[] = [];
  for (const row of rows) {
    if (!row.lesson || row.lesson.finishedAt !== null) continue;
    if (row.version >= latest.version || row.keptVersion >= latest.version) continue;
    const newer = lessonIn(latest.content, row.key);
    if (!newer) {
      const older = lessonIn(contents.get(row.version), row.key);
      changes.push({
        key: row.key,
        change: 'removed',
        title: older?.title ?? '',
        fields: [],
        lesson_id: row.lesson.id,
      });
      continue;
    }
    const fields = fieldsFrom(row.version, row.key);
    if (fields)
      changes.push({ key: row.key, change: 'changed', title: newer.title, fields, lesson_id: row.lesson.id });
  }
  const known = new Map(rows.map((row) => [row.key, row]));
  for (const lesson of latest.content.lessons) {
    const row = known.get(lesson.key);
    if (row && (row.lessonId !== null || row.keptVersion >= latest.version)) continue;
    changes.push({ key: lesson.key, change: 'added', title: lesson.title, fields: [], lesson_id: null });
  }
  return changes;
}

/** The themed versions of these exercises for the child's interests, by exercise. */
export async function themedOf(tx: Tx, course: CourseRow, exerciseIds: readonly number[]) {
  const byExercise = new Map<number, { theme_id: number; theme_name: string }[]>();
  if (exerciseIds.length === 0) return byExercise;
  const rows = await tx
    .select({ exerciseId: exerciseGenerated.exerciseId, themeId: themes.id, themeName: themes.name })
    .from(exerciseGenerated)
    .innerJoin(themes, eq(themes.id, exerciseGenerated.themeId))
    .innerJoin(
      clientThemes,
      and(eq(clientThemes.themeId, themes.id), eq(clientThemes.clientId, course.clientId)),
    )
    .where(
      and(
        eq(exerciseGenerated.workspaceId, course.workspaceId),
        inArray(exerciseGenerated.exerciseId, [...new Set(exerciseIds)]),
        visibleIn(course.workspaceId),
      ),
    )
    .orderBy(asc(themes.name), asc(themes.id));
  for (const row of rows) {
    const list = byExercise.get(row.exerciseId) ?? [];
    list.push({ theme_id: row.themeId, theme_name: row.themeName });
    byExercise.set(row.exerciseId, list);
  }
  return byExercise;
}

export async function viewOf(tx: Tx, state: CourseState): Promise<Course> {
  const { course, rows, latest, contents } = state;
  const [client] = await tx
    .select({ id: clients.id, child_name: clients.childName })
    .from(clients)
    .where(eq(clients.id, course.clientId));
  const taken = rows.flatMap((row) => {
    const content = lessonIn(contents.get(row.version), row.key);
    return row.lesson && content ? [{ row, lesson: row.lesson, content }] : [];
  });
  const exerciseIds = taken.flatMap(({ content }) => content.exercise_ids);
  const [titles, themed] = await Promise.all([
    exerciseTitles(tx, course.workspaceId, exerciseIds),
    themedOf(tx, course, exerciseIds),
  ]);
  return {
    id: course.id,
    protocol_id: course.protocolId,
    client: client ?? { id: course.clientId, child_name: '' },
    template: { id: course.templateId, name: latest.content.name },
    started_version: course.templateVersion,
    latest_version: latest.version,
    lessons: taken.map(({ row, lesson, content }) => ({
      key: row.key,
      lesson_id: lesson.id,
      number: lesson.number,
      starts_at: lesson.startsAt?.toISOString() ?? null,
      held: lesson.finishedAt !== null,
      version: row.version,
      title: content.title,
      description_parents: content.description_parents,
      description_teacher: content.description_teacher,
      exercises: content.exercise_ids.map((id) => ({
        id,
        title: titles.get(id) ?? '',
        themed: themed.get(id) ?? [],
      })),
    })),
    changes: pendingChanges(state),
    created_at: course.createdAt.toISOString(),
  };
}
