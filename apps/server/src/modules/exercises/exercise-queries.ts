/**
 * The reads of exercises: the lists (the status tabs, for an author, for a teacher) with their
 * per-status counters, one exercise, the latest one, and the readable rows the writes start from.
 */
import {
  EXERCISE_COUNT_CAP,
  exerciseReadScope,
  mayReadExercise,
  type Exercise,
  type ExerciseAuthor,
  type ExercisePage,
  type ExerciseReadScope,
  type ExercisesForAuthorQuery,
  type ExercisesForTeacherQuery,
  type ExercisesQuery,
  type StatusCounts,
} from '@logoschool/contract';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import {
  exerciseLatest,
  exerciseStatusCounts,
  exerciseTags,
  exercises,
  protocolBlocks,
  protocols,
  users,
  type ExerciseRow,
} from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import { categoriesUnder } from '../categories/index.ts';
import { inProject, ownExercise, responsibleIs, scopeCondition, statusIds } from './exercise-conditions.ts';
import { recordOf } from './exercise-rules.ts';
import { countsOf, tagRows, toViews, viewOf, viewRows } from './exercise-view.ts';

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

type ListFilters = Partial<Pick<ExercisesQuery, 'term' | 'author_id' | 'category_id' | 'tag_id'>>;

/** A LIKE pattern of `term` as a substring: the term is plain text, its %, _ and \ match only themselves. */
const substringPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * What a page's statements are built from: the caller, the filters (the term as its LIKE pattern)
 * and the page's window. Either the values of one request, or placeholders standing for them when
 * the statements are built once per shape (`preparedPage`).
 */
interface PageShape {
  workspaceId: number;
  userId: number;
  pattern?: string | undefined;
  author_id?: number | undefined;
  category_id?: number | undefined;
  tag_id?: number | undefined;
  status_id?: number | undefined;
  limit: number;
  offset: number;
  /** A condition of the list's own (the teacher's folders), which narrows it as a filter does. */
  within?: SQL | undefined;
}

/** The conditions of the filters of a list (spec §5: the term is a case-insensitive substring). */
function filterConditions(filters: PageShape): SQL[] {
  const conditions: SQL[] = [];
  // The title and the slides' text (issue 6), lower-cased when written: `search_text like`, which
  // its trigram index serves.
  if (filters.pattern !== undefined)
    conditions.push(sql`${exercises.searchText} like lower(${filters.pattern})`);
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
  /** A condition of the list's own (the teacher's folders), which narrows it as a filter does. */
  within?: SQL | undefined;
}

/**
 * The counters of a scope with no filter, without counting the project: the stored counts
 * (`exercise_status_counts`) of the statuses the scope reads whole, and, when it reads the caller's
 * own too, a count of those in the other statuses, in the two halves of `responsibleIs` (which
 * exclude each other), each read from its index alone.
 */
