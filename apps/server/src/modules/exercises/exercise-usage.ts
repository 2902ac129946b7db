/**
 * Whether exercises are used by lessons: a lesson's presentations and marks keep their exercise, so
 * an exercise a lesson uses cannot be deleted (the database refuses it too; this says why first).
 * It lives with the exercises, reading the lessons' tables through the shared schema, so that the
 * lessons area depends on the exercises and never the reverse (decision 028).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lessonMarks, lessonPresentations, lessons } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';

/**
 * 409 `exercise_in_lessons` when a lesson of the project presents or marked one of the exercises
 * (another project's lessons are not looked at: its exercises are never named here).
 */
export async function assertExercisesUnused(
  tx: Tx,
  workspaceId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const inProject = eq(lessons.workspaceId, workspaceId);
  const [used] = await tx
    .select({ used: sql<boolean>`true` })
    .from(lessonPresentations)
    .innerJoin(lessons, eq(lessons.id, lessonPresentations.lessonId))
    .where(and(inProject, inArray(lessonPresentations.exerciseId, [...ids])))
    .unionAll(
      tx
        .select({ used: sql<boolean>`true` })
        .from(lessonMarks)
        .innerJoin(lessons, eq(lessons.id, lessonMarks.lessonId))
        .where(and(inProject, inArray(lessonMarks.exerciseId, [...ids]))),
    )
    .limit(1);
  if (used) throw new AppError('exercise_in_lessons');
}
