/**
 * Generation runs (issue 30 item 3, spec §7 generator paths): a request names exercise × theme
 * pairs, recorded as a run's items, and a job (pg-boss) settles them one by one, each in its own
 * transaction with the run's counts, through the exercises' engine (`makeVariant`). Only a ready
 * theme is generated for. A run survives a restart midway: its settled items stay settled, its
 * pending ones wait, and `resumeRuns` (every minute) sends the job again for a run nobody has worked
 * on for `STALE_AFTER_MS`; two workers on one run never take the same item (`skip locked`).
 */
import {
  DEFAULT_API_LANGUAGE,
  type GenerateByThemeInput,
  type GenerateVersionsInput,
  type GenerateOnlyNewInput,
  type GeneratedIdsInput,
  type GenerationRun,
  type GenerationRunKind,
  type GenerationRunStatus,
  type RefreshForReportsInput,
} from '@logoschool/contract';
import { and, asc, desc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { exerciseGenerated, exercises, themes, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { FileStore } from '../../files/files.ts';
import type { JobSender } from '../../jobs/queue.ts';
import { EXERCISE_FILES, makeVariant } from '../exercises/index.ts';
import { visibleIn, visibleTheme } from '../themes/index.ts';
import { eligibleExercise, ownVersions } from './generated-list.service.ts';
import { generationRunItems, generationRuns, type GenerationRunRow } from './generation.schema.ts';
import { checkVersion, fillVersionNames } from './version-check.service.ts';

/** The queue of the generation job, and of the minute's look for runs that stopped. */
export const GENERATION_RUN = 'generation-run';
export const GENERATION_RESUME = 'generation-resume';
/** A run nobody has worked on for this long is sent to the job again. */
export const STALE_AFTER_MS = 2 * 60_000;
/** Items are written in batches of this many. */
const ITEM_BATCH = 1_000;

/** What the job is sent: the run it works on. */
export interface GenerationRunData {
  runId: number;
}

interface Pair {
  exerciseId: number;
  themeId: number;
}

/** The runs of the project with their theme's and requester's names, newest first. */
async function runViews(db: Tx, workspaceId: number, condition: ReturnType<typeof and>, limit = 20) {
  const rows = await db
    .select({ run: generationRuns, themeName: themes.name, requester: users.name })
    .from(generationRuns)
    .leftJoin(themes, eq(themes.id, generationRuns.themeId))
    .leftJoin(users, eq(users.id, generationRuns.requestedBy))
    .where(and(eq(generationRuns.workspaceId, workspaceId), condition))
    .orderBy(desc(generationRuns.id))
    .limit(limit);
  return rows.map(({ run, themeName, requester }): GenerationRun => ({
    id: run.id,
    kind: run.kind as GenerationRunKind,
    theme: run.themeId !== null && themeName !== null ? { id: run.themeId, name: themeName } : null,
    status: run.status as GenerationRunStatus,
    total: run.total,
    done: run.done,
    kept: run.kept,
    failed: run.failed,
    requested_by:
      run.requestedBy !== null && requester !== null ? { id: run.requestedBy, name: requester } : null,
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
  }));
}

/** `GET /generator/runs/:runId`: one run of the project; 404 for any other. */
export async function getRun(db: Tx, caller: ProjectActor, runId: number): Promise<GenerationRun> {
  const [view] = await runViews(db, caller.workspaceId, eq(generationRuns.id, runId), 1);
  if (!view) throw notFound();
  return view;
}

/** `GET /generator/runs`: the project's latest runs (of a theme, when named), newest first. */
export async function listRuns(db: Tx, caller: ProjectActor, themeId: number | undefined) {
  return runViews(
    db,
    caller.workspaceId,
    themeId === undefined ? undefined : eq(generationRuns.themeId, themeId),
  );
}

/** A theme the project sees and that is ready: 404 for one it does not see, 422 when not ready. */
async function readyTheme(db: Tx, caller: ProjectActor, themeId: number) {
  const theme = await visibleTheme(db, caller.workspaceId, themeId);
  if (!theme.ready) {
    throw new AppError(
      'validation_failed',
      {},
      {
        theme_id: [fieldMessage(caller.lang, 'generationThemeNotReady')],
      },
    );
  }
  return theme;
}

/** The ready themes the project sees, or the one named (which must be ready). */
async function themesFor(db: Tx, caller: ProjectActor, themeId: number | undefined): Promise<number[]> {
  if (themeId !== undefined) return [(await readyTheme(db, caller, themeId)).id];
  const rows = await db
    .select({ id: themes.id })
    .from(themes)
    .where(and(visibleIn(caller.workspaceId), eq(themes.ready, true)))
    .orderBy(asc(themes.id));
  return rows.map((row) => row.id);
}

/** The ready exercises × the themes; with `onlyNew`, the pairs that have no version yet. */
async function eligiblePairs(
  db: Tx,
  caller: ProjectActor,
  themeIds: number[],
  onlyNew: boolean,
): Promise<Pair[]> {
  if (themeIds.length === 0) return [];
  const rows = await db
    .select({ exerciseId: exercises.id, themeId: themes.id })
    .from(exercises)
    .innerJoin(themes, inArray(themes.id, themeIds))
    .where(
      and(
        eligibleExercise(caller.workspaceId),
        onlyNew
          ? notExists(
              db
                .select({ one: sql`1` })
                .from(exerciseGenerated)
                .where(
                  and(
                    eq(exerciseGenerated.exerciseId, exercises.id),
                    eq(exerciseGenerated.themeId, themes.id),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(themes.id), asc(exercises.id));
  return rows;
}

/** The project's exercises named, all or nothing (404). */
async function ownExercises(db: Tx, workspaceId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: exercises.id })
    .from(exercises)
    .where(and(eq(exercises.workspaceId, workspaceId), inArray(exercises.id, [...ids])))
    .orderBy(asc(exercises.id));
  if (rows.length !== ids.length) throw notFound();
  return rows.map((row) => row.id);
}

/** Records a run of the pairs and sends its job; a run of nothing is done at once. */
async function startRun(
  db: Db,
  jobs: JobSender | null,
  caller: ProjectActor,
  kind: GenerationRunKind,
  themeId: number | null,
  pairs: (tx: Tx) => Promise<Pair[]>,
): Promise<GenerationRun> {
  const run = await db.transaction(async (tx) => {
    const named = await pairs(tx);
    const now = new Date();
    const [row] = await tx
      .insert(generationRuns)
      .values({
        workspaceId: caller.workspaceId,
        kind,
        themeId,
        total: named.length,
        requestedBy: caller.userId,
        heartbeatAt: now,
        createdAt: now,
        ...(named.length === 0 ? { status: 'done', startedAt: now, finishedAt: now } : {}),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    for (let start = 0; start < named.length; start += ITEM_BATCH) {
      await tx.insert(generationRunItems).values(
        named.slice(start, start + ITEM_BATCH).map((pair) => ({
          runId: row.id,
          workspaceId: caller.workspaceId,
          exerciseId: pair.exerciseId,
          themeId: pair.themeId,
        })),
      );
    }
    return row;
  });
  if (run.status === 'queued' && jobs) {
    try {
      await jobs.send(GENERATION_RUN, { runId: run.id } satisfies GenerationRunData);
    } catch (error) {
      await db
        .update(generationRuns)
        .set({ status: 'failed', finishedAt: new Date() })
        .where(eq(generationRuns.id, run.id));
      throw error;
    }
  }
  return getRun(db, caller, run.id);
}

/** `POST /generator/generate`: the named exercises of the project for a ready theme. */
export function requestGenerate(
  db: Db,
  jobs: JobSender | null,
  caller: ProjectActor,
  input: GenerateVersionsInput,
) {
  return startRun(db, jobs, caller, 'generate', input.theme_id, async (tx) => {
    await readyTheme(tx, caller, input.theme_id);
    const ids = await ownExercises(tx, caller.workspaceId, input.exercise_ids);
    return ids.map((exerciseId) => ({ exerciseId, themeId: input.theme_id }));
  });
}

/** `POST /generator/by-theme`: every ready exercise for a ready theme (read-only versions are kept). */
export function requestByTheme(
  db: Db,
  jobs: JobSender | null,
  caller: ProjectActor,
  input: GenerateByThemeInput,
) {
  return startRun(db, jobs, caller, 'by_theme', input.theme_id, async (tx) =>
    eligiblePairs(tx, caller, await themesFor(tx, caller, input.theme_id), false),
  );
}

/** `POST /generator/only-new`: the versions not made yet, for a ready theme or every ready theme. */
export function requestOnlyNew(
  db: Db,
  jobs: JobSender | null,
  caller: ProjectActor,
  input: GenerateOnlyNewInput,
) {
  return startRun(db, jobs, caller, 'only_new', input.theme_id ?? null, async (tx) =>
    eligiblePairs(tx, caller, await themesFor(tx, caller, input.theme_id), true),
  );
}

/** `POST /generator/by-workspace`: every ready exercise for every ready theme of the project. */
export function requestByWorkspace(db: Db, jobs: JobSender | null, caller: ProjectActor) {
  return startRun(db, jobs, caller, 'by_workspace', null, async (tx) =>
    eligiblePairs(tx, caller, await themesFor(tx, caller, undefined), false),
  );
}

/** `POST /generator/refresh`: makes the named versions again (read-only ones are kept); all or nothing. */
export function requestRefresh(
  db: Db,
  jobs: JobSender | null,
  caller: ProjectActor,
  input: GeneratedIdsInput,
) {
  return startRun(db, jobs, caller, 'refresh', null, async (tx) =>
    (await ownVersions(tx, caller.workspaceId, input.generated_ids)).map(({ exerciseId, themeId }) => ({
      exerciseId,
      themeId,
    })),
  );
}

/** `POST /generator/refresh-for-reports`: every version of the named exercises, made again. */
export function requestRefreshForReports(
  db: Db,
  jobs: JobSender | null,
  caller: ProjectActor,
  input: RefreshForReportsInput,
) {
  return startRun(db, jobs, caller, 'refresh_for_reports', null, async (tx) => {
    const ids = await ownExercises(tx, caller.workspaceId, input.exercise_ids);
    return tx
      .select({ exerciseId: exerciseGenerated.exerciseId, themeId: exerciseGenerated.themeId })
      .from(exerciseGenerated)
      .where(
        and(
          eq(exerciseGenerated.workspaceId, caller.workspaceId),
          inArray(exerciseGenerated.exerciseId, ids),
        ),
      )
      .orderBy(asc(exerciseGenerated.id));
  });
}

type Outcome = 'made' | 'kept' | 'failed';

/**
 * Settles the run's next pending item that no other worker holds, in one transaction: the version
 * made (or kept, or failed), the theme's names filled into its text and checked, the item and the
 * run's counts. False when none is left.
 */
async function settleNext(db: Db, files: FileStore, run: GenerationRunRow): Promise<boolean> {
  let replaced: string | null = null;
  const settled = await db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(generationRunItems)
      .where(and(eq(generationRunItems.runId, run.id), isNull(generationRunItems.outcome)))
      .orderBy(asc(generationRunItems.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!item) return false;
    const maker = { userId: run.requestedBy, lang: DEFAULT_API_LANGUAGE, workspaceId: run.workspaceId };
    let outcome: Outcome;
    try {
      // A savepoint: whatever breaks in the engine leaves this transaction usable.
      const made = await tx.transaction((sp) => makeVariant(sp, files, maker, item.exerciseId, item.themeId));
      outcome = made === 'skipped' ? 'failed' : made;
    } catch {
      outcome = 'failed';
    }
    if (outcome === 'made') {
      const [version] = await tx
        .select({ id: exerciseGenerated.id })
        .from(exerciseGenerated)
        .where(
          and(eq(exerciseGenerated.exerciseId, item.exerciseId), eq(exerciseGenerated.themeId, item.themeId)),
        );
      if (version) {
        replaced = await fillVersionNames(tx, files, version.id);
        await checkVersion(tx, files, version.id);
      }
    }
    const now = new Date();
    await tx
      .update(generationRunItems)
      .set({ outcome, finishedAt: now })
      .where(eq(generationRunItems.id, item.id));
    await tx
      .update(generationRuns)
      .set({
        heartbeatAt: now,
        ...(outcome === 'made' ? { done: sql`${generationRuns.done} + 1` } : {}),
        ...(outcome === 'kept' ? { kept: sql`${generationRuns.kept} + 1` } : {}),
        ...(outcome === 'failed' ? { failed: sql`${generationRuns.failed} + 1` } : {}),
      })
      .where(eq(generationRuns.id, run.id));
    return true;
  });
  if (replaced) await files.remove(EXERCISE_FILES, replaced);
  return settled;
}

/** What one call of the job came to. */
export interface RunResult {
  status: GenerationRunStatus | 'stale' | 'stopped';
  settled: number;
}

/**
 * The `generation-run` job: takes its run (a done or failed one is left alone), settles its pending
 * items in order and, when none is left, marks it done. `signal` stops it between two items, as a
 * server that stops does: the run stays running with its pending items, for `resumeRuns`.
 */
export async function runGeneration(
  db: Db,
  files: FileStore,
  data: GenerationRunData,
  options: { signal?: AbortSignal; onSettled?: () => void; log?: FastifyBaseLogger } = {},
): Promise<RunResult> {
  const run = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(generationRuns)
      .where(eq(generationRuns.id, data.runId))
      .for('update');
    if (!row || row.status === 'done' || row.status === 'failed') return null;
    const now = new Date();
    const [taken] = await tx
      .update(generationRuns)
      .set({ status: 'running', startedAt: row.startedAt ?? now, heartbeatAt: now })
      .where(eq(generationRuns.id, row.id))
      .returning();
    return taken ?? null;
  });
  if (!run) return { status: 'stale', settled: 0 };
  let settled = 0;
  for (;;) {
    if (options.signal?.aborted) return { status: 'stopped', settled };
    if (!(await settleNext(db, files, run))) break;
    settled += 1;
    options.onSettled?.();
  }
  // Done once nothing is pending; an item another worker still holds keeps the run running for it.
  const [finished] = await db
    .update(generationRuns)
    .set({ status: 'done', finishedAt: new Date() })
    .where(
      and(
        eq(generationRuns.id, run.id),
        eq(generationRuns.status, 'running'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(generationRunItems)
            .where(and(eq(generationRunItems.runId, run.id), isNull(generationRunItems.outcome))),
        ),
      ),
    )
    .returning({ id: generationRuns.id });
  options.log?.info({ runId: run.id, settled }, 'generation run');
  return { status: finished ? 'done' : 'running', settled };
}

/**
 * Every minute: the runs queued or running that nobody has worked on for `STALE_AFTER_MS` (their
 * server stopped midway, or their job was lost) are sent to the job again.
 */
export async function resumeRuns(db: Db, jobs: JobSender, now = new Date()): Promise<{ resumed: number }> {
  const stale = await db
    .update(generationRuns)
    .set({ heartbeatAt: now })
    .where(
      and(
        inArray(generationRuns.status, ['queued', 'running']),
        lt(generationRuns.heartbeatAt, new Date(now.getTime() - STALE_AFTER_MS)),
      ),
    )
    .returning({ id: generationRuns.id });
  for (const run of stale) await jobs.send(GENERATION_RUN, { runId: run.id } satisfies GenerationRunData);
  return { resumed: stale.length };
}
