/**
 * The presenter of exercises: rows with their author names, category, the caller's vote and the
 * deck, turned into the contract's `Exercise` (its tags and, when asked, its history), and rows of
 * counts into the contract's per-status counters.
 */
import {
  API,
  API_BASE,
  EXERCISE_PLAIN_FIELDS,
  EXERCISE_STATUS,
  exerciseStatusName,
  isRequestOverdue,
  todayIso,
  VOTE_VALUE,
  type AgeCategory,
  type Exercise,
  type ExerciseActivity,
  type Language,
  type OwnLike,
  type StatusCounts,
  type UsageFrequency,
} from '@logoschool/contract';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProjectActor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { fromColumns } from '../../db/columns.ts';
import {
  categories,
  exerciseFiles,
  exerciseSlides,
  exerciseStatusHistory,
  exerciseTags,
  exerciseVotes,
  exercises,
  tags,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { ownExercise } from './exercise-conditions.ts';
import { statusOf } from './exercise-rules.ts';

/** Every column but the slide text and its search form, which can be long and no answer shows. */
const { slideText: _slideText, searchText: _searchText, ...listedColumns } = getTableColumns(exercises);

/** The author who took a request, beside its creator. */
const assignedUsers = alias(users, 'assigned_users');

/** Where a slide image is read (with the bearer token and the project). */
export const slideFileUrl = (workspaceId: number, exerciseId: number, position: number) =>
  `${API_BASE}${API.exercises}/${exerciseId}/slides/${position}?workspace_id=${workspaceId}`;

/**
 * Exercise rows with what their view needs from other tables, the caller's vote and the deck among
 * them (at most one deck per exercise, by a partial unique index, so that join adds no rows).
 */
export function viewRows(db: Tx, userId: number) {
  return db
    .select({
      exercise: listedColumns,
      authorName: users.name,
      assignedName: assignedUsers.name,
      categoryName: categories.name,
      ownLike: exerciseVotes.value,
      presentation: { id: exerciseFiles.id, name: exerciseFiles.originalName },
      hasSlide: sql<boolean>`exists (select 1 from ${exerciseSlides} where ${exerciseSlides.exerciseId} = ${exercises.id} and ${exerciseSlides.position} = 1)`,
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

export type ViewRow = Awaited<ReturnType<ReturnType<typeof viewRows>['execute']>>[number];

/** The caller's stored vote as the contract tells it: 1 a like, 0 a dislike, null none. */
export const ownLikeOf = (value: number | null): OwnLike =>
  value === VOTE_VALUE.like ? 1 : value === VOTE_VALUE.dislike ? 0 : null;

function toExerciseView(
  { exercise: row, authorName, assignedName, categoryName, ownLike, presentation, hasSlide }: ViewRow,
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
    thumbnail_url: hasSlide ? slideFileUrl(row.workspaceId, row.id, 1) : null,
    tags: tagList,
    usage_frequency: row.usageFrequency as UsageFrequency,
    comment: row.comment,
    ...fromColumns(row, EXERCISE_PLAIN_FIELDS),
    language: row.language as Language,
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
export function tagRows(db: Tx, ids: number[]) {
  return db
    .select({ exerciseId: exerciseTags.exerciseId, id: tags.id, name: tags.name })
    .from(exerciseTags)
    .innerJoin(tags, eq(tags.id, exerciseTags.tagId))
    .where(inArray(exerciseTags.exerciseId, ids))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

/** The views of some rows: their tags and, when asked, their histories in one query each. */
export async function toViews(db: Tx, rows: ViewRow[], withActivities = false): Promise<Exercise[]> {
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
export async function viewOf(
  db: Tx,
  caller: ProjectActor,
  id: number,
  withActivities = false,
): Promise<Exercise> {
  const rows = await viewRows(db, caller.userId).where(ownExercise(caller, id));
  const [view] = await toViews(db, rows, withActivities);
  if (!view) throw notFound();
  return view;
}

const emptyCounts = (): StatusCounts => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });

/** The counters of rows of counts by status; a status may come in several rows, which add up. */
export function countsOf(rows: { status: number; count: number }[]): StatusCounts {
  const counts = emptyCounts();
  for (const row of rows) {
    const name = exerciseStatusName(row.status);
    if (name) counts[EXERCISE_STATUS[name]] += row.count;
  }
  return counts;
}
