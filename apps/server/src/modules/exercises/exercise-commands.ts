/**
 * The writes of exercises, one use case each: create, update, delete, a status change (and taking a
 * request), a vote, marking the latest exercise, and the bulk toggle and delete.
 */
import {
  EXERCISE_PLAIN_FIELDS,
  applyVote,
  commentRequired,
  EXERCISE_STATUS,
  isRequestOverdue,
  isSubmission,
  isTake,
  maySetModeratorFields,
  mustBeComplete,
  newExerciseStatus,
  todayIso,
  type Exercise,
  type ExerciseBulkDeleteInput,
  type ExerciseBulkResult,
  type ExerciseBulkToggleInput,
  type ExerciseInput,
  type ExerciseLatestInput,
  type ExerciseStatusInput,
  type ExerciseStatusName,
  type ExerciseUpdate,
  type Vote,
  type VoteResult,
} from '@logoschool/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { toColumns } from '../../db/columns.ts';
import {
  exerciseLatest,
  exerciseStatusHistory,
  exerciseTags,
  exerciseVotes,
  exercises,
  type ExerciseRow,
} from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/files.ts';
import { autoModerate } from './auto-moderation.service.ts';
import { inProject, ownExercise } from './exercise-conditions.ts';
import { assertReadable, lockOwn, lockReadable, readableExercise } from './exercise-queries.ts';
import {
  assertCategory,
  assertComplete,
  assertMayDelete,
  assertMayEdit,
  assertRequestFree,
  assertSameProject,
  assertTags,
  assertTitleFree,
  assertTransition,
  fieldError,
  setsModeratorFields,
  statusOf,
} from './exercise-rules.ts';
import { removeStored, storedNamesOf } from './exercise-storage.ts';
import { assertExercisesUnused } from './exercise-usage.ts';
import { ownLikeOf, viewOf } from './exercise-view.ts';

async function writeTags(tx: Tx, exerciseId: number, tagIds: number[]) {
  await tx.delete(exerciseTags).where(eq(exerciseTags.exerciseId, exerciseId));
  if (tagIds.length > 0) {
    await tx.insert(exerciseTags).values(tagIds.map((tagId) => ({ exerciseId, tagId })));
  }
}

async function writeHistory(
  tx: Tx,
  row: ExerciseRow,
  from: number | null,
  to: number,
  userId: number,
  comment = '',
) {
  await tx.insert(exerciseStatusHistory).values({
    workspaceId: row.workspaceId,
    exerciseId: row.id,
    fromStatus: from,
    toStatus: to,
    userId,
    comment,
  });
}

/**
 * `POST /exercises`: an author starts a draft; a moderator files a request (`request` required).
 * 403 for any other role, or an author sending the moderator's fields; 409 for a title taken; 422
 * for a category or tag not of the project, a folder as category, a deadline in the past.
 */
