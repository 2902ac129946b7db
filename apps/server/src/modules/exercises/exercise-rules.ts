/**
 * The rules of exercise writes: the `assert…` checks (a free title, the same project, a category
 * and tags of the project, completeness) and the small predicates the status machine reads.
 */
import {
  completenessProblems,
  exerciseActors,
  exerciseStatusName,
  mayDeleteExercise,
  mayEditExercise,
  MODERATOR_ONLY_FIELDS,
  transitionRefusal,
  type CompletenessProblem,
  type ExerciseActor,
  type ExerciseInput,
  type ExerciseRecord,
  type ExerciseStatusName,
  type ExerciseUpdate,
  type Language,
} from '@logoschool/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { categories, exerciseTags, exercises, tags, type ExerciseRow } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { FieldMessage } from '../../i18n/index.ts';
import { inProject } from './exercise-conditions.ts';

/** A 422 with one field error. */
export const fieldError = (lang: Language, field: string, key: FieldMessage, params = {}) =>
  new AppError('validation_failed', {}, { [field]: [fieldMessage(lang, key, params)] });

/** The name of a stored status (the table's check keeps it one of the five). */
export function statusOf(row: Pick<ExerciseRow, 'statusId'>): ExerciseStatusName {
  const name = exerciseStatusName(row.statusId);
  if (!name) throw new Error(`exercise status ${row.statusId} is no status`);
  return name;
}

/** What the contract's access predicates read of an exercise row. */
export const recordOf = (row: ExerciseRow): ExerciseRecord => ({
  author_id: row.authorId,
  assigned_id: row.assignedId,
  status_id: row.statusId,
  read_only: row.readOnly,
});

/** Throws 403 unless the caller may edit the exercise (`mayEditExercise`, as `PUT /exercises/:id`). */
export function assertMayEdit(caller: ProjectActor, row: ExerciseRow) {
  const actors = exerciseActors(caller.role, caller.userId, recordOf(row));
  if (!mayEditExercise(actors, recordOf(row))) throw forbidden();
}

/** Throws 403 unless the caller may delete the exercise (`mayDeleteExercise`). */
export function assertMayDelete(caller: ProjectActor, row: ExerciseRow) {
  const actors = exerciseActors(caller.role, caller.userId, recordOf(row));
  if (!mayDeleteExercise(actors, recordOf(row))) throw forbidden();
}

/**
 * Throws unless the status machine (spec §4) lets the caller move the exercise from `from` to `to`:
 * 403 when the caller has no part in it or the change is someone else's to make; 409
 * `status_unchanged` for the current status, 409 `transition_refused` for a change nobody may make
 * or, with `onlyFrom`, from any other status. Returns who the caller is for the exercise.
 */
export function assertTransition(
  caller: ProjectActor,
  row: ExerciseRow,
  from: ExerciseStatusName,
  to: ExerciseStatusName,
  onlyFrom?: ExerciseStatusName,
): ExerciseActor[] {
  const actors = exerciseActors(caller.role, caller.userId, recordOf(row));
  if (actors.length === 0) throw forbidden();
  const refusal =
    onlyFrom !== undefined && from !== onlyFrom ? 'transition_refused' : transitionRefusal(from, to, actors);
  if (refusal === 'forbidden') throw forbidden();
  if (refusal) throw new AppError(refusal);
  return actors;
}

/**
 * Throws 409 `request_taken` when the caller, an author, asks to take a request (into `draft`) that
 * another author has taken: of authors taking one request at once, the row lock lets the first in
 * and every other one then finds it taken (STYLE: a race has a clear loser). Checked before the read
 * rule, for which the taken request is no longer the loser's to see and would be a 404, as if it had
 * never been. Only a moderator's request has request fields, so an author's own draft stays a 404.
 */
export function assertRequestFree(caller: ProjectActor, row: ExerciseRow, to: ExerciseStatusName) {
  if (to !== 'draft' || row.requestDescription === null || statusOf(row) === 'request') return;
  if (!exerciseActors(caller.role, caller.userId, recordOf(row)).includes('author')) return;
  if (row.assignedId !== null && row.assignedId !== caller.userId) throw new AppError('request_taken');
}

