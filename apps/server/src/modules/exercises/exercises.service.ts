import {
  EXERCISE_STATUS,
  applyVote,
  commentRequired,
  completenessProblems,
  exerciseActors,
  exerciseReadScope,
  exerciseStatusName,
  isRequestOverdue,
  isTake,
  mayDeleteExercise,
  mayEditExercise,
  mayReadExercise,
  maySetModeratorFields,
  mustBeComplete,
  newExerciseStatus,
  todayIso,
  transitionRefusal,
  MODERATOR_ONLY_FIELDS,
  VOTE_VALUE,
  type AgeCategory,
  type CompletenessProblem,
  type Exercise,
  type ExerciseActivity,
  type ExerciseBulkDeleteInput,
  type ExerciseBulkResult,
  type ExerciseBulkToggleInput,
  type ExerciseInput,
  type ExerciseLatestInput,
  type ExercisePage,
  type ExerciseReadScope,
  type ExerciseRecord,
  type ExercisesForAuthorQuery,
  type ExercisesForTeacherQuery,
  type ExercisesQuery,
  type ExerciseStats,
  type ExerciseStatsQuery,
  type ExerciseStatusInput,
  type ExerciseStatusName,
  type ExerciseUpdate,
  type Language,
  type OwnLike,
  type StatusCounts,
  type UsageFrequency,
  type Vote,
  type VoteResult,
} from '@logoschool/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  exerciseFiles,
  exerciseLatest,
  exerciseStatusCounts,
  exerciseStatusHistory,
  exerciseTags,
  exerciseVotes,
  exercises,
  tags,
  users,
  type ExerciseRow,
} from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { FieldMessage } from '../../i18n/index.ts';
import type { FileStore } from '../../files/files.ts';
import { autoModerate } from './auto-moderation.service.ts';

/** A 422 with one field error. */
const fieldError = (lang: Language, field: string, key: FieldMessage, params = {}) =>
  new AppError('validation_failed', {}, { [field]: [fieldMessage(lang, key, params)] });

const inProject = (workspaceId: number) => eq(exercises.workspaceId, workspaceId);

const ownExercise = (caller: ProjectActor, id: number) =>
  and(inProject(caller.workspaceId), eq(exercises.id, id));

/** The name of a stored status (the table's check keeps it one of the five). */
function statusOf(row: Pick<ExerciseRow, 'statusId'>): ExerciseStatusName {
  const name = exerciseStatusName(row.statusId);
  if (!name) throw new Error(`exercise status ${row.statusId} is no status`);
  return name;
}

export const recordOf = (row: ExerciseRow): ExerciseRecord => ({
  author_id: row.authorId,
  assigned_id: row.assignedId,
  status_id: row.statusId,
  read_only: row.readOnly,
});

/**
 * Exercises the caller is responsible for (spec §5: the assigned author if set, else the author),
 * written as two index-friendly halves rather than `coalesce`.
 */
const responsibleIs = (userId: number) =>
  or(eq(exercises.assignedId, userId), and(isNull(exercises.assignedId), eq(exercises.authorId, userId)));

const statusIds = (names: readonly ExerciseStatusName[]) => names.map((name) => EXERCISE_STATUS[name]);

/** The condition of a read scope (`exerciseReadScope`); undefined when it is every exercise. */
function scopeCondition(scope: ExerciseReadScope, userId: number): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.statuses.length > 0) parts.push(inArray(exercises.statusId, statusIds(scope.statuses)));
  if (scope.own) parts.push(responsibleIs(userId) as SQL);
  return parts.length > 0 ? or(...parts) : sql`false`;
}

/** The read scope of the caller's role; `app.authorize('exercises.read')` has let only readers in. */
function readScope(caller: ProjectActor): ExerciseReadScope {
  const scope = exerciseReadScope(caller.role);
  if (!scope) throw forbidden();
  return scope;
}

/** `GET /exercises/for-author`: what the author is responsible for, and every open request. */
const FOR_AUTHOR_SCOPE: ExerciseReadScope = { all: false, own: true, statuses: ['request'] };
/** `GET /exercises/for-teacher`: the accepted library. */
const FOR_TEACHER_SCOPE: ExerciseReadScope = { all: false, own: false, statuses: ['accepted'] };

const emptyCounts = (): StatusCounts => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });

