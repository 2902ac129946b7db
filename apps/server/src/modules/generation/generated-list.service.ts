/**
 * The generated list (issue 30 item 3): a page of the project's themed versions with their source
 * exercise, first slide, state and overflow flag; the tabs' counts; bulk delete; the figures.
 */
import {
  GENERATED_STATES,
  GENERATION_STATUS,
  type GeneratedBulkResult,
  type GeneratedCounts,
  type GeneratedListItem,
  type GeneratedListPage,
  type GeneratedListQuery,
  type GeneratedState,
  type GenerationStats,
} from '@logoschool/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  exerciseFiles,
  exerciseGenerated,
  exercises,
  exerciseSlides,
  themes,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/files.ts';
import { EXERCISE_FILES, slideFileUrl } from '../exercises/index.ts';
import { visibleIn } from '../themes/index.ts';
import { generatedChecks, generationRunItems } from './generation.schema.ts';

/** A LIKE pattern of `term` as a substring: its %, _ and \ match only themselves. */
const substringPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** Where a version's .pptx is downloaded (the exercises module serves it). */
const versionFileUrl = (workspaceId: number, id: number) =>
  `/api/exercises/generated/${id}/file?workspace_id=${workspaceId}`;

/** What each tab keeps of the theme's (and the search's) versions. */
const STATE_CONDITIONS: Record<GeneratedState, SQL | undefined> = {
  all: undefined,
  editable: sql`not ${exerciseGenerated.readOnly}`,
  read_only: sql`${exerciseGenerated.readOnly}`,
  overflow: sql`${generatedChecks.overflowSlide} is not null`,
  excluded: sql`${exercises.excludedFromGeneration}`,
};

/**
 * The list's two statements, built and not run (the bench runs them bare): the page's rows, newest
 * first (`exercise_generated`'s (workspace, theme) index keeps a theme's rows together), and the
 * counts of every tab in one scan.
 */