/**
 * Titles are checked and written under a per-project lock, so that two calls cannot both find a
 * title free; the unique index on the lower-cased title stays as the last guard.
 */
const TITLES_LOCK_ID = 7_260_020;

/** Throws 409 `exercise_title_taken` when another exercise of the project has the title, ignoring case. */
export async function assertTitleFree(tx: Tx, caller: ProjectActor, title: string, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${TITLES_LOCK_ID}::int, ${caller.workspaceId}::int)`);
  const sameTitle = and(inProject(caller.workspaceId), sql`lower(${exercises.title}) = lower(${title})`);
  const [taken] = await tx
    .select({ id: exercises.id })
    .from(exercises)
    .where(exceptId === undefined ? sameTitle : and(sameTitle, sql`${exercises.id} <> ${exceptId}`))
    .limit(1);
  if (taken) {
    throw new AppError(
      'exercise_title_taken',
      {},
      { title: [fieldMessage(caller.lang, 'exerciseTitleTaken')] },
    );
  }
}

/** Throws 422 unless the category is one of the project's, and not a folder (exercises go in leaves). */
export async function assertCategory(tx: Tx, caller: ProjectActor, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return;
  const [category] = await tx
    .select({ isFolder: categories.isFolder })
    .from(categories)
    .where(and(eq(categories.workspaceId, caller.workspaceId), eq(categories.id, categoryId)));
  if (!category) throw fieldError(caller.lang, 'category_id', 'categoryNotFound');
  if (category.isFolder) throw fieldError(caller.lang, 'category_id', 'categoryIsFolder');
}

/** Throws 422 unless every tag is one of the project's. */
export async function assertTags(tx: Tx, caller: ProjectActor, tagIds: number[] | undefined) {
  if (!tagIds || tagIds.length === 0) return;
  const [found] = await tx
    .select({ count: count() })
    .from(tags)
    .where(and(eq(tags.workspaceId, caller.workspaceId), inArray(tags.id, tagIds)));
  if ((found?.count ?? 0) !== tagIds.length) throw fieldError(caller.lang, 'tag_ids', 'tagNotFound');
}

/** Throws 422 when a body names another project than the one the call acts in (spec §7: `workspace_id`). */
export function assertSameProject(caller: ProjectActor, named: number | undefined) {
  if (named !== undefined && named !== caller.workspaceId) {
    throw fieldError(caller.lang, 'workspace_id', 'workspaceMismatch', { workspaceId: caller.workspaceId });
  }
}

/** Whether a body sets anything only a moderator may (the flags, the request). */
export const setsModeratorFields = (input: ExerciseInput | ExerciseUpdate) =>
  input.request !== undefined || MODERATOR_ONLY_FIELDS.some((field) => input[field] !== undefined);

const PROBLEM_MESSAGES: Record<CompletenessProblem, FieldMessage> = {
  category_id: 'exerciseCategoryRequired',
  tag_ids: 'exerciseTagsRequired',
  presentation: 'exercisePresentationRequired',
};

/**
 * Throws 422 naming every missing part (spec §5: category, at least one tag, the presentation) of
 * an exercise that must be complete in its status.
 */
export async function assertComplete(tx: Tx, lang: Language, row: ExerciseRow) {
  const [tagged] = await tx
    .select({ count: count() })
    .from(exerciseTags)
    .where(eq(exerciseTags.exerciseId, row.id));
  const problems = completenessProblems({
    category_id: row.categoryId,
    tag_count: tagged?.count ?? 0,
    slide_count: row.slideCount,
  });
  if (problems.length === 0) return;
  throw new AppError(
    'validation_failed',
    {},
    Object.fromEntries(problems.map((problem) => [problem, [fieldMessage(lang, PROBLEM_MESSAGES[problem])]])),
  );
}
