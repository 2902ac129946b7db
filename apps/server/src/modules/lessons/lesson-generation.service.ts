/**
 * Themed versions before a lesson (issue 15 item 2, spec §7 generate-before-lesson): each distinct
 * exercise of the lesson × each of the student's interests gets its themed version from the
 * exercises' engine (`makeVariant`), as a background job. A run is recorded in
 * `lesson_generations`; while it is queued or running the lesson is locked (`locked_until`, spec
 * §4, §8), every write answering 409 `lesson_locked`. Each deck made moves the lock on by
 * `LESSON_LOCK_MINUTES`, so a job that dies leaves the lesson free by itself; the job clears the
 * lock when it ends, done or failed.
 */
import {
  API,
  API_BASE,
  DEFAULT_API_LANGUAGE,
  LESSON_LOCK_MINUTES,
  LESSON_PREPARE_AHEAD_HOURS,
  type GenerateBeforeLessonInput,
  type LessonGeneration,
  type LessonGenerationStatus,
  type LessonThemed,
} from '@logoschool/contract';
import { and, asc, desc, eq, exists, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  clientThemes,
  exerciseFiles,
  exerciseGenerated,
  lessonGenerations,
  lessonPresentations,
  lessons,
  protocols,
  themes,
  type ExerciseFileRow,
  type LessonGenerationRow,
  type LessonRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/files.ts';
import { text, type FieldMessage } from '../../i18n/index.ts';
import type { JobSender } from '../../jobs/queue.ts';
import { makeVariant } from '../exercises/index.ts';
import { visibleIn } from '../themes/index.ts';
import { isLocked, ownLesson, planOf, presentationsOf } from './lesson-context.ts';

/** The queue of the themed-versions job. */
export const GENERATE_BEFORE_LESSON = 'generate-before-lesson';

/** What the job is sent: the run it works on. */
export interface LessonGenerationData {
  generationId: number;
}

/** Why a run failed, as stored in `error`, and the server text that tells it. */
const FAILURES = {
  broke: 'lessonGenerationBroke',
  interrupted: 'lessonGenerationInterrupted',
  finished: 'lessonGenerationFinished',
} as const satisfies Record<string, FieldMessage>;
type Failure = keyof typeof FAILURES;

/** The lock a run holds from now: `LESSON_LOCK_MINUTES` on. */
const lockFrom = (now: Date) => new Date(now.getTime() + LESSON_LOCK_MINUTES * 60_000);

/** A run as the contract shows it, its failure told in the caller's language. */
function generationView(row: LessonGenerationRow, lang: ProjectActor['lang']): LessonGeneration {
  const failure = row.error === null ? null : (FAILURES[row.error as Failure] ?? FAILURES.broke);
  return {
    id: row.id,
    lesson_id: row.lessonId,
    status: row.status as LessonGenerationStatus,
    total: row.total,
    done: row.done,
    skipped: row.skipped,
    error: failure === null ? null : text(lang, `fields.${failure}`),
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The student's interests (the project's themes linked to the lesson's student) that the project sees, by name. */
async function studentThemes(tx: Tx, lesson: LessonRow): Promise<{ id: number; name: string }[]> {
  return tx
    .select({ id: themes.id, name: themes.name })
    .from(clientThemes)
    .innerJoin(themes, eq(themes.id, clientThemes.themeId))
    .innerJoin(protocols, eq(protocols.clientId, clientThemes.clientId))
    .where(and(eq(protocols.id, lesson.protocolId), visibleIn(lesson.workspaceId)))
    .orderBy(asc(themes.name), asc(themes.id));
}

/** The lesson's distinct exercises, in the order the lesson shows them. */
async function lessonExercises(tx: Tx, lessonId: number): Promise<number[]> {
  return [...new Set((await presentationsOf(tx, lessonId)).map((row) => row.exerciseId))];
}

/**
 * Locks the lesson for a new run and records it (queued), in the caller's transaction: runs of the
 * lesson still queued or running are stale (their lock ran out) and are marked failed.
 */
async function queueRun(
  tx: Tx,
  lesson: LessonRow,
  total: number,
  requestedBy: number | null,
  now: Date,
): Promise<LessonGenerationRow> {
  await tx
    .update(lessonGenerations)
    .set({ status: 'failed', error: 'interrupted', finishedAt: now })
    .where(
      and(
        eq(lessonGenerations.lessonId, lesson.id),
        inArray(lessonGenerations.status, ['queued', 'running']),
      ),
    );
  await tx
    .update(lessons)
    .set({ lockedUntil: lockFrom(now) })
    .where(eq(lessons.id, lesson.id));
  const [run] = await tx
    .insert(lessonGenerations)
    .values({ workspaceId: lesson.workspaceId, lessonId: lesson.id, requestedBy, total, createdAt: now })
    .returning();
  if (!run) throw new Error('insert returned no row');
  return run;
}

/** Sends a queued run to the job; when the queue refuses it, the run fails and the lesson is free again. */
async function sendRun(db: Db, jobs: JobSender | null, run: LessonGenerationRow) {
  if (!jobs) return;
  try {
    await jobs.send(GENERATE_BEFORE_LESSON, { generationId: run.id } satisfies LessonGenerationData);
  } catch (error) {
    await endRun(db, run.id, run.lessonId, 'broke');
    throw error;
  }
}

/**
 * `POST /generator/generate-before-lesson`: locks the lesson and queues a run for its decks × the
 * student's interests. 404 for a lesson not the caller's; 409 `lesson_finished`, `lesson_locked`
 * (a run is under way), or `conflict` when the student has no interests or the lesson no decks.
 */
export async function requestGeneration(
  db: Db,
  jobs: JobSender | null,
  caller: ProjectActor,
  input: GenerateBeforeLessonInput,
): Promise<LessonGeneration> {
  const run = await db.transaction(async (tx) => {
    // As every write of a lesson: the plan first, then the lesson.
    await planOf(tx, await ownLesson(tx, caller, input.lesson_id), true);
    const lesson = await ownLesson(tx, caller, input.lesson_id, true);
    if (lesson.finishedAt !== null) throw new AppError('lesson_finished');
    if (isLocked(lesson)) throw new AppError('lesson_locked');
    const interests = await studentThemes(tx, lesson);
    if (interests.length === 0) throw new AppError('conflict').saying('lessonNoInterests');
    const decks = await lessonExercises(tx, lesson.id);
    if (decks.length === 0) throw new AppError('conflict').saying('lessonNoPresentations');
    return queueRun(tx, lesson, decks.length * interests.length, caller.userId, new Date());
  });
  await sendRun(db, jobs, run);
  return generationView(run, caller.lang);
}

/** `GET /lesson/:lessonId/generation`: the lesson's latest run, or null; 404 as reading the lesson. */
export async function latestGeneration(
  db: Tx,
  caller: ProjectActor,
  lessonId: number,
): Promise<LessonGeneration | null> {
  const lesson = await ownLesson(db, caller, lessonId);
  const [row] = await db
    .select()
    .from(lessonGenerations)
    .where(eq(lessonGenerations.lessonId, lesson.id))
    .orderBy(desc(lessonGenerations.createdAt), desc(lessonGenerations.id))
    .limit(1);
  return row ? generationView(row, caller.lang) : null;
}

/** Where the teacher downloads a themed version of a deck of the lesson. */
const themedFileUrl = (workspaceId: number, lessonId: number, id: number) =>
  `${API_BASE}${API.lesson}/${lessonId}/themed/${id}/file?workspace_id=${workspaceId}`;

/** The themed versions of the lesson's decks for the student's interests (`condition` narrows them). */
async function themedRows(tx: Tx, lesson: LessonRow, themeIds: readonly number[], generatedId?: number) {
  const exerciseIds = await lessonExercises(tx, lesson.id);
  if (exerciseIds.length === 0 || themeIds.length === 0) return [];
  return tx
    .select({ variant: exerciseGenerated, themeName: themes.name, file: exerciseFiles })
    .from(exerciseGenerated)
    .innerJoin(themes, eq(themes.id, exerciseGenerated.themeId))
    .innerJoin(exerciseFiles, eq(exerciseFiles.id, exerciseGenerated.fileId))
    .where(
      and(
        eq(exerciseGenerated.workspaceId, lesson.workspaceId),
        inArray(exerciseGenerated.exerciseId, exerciseIds),
        inArray(exerciseGenerated.themeId, [...themeIds]),
        generatedId === undefined ? undefined : eq(exerciseGenerated.id, generatedId),
      ),
    )
    .orderBy(asc(exerciseGenerated.exerciseId), asc(themes.name), asc(exerciseGenerated.id));
}

/** `GET /lesson/:lessonId/themed`: the student's interests and the themed versions of the lesson's decks. */
export async function lessonThemed(db: Tx, caller: ProjectActor, lessonId: number): Promise<LessonThemed> {
  const lesson = await ownLesson(db, caller, lessonId);
  const interests = await studentThemes(db, lesson);
  const rows = await themedRows(
    db,
    lesson,
    interests.map((theme) => theme.id),
  );
  return {
    themes: interests,
    versions: rows.map(({ variant, themeName, file }) => ({
      id: variant.id,
      exercise_id: variant.exerciseId,
      theme: { id: variant.themeId, name: themeName },
      file: {
        name: file.originalName,
        size: file.size,
        url: themedFileUrl(lesson.workspaceId, lesson.id, variant.id),
      },
      created_at: variant.createdAt.toISOString(),
    })),
  };
}

/**
 * The .pptx of a themed version of one of the lesson's decks for one of the student's interests;
 * 404 for any other (the moderators' download route is theirs alone).
 */
export async function lessonThemedFile(
  db: Tx,
  caller: ProjectActor,
  lessonId: number,
  generatedId: number,
): Promise<ExerciseFileRow> {
  const lesson = await ownLesson(db, caller, lessonId);
  const interests = await studentThemes(db, lesson);
  const [row] = await themedRows(
    db,
    lesson,
    interests.map((theme) => theme.id),
    generatedId,
  );
  if (!row) throw notFound();
  return row.file;
}

/** Ends a run: done, or failed with why; the lesson is free again either way. */
async function endRun(db: Db, runId: number, lessonId: number, failure: Failure | null) {
  await db.transaction(async (tx) => {
    await tx
      .update(lessonGenerations)
      .set({ status: failure === null ? 'done' : 'failed', error: failure, finishedAt: new Date() })
      .where(eq(lessonGenerations.id, runId));
    await tx.update(lessons).set({ lockedUntil: null }).where(eq(lessons.id, lessonId));
  });
}

/** What a run of the job came to, for the job's log. */
export interface RunResult {
  status: LessonGenerationStatus | 'stale';
  done: number;
  skipped: number;
}

/**
 * The `generate-before-lesson` job: takes its run (only a queued one: a run that the schedule or a
 * newer request has marked failed is left alone), makes each deck's themed version for each
 * interest, and counts its progress after each; read-only versions are kept and counted done. At
 * the end the run is done, or failed with why, and the lesson is free again: it never stays locked.
 */
export async function runLessonGeneration(
  db: Db,
  files: FileStore,
  data: LessonGenerationData,
  log?: FastifyBaseLogger,
): Promise<RunResult> {
  const taken = await db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(lessonGenerations)
      .where(eq(lessonGenerations.id, data.generationId))
      .for('update');
    if (!run || run.status !== 'queued') return null;
    const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, run.lessonId)).for('update');
    if (!lesson) return null;
    const now = new Date();
    if (lesson.finishedAt !== null) return { run, lesson, pairs: null };
    const exerciseIds = await lessonExercises(tx, lesson.id);
    const interests = await studentThemes(tx, lesson);
    const pairs = exerciseIds.flatMap((exerciseId) =>
      interests.map((theme) => ({ exerciseId, themeId: theme.id })),
    );
    await tx
      .update(lessonGenerations)
      .set({ status: 'running', startedAt: now, total: pairs.length, done: 0, skipped: 0 })
      .where(eq(lessonGenerations.id, run.id));
    await tx
      .update(lessons)
      .set({ lockedUntil: lockFrom(now) })
      .where(eq(lessons.id, lesson.id));
    return { run, lesson, pairs };
  });
  if (!taken) return { status: 'stale', done: 0, skipped: 0 };
  const { run, lesson, pairs } = taken;
  if (pairs === null) {
    await endRun(db, run.id, lesson.id, 'finished');
    return { status: 'failed', done: 0, skipped: 0 };
  }
  const maker = { workspaceId: lesson.workspaceId, userId: run.requestedBy, lang: DEFAULT_API_LANGUAGE };
  let done = 0;
  let skipped = 0;
  try {
    for (const pair of pairs) {
      const outcome = await makeVariant(db, files, maker, pair.exerciseId, pair.themeId);
      done += 1;
      if (outcome === 'skipped') skipped += 1;
      await db.transaction(async (tx) => {
        await tx.update(lessonGenerations).set({ done, skipped }).where(eq(lessonGenerations.id, run.id));
        await tx
          .update(lessons)
          .set({ lockedUntil: lockFrom(new Date()) })
          .where(eq(lessons.id, lesson.id));
      });
    }
  } catch (error) {
    log?.error({ err: error, lesson: lesson.id, generation: run.id }, 'themed versions of a lesson failed');
    await endRun(db, run.id, lesson.id, 'broke');
    return { status: 'failed', done, skipped };
  }
  await endRun(db, run.id, lesson.id, null);
  return { status: 'done', done, skipped };
}