export async function createExercise(db: Db, caller: ProjectActor, input: ExerciseInput): Promise<Exercise> {
  assertSameProject(caller, input.workspace_id);
  const status = newExerciseStatus(caller.role);
  if (!status) throw forbidden();
  if (!maySetModeratorFields(caller.role) && setsModeratorFields(input)) throw forbidden();
  if (status === 'request' && !input.request) throw fieldError(caller.lang, 'request', 'required');
  if (input.request && input.request.deadline < todayIso()) {
    throw fieldError(caller.lang, 'request.deadline', 'dateInPast');
  }
  return db.transaction(async (tx) => {
    await assertTitleFree(tx, caller, input.title);
    await assertCategory(tx, caller, input.category_id);
    await assertTags(tx, caller, input.tag_ids);
    const [row] = await tx
      .insert(exercises)
      .values({
        workspaceId: caller.workspaceId,
        title: input.title,
        statusId: EXERCISE_STATUS[status],
        authorId: caller.userId,
        categoryId: input.category_id ?? null,
        usageFrequency: input.usage_frequency ?? 1,
        ...toColumns(input, EXERCISE_PLAIN_FIELDS),
        language: input.language ?? caller.lang,
        requestDescription: input.request?.description ?? null,
        requestInterests: input.request?.interests ?? null,
        requestAgeCategories: input.request?.age_categories ?? null,
        requestDeadline: input.request?.deadline ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await writeTags(tx, row.id, input.tag_ids ?? []);
    await writeHistory(tx, row, null, row.statusId, caller.userId);
    return viewOf(tx, caller, row.id);
  });
}

/**
 * `PUT /exercises/:id`: changes the fields sent. 404 when the caller cannot read it; 403 unless the
 * caller may edit it (`mayEditExercise`: a moderator any, its author a draft or declined one) or
 * when an author sends the moderator's fields; 409 for a title taken; 422 as `createExercise`, for
 * request fields on an exercise that answers none, and when an exercise under review or accepted
 * would lose its category or tags.
 */
export async function updateExercise(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: ExerciseUpdate,
): Promise<Exercise> {
  assertSameProject(caller, input.workspace_id);
  return db.transaction(async (tx) => {
    const current = await lockReadable(tx, caller, id);
    assertMayEdit(caller, current);
    if (!maySetModeratorFields(caller.role) && setsModeratorFields(input)) throw forbidden();
    const request = input.request;
    if (request && current.requestDescription === null) {
      throw fieldError(caller.lang, 'request', 'exerciseNoRequest');
    }
    if (request?.deadline && request.deadline !== current.requestDeadline && request.deadline < todayIso()) {
      throw fieldError(caller.lang, 'request.deadline', 'dateInPast');
    }
    if (input.title !== undefined) await assertTitleFree(tx, caller, input.title, id);
    await assertCategory(tx, caller, input.category_id);
    await assertTags(tx, caller, input.tag_ids);
    const [row] = await tx
      .update(exercises)
      .set({
        title: input.title,
        categoryId: input.category_id,
        usageFrequency: input.usage_frequency,
        ...toColumns(input, EXERCISE_PLAIN_FIELDS),
        language: input.language,
        requestDescription: request?.description,
        requestInterests: request?.interests,
        requestAgeCategories: request?.age_categories,
        requestDeadline: request?.deadline,
        updatedAt: sql`now()`,
      })
      .where(ownExercise(caller, id))
      .returning();
    if (!row) throw notFound();
    if (input.tag_ids) await writeTags(tx, id, input.tag_ids);
    if (mustBeComplete(statusOf(row))) await assertComplete(tx, caller.lang, row);
    return viewOf(tx, caller, id);
  });
}

/** `DELETE /exercises/:id`: 404 when the caller cannot read it, 403 unless `mayDeleteExercise`. */
export async function deleteExercise(
  db: Db,
  files: FileStore,
  caller: ProjectActor,
  id: number,
): Promise<void> {
  const storedNames = await db.transaction(async (tx) => {
    const current = await lockReadable(tx, caller, id);
    assertMayDelete(caller, current);
    await assertExercisesUnused(tx, caller.workspaceId, [id]);
    const names = await storedNamesOf(tx, [id], caller.workspaceId);
    await tx.delete(exercises).where(ownExercise(caller, id));
    return names;
  });
  await removeStored(files, storedNames);
}

/**
 * Moves an exercise to another status by the status machine (spec §4), and keeps the change in
 * the history: the author's way through review, a moderator's verdict, and a moderator taking a
 * verdict back (a declined or accepted exercise back to moderation, a decline into acceptance). 404 when the caller cannot read it; 403 when the caller has no part in it or the
 * change is someone else's to make; 409 `status_unchanged` for the current status, 409
 * `transition_refused` for a change nobody may make; 422 without a comment to decline, or when the
 * exercise is incomplete for review; 409 `request_overdue` when taking a request past its deadline,
 * 409 `request_taken` when another author has taken it (first). Taking a request assigns it to the
 * caller; a comment becomes the exercise's comment.
 */
export async function changeStatus(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: ExerciseStatusInput,
  onlyFrom?: ExerciseStatusName,
): Promise<Exercise> {
  return db.transaction(async (tx) => {
    const current = await lockOwn(tx, caller, id);
    const to = statusOf({ statusId: input.status_id });
    assertRequestFree(caller, current, to);
    assertReadable(caller, current);
    const from = statusOf(current);
    const actors = assertTransition(caller, current, from, to, onlyFrom);
    const comment = input.comment ?? '';
    if (commentRequired(to) && comment === '') {
      throw fieldError(caller.lang, 'comment', 'declineCommentRequired');
    }
    const take = isTake(from, to);
    if (
      take &&
      current.requestDeadline !== null &&
      isRequestOverdue(current.requestDeadline, from, todayIso())
    ) {
      throw new AppError('request_overdue', { deadline: current.requestDeadline });
    }
    if (mustBeComplete(to)) await assertComplete(tx, caller.lang, current);
    const [row] = await tx
      .update(exercises)
      .set({
        statusId: input.status_id,
        ...(take ? { assignedId: caller.userId } : {}),
        ...(comment !== '' ? { comment } : {}),
        updatedAt: sql`now()`,
      })
      .where(ownExercise(caller, id))
      .returning();
    if (!row) throw notFound();
    await writeHistory(tx, row, current.statusId, row.statusId, caller.userId, comment);
    // A submission meets the project's auto-moderation rules at once, in the same transaction; a
    // moderator sending an exercise back to moderation reviews it themselves (else the rules could
    // decline at once what they are taking a decline back from).
    if (isSubmission(from, to, actors)) await autoModerate(tx, row, caller.lang);
    return viewOf(tx, caller, id);
  });
}

/**
 * `POST /exercises/:id/take`: an author takes an open request; it becomes their draft. 409
 * `request_taken` for every author but the first when several take it at once.
 */
export async function takeRequest(db: Db, caller: ProjectActor, id: number): Promise<Exercise> {
  return changeStatus(db, caller, id, { status_id: EXERCISE_STATUS.draft }, 'request');
}

/**
 * `POST /exercises/:id/like` and `/dislike` (spec §4). The exercise row is locked, so clicks on one
 * exercise take turns; the vote and the counts on the row change in the same transaction, so the
 * counts always equal the stored votes. 404 when the caller cannot read the exercise.
 */
export async function castVote(db: Db, caller: ProjectActor, id: number, vote: Vote): Promise<VoteResult> {
  return db.transaction(async (tx) => {
    const current = await lockReadable(tx, caller, id);
    const mine = and(eq(exerciseVotes.exerciseId, id), eq(exerciseVotes.userId, caller.userId));
    const [stored] = await tx.select({ value: exerciseVotes.value }).from(exerciseVotes).where(mine);
    const next = applyVote(
      {
        own_like: ownLikeOf(stored?.value ?? null),
        likes_count: current.likesCount,
        dislikes_count: current.dislikesCount,
      },
      vote,
    );
    if (next.own_like === null) {
      await tx.delete(exerciseVotes).where(mine);
    } else {
      await tx
        .insert(exerciseVotes)
        .values({ exerciseId: id, userId: caller.userId, value: next.own_like })
        .onConflictDoUpdate({
          target: [exerciseVotes.exerciseId, exerciseVotes.userId],
          set: { value: next.own_like, createdAt: sql`now()` },
        });
    }
    // A vote is not an edit: updated_at stays.
    await tx
      .update(exercises)
      .set({ likesCount: next.likes_count, dislikesCount: next.dislikes_count })
      .where(ownExercise(caller, id));
    return next;
  });
}

/**
 * `POST /exercises/latest` (spec §7): marks the exercise the caller works on now, so that their
 * index can lead back to it. 404 when they cannot read it; 422 when the body names another project.
 */
export async function markLatest(
  db: Tx,
  caller: ProjectActor,
  input: ExerciseLatestInput,
): Promise<Exercise> {
  assertSameProject(caller, input.workspace_id);
  await readableExercise(db, caller, input.exercise_id);
  await db
    .insert(exerciseLatest)
    .values({ workspaceId: caller.workspaceId, userId: caller.userId, exerciseId: input.exercise_id })
    .onConflictDoUpdate({
      target: [exerciseLatest.workspaceId, exerciseLatest.userId],
      set: { exerciseId: input.exercise_id, updatedAt: sql`now()` },
    });
  return viewOf(db, caller, input.exercise_id);
}

const FLAG_COLUMNS = {
  read_only: 'readOnly',
  excluded_from_generation: 'excludedFromGeneration',
  ready_for_generation: 'readyForGeneration',
} as const;

/**
 * `POST /exercises/bulk/toggle`: sets one flag on every exercise named, all or nothing: 404 when one
 * of them is not the project's.
 */
export async function bulkToggle(
  db: Db,
  workspaceId: number,
  input: ExerciseBulkToggleInput,
): Promise<ExerciseBulkResult> {
  const flag = { [FLAG_COLUMNS[input.field]]: input.value } as Pick<
    typeof exercises.$inferInsert,
    (typeof FLAG_COLUMNS)[keyof typeof FLAG_COLUMNS]
  >;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(exercises)
      .set({ ...flag, updatedAt: sql`now()` })
      .where(and(inProject(workspaceId), inArray(exercises.id, input.ids)))
      .returning({ id: exercises.id });
    if (changed.length !== input.ids.length) throw notFound();
    return { count: changed.length };
  });
}

/** `POST /exercises/bulk/delete`: deletes every exercise named, all or nothing, as `bulkToggle`. */
export async function bulkDelete(
  db: Db,
  files: FileStore,
  workspaceId: number,
  input: ExerciseBulkDeleteInput,
): Promise<ExerciseBulkResult> {
  const { count, storedNames } = await db.transaction(async (tx) => {
    const names = await storedNamesOf(tx, input.ids, workspaceId);
    await assertExercisesUnused(tx, workspaceId, input.ids);
    const deleted = await tx
      .delete(exercises)
      .where(and(inProject(workspaceId), inArray(exercises.id, input.ids)))
      .returning({ id: exercises.id });
    if (deleted.length !== input.ids.length) throw notFound();
    return { count: deleted.length, storedNames: names };
  });
  await removeStored(files, storedNames);
  return { count };
}