function storedCounters(db: Tx, caller: Pick<PageShape, 'workspaceId' | 'userId'>, scope: ExerciseReadScope) {
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
 * The counters of a filtered list: the statuses of at most EXERCISE_COUNT_CAP + 1 of its matches,
 * counted. The scan stops there, so a term that matches a fifth of a million exercises costs what
 * one that matches a thousand does (issue 13); more rows than the cap say the counts are lower
 * bounds (`meta.capped`).
 */
function cappedCounters(db: Tx, where: SQL | undefined) {
  const matches = db
    .select({ status: exercises.statusId })
    .from(exercises)
    .where(where)
    .limit(EXERCISE_COUNT_CAP + 1)
    .as('matches');
  return db
    .select({ status: matches.status, count: sql<number>`count(*)::int` })
    .from(matches)
    .groupBy(matches.status)
    .$dynamic();
}

/**
 * The statements of a page of a list, built and not run: the counters of every status under the
 * same filters but the status (spec §4: computed after the title term and author filters), the
 * page's rows, newest first. With no filter the counters are the stored ones (`storedCounters`); a
 * filter counts its matches up to a cap (`cappedCounters`). The page takes its ids first (on
 * `exercises_workspace_status_idx` for a status tab, walking the id index back for a search), so
 * that an offset skips index entries and only the page's rows are joined.
 */
function pageStatements(db: Tx, scope: ExerciseReadScope, shape: PageShape) {
  const base = and(
    inProject(shape.workspaceId),
    scopeCondition(scope, shape.userId),
    ...filterConditions(shape),
    shape.within,
  );
  const where = shape.status_id === undefined ? base : and(base, eq(exercises.statusId, shape.status_id));
  const pageIds = db
    .select({ id: exercises.id })
    .from(exercises)
    .where(where)
    .orderBy(desc(exercises.id))
    .limit(shape.limit)
    .offset(shape.offset);
  return {
    counters: narrowed(shape) ? cappedCounters(db, base) : storedCounters(db, shape, scope),
    rows: viewRows(db, shape.userId).where(inArray(exercises.id, pageIds)).orderBy(desc(exercises.id)),
  };
}

/** Whether the filters narrow the list: its counters are then counted, up to a cap. */
const narrowed = (shape: PageShape) =>
  shape.pattern !== undefined ||
  shape.author_id !== undefined ||
  shape.category_id !== undefined ||
  shape.tag_id !== undefined ||
  shape.within !== undefined;

/** The shape of one request's page: its values. */
function shapeOf(caller: ProjectActor, options: PageOptions): PageShape {
  return {
    workspaceId: caller.workspaceId,
    userId: caller.userId,
    pattern: options.term ? substringPattern(options.term) : undefined,
    author_id: options.author_id,
    category_id: options.category_id,
    tag_id: options.tag_id,
    status_id: options.status_id,
    limit: options.per_page,
    offset: (options.page - 1) * options.per_page,
    within: options.within,
  };
}

/**
 * The queries of a page of a list, built with its values and not run (the bench runs their SQL),
 * and the tags of some of its rows.
 */
function pageQueries(db: Tx, caller: ProjectActor, scope: ExerciseReadScope, options: PageOptions) {
  return {
    ...pageStatements(db, scope, shapeOf(caller, options)),
    tags: (ids: number[]) => tagRows(db, ids),
  };
}

type PageStatements = ReturnType<typeof pageStatements>;
interface PreparedStatements {
  counters: ReturnType<PageStatements['counters']['prepare']>;
  rows: ReturnType<PageStatements['rows']['prepare']>;
}

/** The page statements built so far, per database handle and shape. */
const prepared = new WeakMap<Tx, Map<string, PreparedStatements>>();

/**
 * A page's counters and rows, run from statements built once per shape (decision 049): which
 * scope, which filters are set, whether a status is. Building drizzle's statements was the larger
 * part of a list's time in the process; their values go in as placeholders. A list narrowed by a
 * condition of its own (`within`) builds its statements each time. The statements are drizzle's
 * unnamed ones: PostgreSQL plans each run with its values, as before.
 */
async function runPage(db: Tx, caller: ProjectActor, scope: ExerciseReadScope, options: PageOptions) {
  const values = shapeOf(caller, options);
  if (values.within !== undefined) {
    const statements = pageStatements(db, scope, values);
    return { counted: await statements.counters, rows: () => statements.rows.execute() };
  }
  const set = (Object.keys(values) as (keyof PageShape)[]).filter((key) => values[key] !== undefined);
  const key = JSON.stringify([scope, set]);
  const byShape = prepared.get(db) ?? new Map<string, PreparedStatements>();
  prepared.set(db, byShape);
  let statements = byShape.get(key);
  if (!statements) {
    const shape = Object.fromEntries(
      set.map((name) => [name, sql.placeholder(name)]),
    ) as unknown as PageShape;
    const built = pageStatements(db, scope, shape);
    // Unnamed: drizzle's `prepare` would name them, and PostgreSQL would then plan them once.
    const unnamed = <T>(query: { prepare(name: string): T }) =>
      (query as unknown as { _prepare(): T })._prepare();
    statements = { counters: unnamed(built.counters), rows: unnamed(built.rows) };
    byShape.set(key, statements);
  }
  const run = statements;
  const placeholders = { ...values };
  return { counted: await run.counters.execute(placeholders), rows: () => run.rows.execute(placeholders) };
}

/** A page of the exercises of a scope and the counters of every status (see `pageQueries`). */
async function listPage(
  db: Tx,
  caller: ProjectActor,
  scope: ExerciseReadScope,
  options: PageOptions,
): Promise<ExercisePage> {
  const page = await runPage(db, caller, scope, options);
  const counters = countsOf(page.counted);
  const capped =
    narrowed(shapeOf(caller, options)) &&
    page.counted.reduce((sum, row) => sum + row.count, 0) > EXERCISE_COUNT_CAP;
  const statusId = options.status_id;
  const total =
    statusId === undefined
      ? Object.values(counters).reduce((sum, value) => sum + value, 0)
      : (counters[statusId as keyof StatusCounts] ?? 0);
  const rows = total === 0 ? [] : await page.rows();
  return {
    data: await toViews(db, rows, options.with_activities),
    meta: { total, page: options.page, per_page: options.per_page, counters, capped },
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
 * The people the exercises of a scope are by, by name (spec §5: the assigned author when set, else
 * the author): what the author filter of that list can pick.
 */
async function authorsOf(db: Tx, caller: ProjectActor, scope: ExerciseReadScope): Promise<ExerciseAuthor[]> {
  const responsible = db
    .selectDistinct({ id: sql<number>`coalesce(${exercises.assignedId}, ${exercises.authorId})` })
    .from(exercises)
    .where(and(inProject(caller.workspaceId), scopeCondition(scope, caller.userId)));
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, responsible))
    .orderBy(asc(users.name), asc(users.id));
}

/** `GET /exercises/authors`: whom the exercises the caller's role reads are by. */
export async function listAuthors(db: Tx, caller: ProjectActor): Promise<ExerciseAuthor[]> {
  return authorsOf(db, caller, readScope(caller));
}

/** `GET /exercises/for-author/authors`: whom the author's own list is by (they, and who filed requests). */
export async function listForAuthorAuthors(db: Tx, caller: ProjectActor): Promise<ExerciseAuthor[]> {
  return authorsOf(db, caller, FOR_AUTHOR_SCOPE);
}

/**
 * The folders (category ids) of the caller's plans that `query` names: of the plan `protocol_id`,
 * of the student `client_id`'s plans, both when both are named; another teacher's plan or student
 * has none.
 */
function planFolders(caller: ProjectActor, query: ExercisesForTeacherQuery): SQL {
  return sql`select ${protocolBlocks.folderId} from ${protocolBlocks}
    join ${protocols} on ${protocols.id} = ${protocolBlocks.protocolId}
    where ${protocols.workspaceId} = ${caller.workspaceId} and ${protocols.teacherId} = ${caller.userId}
      and ${protocolBlocks.folderId} is not null
      ${query.protocol_id === undefined ? sql`` : sql`and ${protocols.id} = ${query.protocol_id}`}
      ${query.client_id === undefined ? sql`` : sql`and ${protocols.clientId} = ${query.client_id}`}`;
}

/**
 * `GET /exercises/for-teacher`: accepted exercises. `category_id` keeps those in the category or
 * anywhere under it (a plan block's folder holds leaf categories); `protocol_id` and `client_id`
 * those in the folders of that plan, or of that student's plans, of the caller's (issue 15).
 */
export async function listForTeacher(db: Tx, caller: ProjectActor, query: ExercisesForTeacherQuery) {
  const { category_id: categoryId, client_id: clientId, protocol_id: protocolId, ...rest } = query;
  const within = and(
    categoryId === undefined
      ? undefined
      : sql`${exercises.categoryId} in ${categoriesUnder(caller.workspaceId, sql`${categoryId}::int`)}`,
    clientId === undefined && protocolId === undefined
      ? undefined
      : sql`${exercises.categoryId} in ${categoriesUnder(caller.workspaceId, planFolders(caller, query))}`,
  );
  return listPage(db, caller, FOR_TEACHER_SCOPE, { ...rest, within });
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

/**
 * The project's exercise, locked for the rest of the transaction, whether or not the caller may read
 * it (for a write that tells an unreadable row apart, then calls `assertReadable`); 404 when the
 * project has none.
 */
export async function lockOwn(tx: Tx, caller: ProjectActor, id: number): Promise<ExerciseRow> {
  const [row] = await tx.select().from(exercises).where(ownExercise(caller, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** Throws 404 (as `getExercise`) unless the caller may read the exercise. */
export function assertReadable(caller: ProjectActor, row: ExerciseRow): void {
  if (!mayReadExercise(caller.role, caller.userId, recordOf(row))) throw notFound();
}

/** The exercise, locked for the rest of the transaction; 404 as `getExercise`. */
export async function lockReadable(tx: Tx, caller: ProjectActor, id: number): Promise<ExerciseRow> {
  const row = await lockOwn(tx, caller, id);
  assertReadable(caller, row);
  return row;
}