/**
 * The lessons the schedule prepares at `now`: starting within `LESSON_PREPARE_AHEAD_HOURS`, not
 * finished, not locked, holding presentations, whose student has interests, and with no run since
 * the lesson last changed (`updated_at`: every save, fill and transfer sets it).
 */
export async function lessonsToPrepare(db: Tx, now: Date): Promise<LessonRow[]> {
  const until = new Date(now.getTime() + LESSON_PREPARE_AHEAD_HOURS * 3_600_000);
  const rows = await db
    .select({ lesson: lessons })
    .from(lessons)
    .innerJoin(protocols, eq(protocols.id, lessons.protocolId))
    .where(
      and(
        gt(lessons.startsAt, now),
        lte(lessons.startsAt, until),
        isNull(lessons.finishedAt),
        or(isNull(lessons.lockedUntil), lte(lessons.lockedUntil, now)),
        exists(
          db
            .select({ one: sql`1` })
            .from(lessonPresentations)
            .where(eq(lessonPresentations.lessonId, lessons.id)),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(clientThemes)
            .where(eq(clientThemes.clientId, protocols.clientId)),
        ),
        sql`not exists (select 1 from ${lessonGenerations} where ${lessonGenerations.lessonId} = ${lessons.id} and ${lessonGenerations.createdAt} >= ${lessons.updatedAt})`,
      ),
    )
    .orderBy(asc(lessons.startsAt), asc(lessons.id));
  const ready: LessonRow[] = [];
  // Interests the project no longer sees do not count: judged per lesson, as the job will.
  for (const { lesson } of rows) if ((await studentThemes(db, lesson)).length > 0) ready.push(lesson);
  return ready;
}

