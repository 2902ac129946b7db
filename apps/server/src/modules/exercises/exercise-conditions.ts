/**
 * The SQL conditions that pick exercises, shared by the reads, the writes, the rules and the
 * presenter, so that "the project's" and "what this role reads" are written once.
 */
import { EXERCISE_STATUS, type ExerciseReadScope, type ExerciseStatusName } from '@logoschool/contract';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import { exercises } from '../../db/schema/index.ts';

/** The exercises of a project. */
export const inProject = (workspaceId: number) => eq(exercises.workspaceId, workspaceId);

/** One exercise of the caller's project (another project's is no match, so a 404). */
export const ownExercise = (caller: ProjectActor, id: number) =>
  and(inProject(caller.workspaceId), eq(exercises.id, id));

/**
 * Exercises the caller is responsible for (spec §5: the assigned author if set, else the author),
 * written as two index-friendly halves rather than `coalesce`.
 */
export const responsibleIs = (userId: number) =>
  or(eq(exercises.assignedId, userId), and(isNull(exercises.assignedId), eq(exercises.authorId, userId)));

/** The stored ids of some statuses. */
export const statusIds = (names: readonly ExerciseStatusName[]) => names.map((name) => EXERCISE_STATUS[name]);

/** The condition of a read scope (`exerciseReadScope`); undefined when it is every exercise. */
export function scopeCondition(scope: ExerciseReadScope, userId: number): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.statuses.length > 0) parts.push(inArray(exercises.statusId, statusIds(scope.statuses)));
  if (scope.own) parts.push(responsibleIs(userId) as SQL);
  return parts.length > 0 ? or(...parts) : sql`false`;
}