/** The counters of rows of counts by status; a status may come in several rows, which add up. */
function countsOf(rows: { status: number; count: number }[]): StatusCounts {
  const counts = emptyCounts();
  for (const row of rows) {
    const name = exerciseStatusName(row.status);
    if (name) counts[EXERCISE_STATUS[name]] += row.count;
  }
  return counts;
}

/** Every column but the slide text, which can be long and no answer shows. */
const { slideText: _slideText, ...listedColumns } = getTableColumns(exercises);

/**
 * Exercise rows with what their view needs from other tables, the caller's vote and the deck among
 * them (at most one deck per exercise, by a partial unique index, so that join adds no rows).
 */
/** The author who took a request, beside its creator. */
const assignedUsers = alias(users, 'assigned_users');

function viewRows(db: Tx, userId: number) {
  return db
    .select({
      exercise: listedColumns,
      authorName: users.name,
      assignedName: assignedUsers.name,
      categoryName: categories.name,
      ownLike: exerciseVotes.value,
      presentation: { id: exerciseFiles.id, name: exerciseFiles.originalName },
    })
    .from(exercises)
    .innerJoin(users, eq(users.id, exercises.authorId))
    .leftJoin(assignedUsers, eq(assignedUsers.id, exercises.assignedId))
    .leftJoin(categories, eq(categories.id, exercises.categoryId))
    .leftJoin(
      exerciseVotes,
      and(eq(exerciseVotes.exerciseId, exercises.id), eq(exerciseVotes.userId, userId)),
    )
    .leftJoin(
      exerciseFiles,
      and(eq(exerciseFiles.exerciseId, exercises.id), eq(exerciseFiles.kind, 'presentation')),
    )
    .$dynamic();
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewRows>['execute']>>[number];

const ownLikeOf = (value: number | null): OwnLike =>
  value === VOTE_VALUE.like ? 1 : value === VOTE_VALUE.dislike ? 0 : null;

function toExerciseView(
  { exercise: row, authorName, assignedName, categoryName, ownLike, presentation }: ViewRow,
  tagList: Exercise['tags'],
  activities: ExerciseActivity[] | undefined,
  today: string,
): Exercise {
  const status = statusOf(row);
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    title: row.title,
    status_id: row.statusId,
    assigned_id: row.assignedId,
    assigned: row.assignedId === null ? null : { id: row.assignedId, name: assignedName ?? '' },
    author: { id: row.authorId, name: authorName },
    own_like: ownLikeOf(ownLike),
    likes_count: row.likesCount,
    dislikes_count: row.dislikesCount,
    category: row.categoryId === null ? null : { id: row.categoryId, name: categoryName ?? '' },
    presentation:
      presentation === null
        ? null
        : { file_id: presentation.id, name: presentation.name, slide_count: row.slideCount ?? 0 },
    tags: tagList,
    usage_frequency: row.usageFrequency as UsageFrequency,
    comment: row.comment,
    instruction: row.instruction,
    description: row.description,
    language: row.language as Language,
    read_only: row.readOnly,
    excluded_from_generation: row.excludedFromGeneration,
    ready_for_generation: row.readyForGeneration,
    request:
      row.requestDescription === null || row.requestDeadline === null
        ? null
        : {
            description: row.requestDescription,
            interests: row.requestInterests ?? [],
            age_categories: (row.requestAgeCategories ?? []) as AgeCategory[],
            deadline: row.requestDeadline,
            overdue: isRequestOverdue(row.requestDeadline, status, today),
          },
    ...(activities ? { activities } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The tags of some exercises, in the order a view lists them (by name). */
function tagRows(db: Tx, ids: number[]) {
  return db
    .select({ exerciseId: exerciseTags.exerciseId, id: tags.id, name: tags.name })
    .from(exerciseTags)
    .innerJoin(tags, eq(tags.id, exerciseTags.tagId))
    .where(inArray(exerciseTags.exerciseId, ids))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

/** The views of some rows: their tags and, when asked, their histories in one query each. */
async function toViews(db: Tx, rows: ViewRow[], withActivities = false): Promise<Exercise[]> {
  const ids = rows.map((row) => row.exercise.id);
  if (ids.length === 0) return [];
  const tagsOf = new Map<number, Exercise['tags']>();
  for (const { exerciseId, id, name } of await tagRows(db, ids)) {
    const list = tagsOf.get(exerciseId) ?? [];
    list.push({ id, name });
    tagsOf.set(exerciseId, list);
  }
  const activitiesOf = withActivities ? await activities(db, ids) : undefined;
  const today = todayIso();
  return rows.map((row) =>
    toExerciseView(
      row,
      tagsOf.get(row.exercise.id) ?? [],
      activitiesOf ? (activitiesOf.get(row.exercise.id) ?? []) : undefined,
      today,
    ),
  );
}

/** The status histories of some exercises, oldest change first. */
async function activities(db: Tx, ids: number[]): Promise<Map<number, ExerciseActivity[]>> {
  const rows = await db
    .select({ history: exerciseStatusHistory, userName: users.name })
    .from(exerciseStatusHistory)
    .leftJoin(users, eq(users.id, exerciseStatusHistory.userId))
    .where(inArray(exerciseStatusHistory.exerciseId, ids))
    .orderBy(asc(exerciseStatusHistory.id));
  const byExercise = new Map<number, ExerciseActivity[]>();
  for (const { history, userName } of rows) {
    const list = byExercise.get(history.exerciseId) ?? [];
    list.push({
      id: history.id,
      from_status_id: history.fromStatus,
      to_status_id: history.toStatus,
      user: history.userId === null ? null : { id: history.userId, name: userName ?? '' },
      comment: history.comment,
      automatic: history.automatic,
      created_at: history.createdAt.toISOString(),
    });
    byExercise.set(history.exerciseId, list);
  }
  return byExercise;
}

/** One exercise's view as the caller sees it (their vote, its tags). */
async function viewOf(db: Tx, caller: ProjectActor, id: number, withActivities = false): Promise<Exercise> {
  const rows = await viewRows(db, caller.userId).where(ownExercise(caller, id));
  const [view] = await toViews(db, rows, withActivities);
  if (!view) throw notFound();
  return view;
}

type ListFilters = Partial<Pick<ExercisesQuery, 'term' | 'author_id' | 'category_id' | 'tag_id'>>;

/** A LIKE pattern of `term` as a substring: the term is plain text, its %, _ and \ match only themselves. */
const substringPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** Whether a filter narrows a list (else its counters are the stored ones, see `pageQueries`). */
const narrows = (filters: ListFilters) =>
  Boolean(filters.term) ||
  filters.author_id !== undefined ||
  filters.category_id !== undefined ||
  filters.tag_id !== undefined;

/** The conditions of the filters of a list (spec §5: the term is a case-insensitive substring). */
function filterConditions(filters: ListFilters): SQL[] {
  const conditions: SQL[] = [];
  // `lower(…) like`, so that the trigram indexes on lower(title) and lower(slide_text) serve it;
  // the slides' text is searched too (issue 6).
  if (filters.term) {
    const pattern = substringPattern(filters.term);
    conditions.push(
      sql`(lower(${exercises.title}) like lower(${pattern}) or lower(${exercises.slideText}) like lower(${pattern}))`,
    );
  }
  if (filters.author_id !== undefined) conditions.push(responsibleIs(filters.author_id) as SQL);
  if (filters.category_id !== undefined) conditions.push(eq(exercises.categoryId, filters.category_id));
  if (filters.tag_id !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${exerciseTags} where ${exerciseTags.exerciseId} = ${exercises.id} and ${exerciseTags.tagId} = ${filters.tag_id})`,
    );
  }
  return conditions;
}

interface PageOptions extends ListFilters {
  page: number;
  per_page: number;
  status_id?: number | undefined;
  with_activities?: boolean | undefined;
}

/**
 * The counters of a scope with no filter, without counting the project: the stored counts
 * (`exercise_status_counts`) of the statuses the scope reads whole, and, when it reads the caller's
 * own too, a count of those in the other statuses, in the two halves of `responsibleIs` (which
 * exclude each other), each read from its index alone.
 */
function storedCounters(db: Tx, caller: ProjectActor, scope: ExerciseReadScope) {
  const stored = db
    .select({ status: exerciseStatusCounts.statusId, count: exerciseStatusCounts.count })
    .from(exerciseStatusCounts)
    .where(
      and(
        eq(exerciseStatusCounts.workspaceId, caller.workspaceId),
        scope.all ? undefined : inArray(exerciseStatusCounts.statusId, statusIds(scope.statuses)),
      ),
    )
    .$dynamic();
  if (scope.all || !scope.own) return stored;
  const whole = statusIds(scope.statuses);
  const own = (condition: SQL | undefined) =>
    db
      .select({ status: exercises.statusId, count: sql<number>`count(*)::int` })
      .from(exercises)
      .where(
        and(
          inProject(caller.workspaceId),
          condition,
          whole.length > 0 ? notInArray(exercises.statusId, whole) : undefined,
        ),
      )
      .groupBy(exercises.statusId);
  return stored
    .unionAll(own(eq(exercises.assignedId, caller.userId)))
    .unionAll(own(and(isNull(exercises.assignedId), eq(exercises.authorId, caller.userId))));
}

/**
 * The queries of a page of a list, built and not run: the counters of every status under the same
 * filters but the status (spec §4: computed after the title term and author filters), the page's
 * rows, newest first, and the tags of some of those rows. With no filter the counters are the
 * stored ones (`storedCounters`); a filter counts its own rows, which its index keeps few. The page
 * takes its ids first (on `exercises_workspace_status_idx` for a status tab), so that an offset
 * skips index entries and only the page's rows are joined.
 */
function pageQueries(db: Tx, caller: ProjectActor, scope: ExerciseReadScope, options: PageOptions) {
  const base = and(
    inProject(caller.workspaceId),
    scopeCondition(scope, caller.userId),
    ...filterConditions(options),
  );
  const where = options.status_id === undefined ? base : and(base, eq(exercises.statusId, options.status_id));
  const pageIds = db
    .select({ id: exercises.id })
    .from(exercises)
    .where(where)
    .orderBy(desc(exercises.id))
    .limit(options.per_page)
    .offset((options.page - 1) * options.per_page);
  return {
    counters: narrows(options)
      ? db
          .select({ status: exercises.statusId, count: sql<number>`count(*)::int` })
          .from(exercises)
          .where(base)
          .groupBy(exercises.statusId)
          .$dynamic()
      : storedCounters(db, caller, scope),
    rows: viewRows(db, caller.userId).where(inArray(exercises.id, pageIds)).orderBy(desc(exercises.id)),
    tags: (ids: number[]) => tagRows(db, ids),
  };
}

/** A page of the exercises of a scope and the counters of every status (see `pageQueries`). */
async function listPage(
  db: Tx,
  caller: ProjectActor,
  scope: ExerciseReadScope,
  options: PageOptions,
): Promise<ExercisePage> {
  const queries = pageQueries(db, caller, scope, options);
  const counters = countsOf(await queries.counters);
  const statusId = options.status_id;
  const total =
    statusId === undefined
      ? Object.values(counters).reduce((sum, value) => sum + value, 0)
      : (counters[statusId as keyof StatusCounts] ?? 0);
  const rows = total === 0 ? [] : await queries.rows;
  return {
    data: await toViews(db, rows, options.with_activities),
    meta: { total, page: options.page, per_page: options.per_page, counters },
  };
}

/** `GET /exercises`: what the caller's role reads (`exerciseReadScope`), filtered. */
export async function listExercises(db: Tx, caller: ProjectActor, query: ExercisesQuery) {
  return listPage(db, caller, readScope(caller), query);
}

/**
 * The queries `listExercises` runs, built and not run: the API bench (`bench/api.bench.ts`) runs
 * their SQL (`.toSQL()`) through `pg` as the baseline of `GET /exercises`, so that both run the same
 * SQL. The tags query takes the ids of the page's rows.
 */
export function listExercisesQueries(db: Tx, caller: ProjectActor, query: ExercisesQuery) {
  return pageQueries(db, caller, readScope(caller), query);
}

/** `GET /exercises/for-author`: the caller's own and assigned exercises, and every open request. */
export async function listForAuthor(db: Tx, caller: ProjectActor, query: ExercisesForAuthorQuery) {
  return listPage(db, caller, FOR_AUTHOR_SCOPE, query);
}

/**
 * `GET /exercises/for-teacher`: accepted exercises. `client_id` and `protocol_id` do not narrow the
 * list yet (see `exercisesForTeacherQuery`).
 */
export async function listForTeacher(db: Tx, caller: ProjectActor, query: ExercisesForTeacherQuery) {
  return listPage(db, caller, FOR_TEACHER_SCOPE, query);
}

/**
 * `GET /exercises/latest`: the exercise the caller marked last with `POST /exercises/latest` while
 * they can still read it; else the one they can read that changed last; null when there is none.
 */
export async function latestExercise(db: Tx, caller: ProjectActor): Promise<Exercise | null> {
  const [marked] = await db
    .select({ exercise: exercises })
    .from(exerciseLatest)
    .innerJoin(exercises, eq(exercises.id, exerciseLatest.exerciseId))
    .where(and(eq(exerciseLatest.workspaceId, caller.workspaceId), eq(exerciseLatest.userId, caller.userId)));
  if (marked && mayReadExercise(caller.role, caller.userId, recordOf(marked.exercise))) {
    return viewOf(db, caller, marked.exercise.id);
  }
  const rows = await viewRows(db, caller.userId)
    .where(and(inProject(caller.workspaceId), scopeCondition(readScope(caller), caller.userId)))
    .orderBy(desc(exercises.updatedAt), desc(exercises.id))
    .limit(1);
  const [view] = await toViews(db, rows);
  return view ?? null;
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

/** `GET /exercises/:id`: 404 when it is not the project's or the caller may not read it. */
export async function getExercise(
  db: Tx,
  caller: ProjectActor,
  id: number,
  withActivities = false,
): Promise<Exercise> {
  await readableExercise(db, caller, id);
  return viewOf(db, caller, id, withActivities);
}

/** The exercise's row when the caller may read it; 404 otherwise (as `getExercise`). */
export async function readableExercise(db: Tx, caller: ProjectActor, id: number): Promise<ExerciseRow> {
  const [row] = await db.select().from(exercises).where(ownExercise(caller, id));
  if (!row || !mayReadExercise(caller.role, caller.userId, recordOf(row))) throw notFound();
  return row;
}

/** The exercise, locked for the rest of the transaction; 404 as `getExercise`. */
export async function lockReadable(tx: Tx, caller: ProjectActor, id: number): Promise<ExerciseRow> {
  const [row] = await tx.select().from(exercises).where(ownExercise(caller, id)).for('update');
  if (!row || !mayReadExercise(caller.role, caller.userId, recordOf(row))) throw notFound();
  return row;
}

/**
 * Titles are checked and written under a per-project lock, so that two calls cannot both find a
 * title free; the unique index on the lower-cased title stays as the last guard.
 */
const TITLES_LOCK_ID = 7_260_020;

/** Throws 409 `exercise_title_taken` when another exercise of the project has the title, ignoring case. */
async function assertTitleFree(tx: Tx, caller: ProjectActor, title: string, exceptId?: number) {
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
async function assertCategory(tx: Tx, caller: ProjectActor, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return;
  const [category] = await tx
    .select({ isFolder: categories.isFolder })
    .from(categories)
    .where(and(eq(categories.workspaceId, caller.workspaceId), eq(categories.id, categoryId)));
  if (!category) throw fieldError(caller.lang, 'category_id', 'categoryNotFound');
  if (category.isFolder) throw fieldError(caller.lang, 'category_id', 'categoryIsFolder');
}

/** Throws 422 unless every tag is one of the project's. */
async function assertTags(tx: Tx, caller: ProjectActor, tagIds: number[] | undefined) {
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
const setsModeratorFields = (input: ExerciseInput | ExerciseUpdate) =>
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
        instruction: input.instruction ?? '',
        description: input.description ?? '',
        language: input.language ?? caller.lang,
        readOnly: input.read_only ?? false,
        excludedFromGeneration: input.excluded_from_generation ?? false,
        readyForGeneration: input.ready_for_generation ?? false,
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
    const actors = exerciseActors(caller.role, caller.userId, recordOf(current));
    if (!mayEditExercise(actors, recordOf(current))) throw forbidden();
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
        instruction: input.instruction,
        description: input.description,
        language: input.language,
        readOnly: input.read_only,
        excludedFromGeneration: input.excluded_from_generation,
        readyForGeneration: input.ready_for_generation,
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

/** The folder of exercises' decks and slide images in the file store. */
export const EXERCISE_FILES = 'exercises';

/**
 * The stored names of the files (decks, slide images) of some exercises of a project, read before
 * the exercises go: their rows go with them (cascade), the bytes are removed after the commit.
 */
async function storedNamesOf(tx: Tx, ids: readonly number[], workspaceId: number): Promise<string[]> {
  const rows = await tx
    .select({ storedName: exerciseFiles.storedName })
    .from(exerciseFiles)
    .innerJoin(exercises, eq(exercises.id, exerciseFiles.exerciseId))
    .where(and(inProject(workspaceId), inArray(exerciseFiles.exerciseId, [...ids])));
  return rows.map((row) => row.storedName);
}

const removeStored = (files: FileStore, names: readonly string[]) =>
  Promise.all(names.map((name) => files.remove(EXERCISE_FILES, name)));

/** `DELETE /exercises/:id`: 404 when the caller cannot read it, 403 unless `mayDeleteExercise`. */
export async function deleteExercise(
  db: Db,
  files: FileStore,
  caller: ProjectActor,
  id: number,
): Promise<void> {
  const storedNames = await db.transaction(async (tx) => {
    const current = await lockReadable(tx, caller, id);
    const actors = exerciseActors(caller.role, caller.userId, recordOf(current));
    if (!mayDeleteExercise(actors, recordOf(current))) throw forbidden();
    const names = await storedNamesOf(tx, [id], caller.workspaceId);
    await tx.delete(exercises).where(ownExercise(caller, id));
    return names;
  });
  await removeStored(files, storedNames);
}

/**
 * Moves an exercise to another status by the status machine (spec §4), and keeps the change in
 * the history. 404 when the caller cannot read it; 403 when the caller has no part in it or the
 * change is someone else's to make; 409 `status_unchanged` for the current status, 409
 * `transition_refused` for a change nobody may make; 422 without a comment to decline, or when the
 * exercise is incomplete for review; 409 `request_overdue` when taking a request past its deadline.
 * Taking a request assigns it to the caller; a comment becomes the exercise's comment.
 */
export async function changeStatus(
  db: Db,
  caller: ProjectActor,
  id: number,
  input: ExerciseStatusInput,
  onlyFrom?: ExerciseStatusName,
): Promise<Exercise> {
  return db.transaction(async (tx) => {
    const current = await lockReadable(tx, caller, id);
    const from = statusOf(current);
    const to = statusOf({ statusId: input.status_id });
    const actors = exerciseActors(caller.role, caller.userId, recordOf(current));
    if (actors.length === 0) throw forbidden();
    const refusal =
      onlyFrom !== undefined && from !== onlyFrom
        ? 'transition_refused'
        : transitionRefusal(from, to, actors);
    if (refusal === 'forbidden') throw forbidden();
    if (refusal) throw new AppError(refusal);
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
    // A submission meets the project's auto-moderation rules at once, in the same transaction.
    if (to === 'moderation') await autoModerate(tx, row, caller.lang);
    return viewOf(tx, caller, id);
  });
}

/** `POST /exercises/:id/take`: an author takes an open request; it becomes their draft. */
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

/** The first instant of a day 'YYYY-MM-DD', UTC. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * `GET /exercises/stats`: in a range of whole UTC days, how many exercises were created and how many
 * status changes went into each status; and how many exercises each status holds now.
 */
export async function exerciseStats(
  db: Tx,
  workspaceId: number,
  query: ExerciseStatsQuery,
): Promise<ExerciseStats> {
  const from = startOfDay(query.start_date);
  const until = new Date(startOfDay(query.end_date).getTime() + 86_400_000);
  const inRange = and(
    eq(exerciseStatusHistory.workspaceId, workspaceId),
    gte(exerciseStatusHistory.createdAt, from),
    lt(exerciseStatusHistory.createdAt, until),
  );
  const [created] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(exerciseStatusHistory)
    .where(and(inRange, isNull(exerciseStatusHistory.fromStatus)));
  const changed = await db
    .select({ status: exerciseStatusHistory.toStatus, count: sql<number>`count(*)::int` })
    .from(exerciseStatusHistory)
    // A row that keeps the status (auto-moderation's trace of a pass) is not a change.
    .where(
      and(
        inRange,
        sql`${exerciseStatusHistory.fromStatus} is not null`,
        sql`${exerciseStatusHistory.fromStatus} <> ${exerciseStatusHistory.toStatus}`,
      ),
    )
    .groupBy(exerciseStatusHistory.toStatus);
  const current = await db
    .select({ status: exerciseStatusCounts.statusId, count: exerciseStatusCounts.count })
    .from(exerciseStatusCounts)
    .where(eq(exerciseStatusCounts.workspaceId, workspaceId));
  return {
    start_date: query.start_date,
    end_date: query.end_date,
    created: created?.count ?? 0,
    changed: countsOf(changed),
    current: countsOf(current),
  };
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