/**
 * The schedule (every 15 minutes): runs whose lock ran out without an end (a job that died) are
 * marked failed, then every lesson `lessonsToPrepare` finds gets a queued run and its job.
 * Returns how many runs it queued.
 */
export async function prepareLessons(
  db: Db,
  jobs: JobSender | null,
  now: Date = new Date(),
): Promise<{ interrupted: number; queued: number }> {
  const interrupted = await db
    .update(lessonGenerations)
    .set({ status: 'failed', error: 'interrupted', finishedAt: now })
    .where(
      and(
        inArray(lessonGenerations.status, ['queued', 'running']),
        sql`not exists (select 1 from ${lessons} where ${lessons.id} = ${lessonGenerations.lessonId} and ${lessons.lockedUntil} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: lessonGenerations.id });
  let queued = 0;
  for (const candidate of await lessonsToPrepare(db, now)) {
    const run = await db.transaction(async (tx) => {
      const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, candidate.id)).for('update');
      // Changed since it was found: locked, finished or moved meanwhile.
      if (!lesson || isLocked(lesson, now) || lesson.finishedAt !== null) return null;
      const decks = await lessonExercises(tx, lesson.id);
      const interests = await studentThemes(tx, lesson);
      if (decks.length === 0 || interests.length === 0) return null;
      return queueRun(tx, lesson, decks.length * interests.length, null, now);
    });
    if (!run) continue;
    await sendRun(db, jobs, run);
    queued += 1;
  }
  return { interrupted: interrupted.length, queued };
}