export function listGeneratedQueries(db: Tx, workspaceId: number, query: GeneratedListQuery) {
  const base = and(
    eq(exerciseGenerated.workspaceId, workspaceId),
    query.theme_id === undefined ? undefined : eq(exerciseGenerated.themeId, query.theme_id),
    query.term ? ilike(exercises.title, substringPattern(query.term)) : undefined,
  );
  const rows = db
    .select({
      id: exerciseGenerated.id,
      exerciseId: exerciseGenerated.exerciseId,
      title: exercises.title,
      ready: exercises.readyForGeneration,
      excluded: exercises.excludedFromGeneration,
      themeId: exerciseGenerated.themeId,
      themeName: themes.name,
      readOnly: exerciseGenerated.readOnly,
      replacedCount: exerciseGenerated.replacedCount,
      createdAt: exerciseGenerated.createdAt,
      firstSlide: exerciseSlides.position,
      overflowSlide: generatedChecks.overflowSlide,
      overflowText: generatedChecks.overflowText,
      linesNeeded: generatedChecks.linesNeeded,
      linesFit: generatedChecks.linesFit,
    })
    .from(exerciseGenerated)
    .innerJoin(exercises, eq(exercises.id, exerciseGenerated.exerciseId))
    .innerJoin(themes, eq(themes.id, exerciseGenerated.themeId))
    .leftJoin(generatedChecks, eq(generatedChecks.generatedId, exerciseGenerated.id))
    .leftJoin(
      exerciseSlides,
      and(eq(exerciseSlides.exerciseId, exerciseGenerated.exerciseId), eq(exerciseSlides.position, 1)),
    )
    .where(and(base, STATE_CONDITIONS[query.state]))
    .orderBy(desc(exerciseGenerated.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const counted = Object.fromEntries(
    GENERATED_STATES.map((state) => {
      const condition = STATE_CONDITIONS[state];
      return [
        state,
        condition ? sql<number>`count(*) filter (where ${condition})::int` : sql<number>`count(*)::int`,
      ];
    }),
  ) as Record<GeneratedState, SQL.Aliased<number> | SQL<number>>;
  const counts = db
    .select(counted as Record<GeneratedState, SQL<number>>)
    .from(exerciseGenerated)
    .innerJoin(exercises, eq(exercises.id, exerciseGenerated.exerciseId))
    .leftJoin(generatedChecks, eq(generatedChecks.generatedId, exerciseGenerated.id))
    .where(base);
  return { rows, counts };
}

/** `GET /exercises/generated`: a page of the project's versions (of a theme it sees), with the tabs' counts. */
export async function listGenerated(
  db: Tx,
  caller: ProjectActor,
  query: GeneratedListQuery,
): Promise<GeneratedListPage> {
  if (query.theme_id !== undefined) {
    const [theme] = await db
      .select({ id: themes.id })
      .from(themes)
      .where(and(eq(themes.id, query.theme_id), visibleIn(caller.workspaceId)));
    if (!theme) throw notFound();
  }
  const { rows, counts } = listGeneratedQueries(db, caller.workspaceId, query);
  const [page, [tabs]] = await Promise.all([rows, counts]);
  const all = (tabs ?? Object.fromEntries(GENERATED_STATES.map((state) => [state, 0]))) as GeneratedCounts;
  const w = caller.workspaceId;
  const data: GeneratedListItem[] = page.map((row) => ({
    id: row.id,
    exercise: {
      id: row.exerciseId,
      title: row.title,
      ready_for_generation: row.ready,
      excluded_from_generation: row.excluded,
    },
    theme: { id: row.themeId, name: row.themeName },
    read_only: row.readOnly,
    replaced_count: row.replacedCount,
    first_slide_url: row.firstSlide === null ? null : slideFileUrl(w, row.exerciseId, 1),
    file_url: versionFileUrl(w, row.id),
    overflow:
      row.overflowSlide === null
        ? null
        : {
            slide: row.overflowSlide,
            text: row.overflowText ?? '',
            lines_needed: row.linesNeeded ?? 0,
            lines_fit: row.linesFit ?? 0,
            slide_url: row.firstSlide === null ? null : slideFileUrl(w, row.exerciseId, row.overflowSlide),
          },
    created_at: row.createdAt.toISOString(),
  }));
  return {
    data,
    meta: { total: all[query.state], page: query.page, per_page: query.per_page, counts: all },
  };
}

/** The project's versions named, locked, all or nothing: 404 when one is not the project's. */
export async function ownVersions(tx: Tx, workspaceId: number, ids: readonly number[]) {
  const rows = await tx
    .select({
      id: exerciseGenerated.id,
      exerciseId: exerciseGenerated.exerciseId,
      themeId: exerciseGenerated.themeId,
      fileId: exerciseGenerated.fileId,
    })
    .from(exerciseGenerated)
    .where(and(eq(exerciseGenerated.workspaceId, workspaceId), inArray(exerciseGenerated.id, [...ids])))
    .orderBy(asc(exerciseGenerated.id))
    .for('update');
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/** `POST /generator/delete`: removes the named versions and their files, read-only ones too; all or nothing. */
export async function deleteVersions(
  db: Db,
  files: FileStore,
  caller: ProjectActor,
  ids: readonly number[],
): Promise<GeneratedBulkResult> {
  const storedNames = await db.transaction(async (tx) => {
    const rows = await ownVersions(tx, caller.workspaceId, ids);
    // A version's row goes with its file (cascade).
    const removed = await tx
      .delete(exerciseFiles)
      .where(
        inArray(
          exerciseFiles.id,
          rows.map((row) => row.fileId),
        ),
      )
      .returning({ storedName: exerciseFiles.storedName });
    return removed.map((file) => file.storedName);
  });
  for (const name of storedNames) await files.remove(EXERCISE_FILES, name);
  return { count: storedNames.length };
}

/** Exercises that may be generated: accepted, marked ready, not excluded. */
export const eligibleExercise = (workspaceId: number) =>
  and(
    eq(exercises.workspaceId, workspaceId),
    eq(exercises.statusId, GENERATION_STATUS),
    eq(exercises.readyForGeneration, true),
    eq(exercises.excludedFromGeneration, false),
  );

/** `GET /generator/general-stats`: the project's figures and each theme's it sees, by name. */
export async function generationStats(db: Tx, caller: ProjectActor): Promise<GenerationStats> {
  const w = caller.workspaceId;
  // A pair failed when its latest settled try did.
  const latest = db
    .selectDistinctOn([generationRunItems.themeId, generationRunItems.exerciseId], {
      themeId: generationRunItems.themeId,
      outcome: generationRunItems.outcome,
    })
    .from(generationRunItems)
    .where(and(eq(generationRunItems.workspaceId, w), isNotNull(generationRunItems.outcome)))
    .orderBy(generationRunItems.themeId, generationRunItems.exerciseId, desc(generationRunItems.id))
    .as('latest');
  const [themeRows, versionRows, failedRows, [ready]] = await Promise.all([
    db
      .select({ id: themes.id, name: themes.name, ready: themes.ready })
      .from(themes)
      .where(visibleIn(w))
      .orderBy(asc(sql`lower(${themes.name})`), asc(themes.id)),
    db
      .select({
        themeId: exerciseGenerated.themeId,
        generated: sql<number>`count(*)::int`,
        readOnly: sql<number>`count(*) filter (where ${exerciseGenerated.readOnly})::int`,
        overflow: count(generatedChecks.overflowSlide),
      })
      .from(exerciseGenerated)
      .leftJoin(generatedChecks, eq(generatedChecks.generatedId, exerciseGenerated.id))
      .where(eq(exerciseGenerated.workspaceId, w))
      .groupBy(exerciseGenerated.themeId),
    db
      .select({ themeId: latest.themeId, failed: sql<number>`count(*)::int` })
      .from(latest)
      .where(eq(latest.outcome, 'failed'))
      .groupBy(latest.themeId),
    db.select({ count: count() }).from(exercises).where(eligibleExercise(w)),
  ]);
  const versions = new Map(versionRows.map((row) => [row.themeId, row]));
  const failed = new Map(failedRows.map((row) => [row.themeId, row.failed]));
  const perTheme = themeRows.map((theme) => ({
    theme: { id: theme.id, name: theme.name },
    ready: theme.ready,
    generated: versions.get(theme.id)?.generated ?? 0,
    read_only: versions.get(theme.id)?.readOnly ?? 0,
    overflow: versions.get(theme.id)?.overflow ?? 0,
    failed: failed.get(theme.id) ?? 0,
  }));
  const sum = (key: 'generated' | 'read_only' | 'overflow' | 'failed') =>
    perTheme.reduce((total, theme) => total + theme[key], 0);
  return {
    generated: sum('generated'),
    read_only: sum('read_only'),
    overflow: sum('overflow'),
    failed: sum('failed'),
    ready_exercises: ready?.count ?? 0,
    ready_themes: perTheme.filter((theme) => theme.ready).length,
    themes: perTheme,
  };
}
