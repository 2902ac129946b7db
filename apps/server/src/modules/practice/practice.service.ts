/**
 * Home practice (issue 29 item 2, decision 038): the teacher assigns one of her lessons, or chosen
 * presentations of it, to its student's family; the parent plays it by the assignment's link and
 * taps how each try went. The tries are the family's own rows (`practice_tries`): nothing here
 * writes a mark, a lesson's statistics or its "held" state.
 */
import {
  type PracticeAssignment,
  type PracticeCounts,
  type PracticeItem,
  type PracticeOutcome,
  type StudentPractice,
  type practiceAssignInput,
  type practiceChangeInput,
} from '@logoschool/contract';
import { and, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { clients, exercises, lessons, protocols, type LessonRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { ownLesson, playOrder } from '../lessons/index.ts';
import { issueLink, linkOf, withdrawLink } from '../public-links/index.ts';
import { ownAssignment, practiceLinks } from './practice-link.ts';
import { practiceAssignments, practiceTries, type PracticeAssignmentRow } from './practice.schema.ts';

export const NO_TRIES: PracticeCounts = { right: 0, helped: 0, not_yet: 0 };

/** What a service needs besides its input: the database and the web app's address (for links). */
export interface PracticeContext {
  db: Db;
  baseUrl: string;
}

// ---------------------------------------------------------------------------------------------
// What an assignment holds, and the tries of it.

/** A presentation an assignment plays: the exercise and its title. */
interface PlayItem {
  exerciseId: number;
  title: string;
}

/**
 * The presentations an assignment plays, in the lesson's play order, each exercise once: the
 * chosen ones still in the lesson, or all the lesson has now.
 */
export async function itemsOf(
  tx: Tx,
  lesson: LessonRow,
  chosen: readonly number[] | null,
): Promise<PlayItem[]> {
  const seen = new Set<number>();
  const items: PlayItem[] = [];
  for (const row of await playOrder(tx, lesson)) {
    if (seen.has(row.exerciseId) || (chosen && !chosen.includes(row.exerciseId))) continue;
    seen.add(row.exerciseId);
    items.push({ exerciseId: row.exerciseId, title: row.title });
  }
  return items;
}

/** The tries of some assignments: per assignment and exercise, the counts and the last one. */
export async function triesOf(tx: Tx, assignmentIds: readonly number[]) {
  if (assignmentIds.length === 0) return [];
  return tx
    .select({
      assignmentId: practiceTries.assignmentId,
      exerciseId: practiceTries.exerciseId,
      title: exercises.title,
      outcome: practiceTries.outcome,
      tries: count(),
      last: max(practiceTries.createdAt),
    })
    .from(practiceTries)
    .innerJoin(exercises, eq(exercises.id, practiceTries.exerciseId))
    .where(inArray(practiceTries.assignmentId, [...assignmentIds]))
    .groupBy(practiceTries.assignmentId, practiceTries.exerciseId, exercises.title, practiceTries.outcome);
}

/** Days (UTC) on which some assignments were practised, and the last try. */
export async function daysOf(tx: Tx, assignmentIds: readonly number[]) {
  if (assignmentIds.length === 0) return { days: 0, last: null };
  const [row] = await tx
    .select({
      days: sql<number>`count(distinct (${practiceTries.createdAt} at time zone 'UTC')::date)::int`,
      last: max(practiceTries.createdAt),
    })
    .from(practiceTries)
    .where(inArray(practiceTries.assignmentId, [...assignmentIds]));
  return { days: row?.days ?? 0, last: row?.last ?? null };
}

type TryRows = Awaited<ReturnType<typeof triesOf>>;

export const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * The items of an assignment with their tries: what it plays now, then any exercise practised
 * before that is no longer in it (the family's tries stay visible).
 */
export function itemsWithTries(items: readonly PlayItem[], tries: TryRows): PracticeItem[] {
  const byExercise = new Map<number, { title: string; counts: PracticeCounts; last: Date | null }>();
  for (const item of items)
    byExercise.set(item.exerciseId, { title: item.title, counts: { ...NO_TRIES }, last: null });
  for (const row of tries) {
    const entry = byExercise.get(row.exerciseId) ?? { title: row.title, counts: { ...NO_TRIES }, last: null };
    entry.counts[row.outcome as PracticeOutcome] += row.tries;
    entry.last = later(entry.last, row.last);
    byExercise.set(row.exerciseId, entry);
  }
  return [...byExercise].map(([exerciseId, entry]) => ({
    exercise_id: exerciseId,
    title: entry.title,
    counts: entry.counts,
    last_practised_at: entry.last?.toISOString() ?? null,
  }));
}

/** An assignment as its teacher sees it. */
async function assignmentView(
  tx: Tx,
  baseUrl: string,
  row: PracticeAssignmentRow,
  lesson?: LessonRow,
): Promise<PracticeAssignment> {
  const own = lesson ?? (await lessonOf(tx, row.lessonId));
  const items = itemsWithTries(await itemsOf(tx, own, row.exerciseIds), await triesOf(tx, [row.id]));
  const { days, last } = await daysOf(tx, [row.id]);
  return {
    id: row.id,
    lesson_id: row.lessonId,
    lesson_number: own.number,
    client_id: row.clientId,
    exercise_ids: row.exerciseIds,
    items,
    assigned_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
    days_practised: days,
    last_practised_at: last?.toISOString() ?? null,
    link: await linkOf(tx, baseUrl, practiceLinks, row.id),
  };
}

async function lessonOf(tx: Tx, id: number): Promise<LessonRow> {
  const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, id));
  if (!lesson) throw notFound();
  return lesson;
}

/** 422 on `field` when an exercise chosen is not among the lesson's presentations. */
async function assertChosen(
  tx: Tx,
  caller: ProjectActor,
  lesson: LessonRow,
  chosen: readonly number[] | null,
) {
  const all = await itemsOf(tx, lesson, null);
  if (all.length === 0) throw new AppError('conflict').saying('practiceEmptyLesson');
  const inLesson = new Set(all.map((item) => item.exerciseId));
  if (chosen?.some((id) => !inLesson.has(id))) {
    throw new AppError(
      'validation_failed',
      {},
      { exercise_ids: [fieldMessage(caller.lang, 'practiceExerciseOutside')] },
    );
  }
}

/** The chosen exercises once each, in the order given. */
const distinct = (ids: readonly number[] | null) => (ids ? [...new Set(ids)] : null);

// ---------------------------------------------------------------------------------------------
// The teacher's side.

/**
 * `POST /practice-assignments`: assigns one of the teacher's lessons to its student's family and
 * makes its link, in one transaction. The lesson's row is locked first, so two assignments of one
 * lesson at once wait for each other: the second finds the first and gets 409.
 */
export async function assignPractice(
  ctx: PracticeContext,
  caller: ProjectActor,
  input: z.output<typeof practiceAssignInput>,
): Promise<PracticeAssignment> {
  return ctx.db.transaction(async (tx) => {
    const lesson = await ownLesson(tx, caller, input.lesson_id, true);
    const chosen = distinct(input.exercise_ids);
    await assertChosen(tx, caller, lesson, chosen);
    const [live] = await tx
      .select({ id: practiceAssignments.id })
      .from(practiceAssignments)
      .where(and(eq(practiceAssignments.lessonId, lesson.id), isNull(practiceAssignments.withdrawnAt)));
    if (live) throw new AppError('conflict').saying('practiceAlreadyAssigned');
    const [plan] = await tx
      .select({ clientId: protocols.clientId })
      .from(protocols)
      .where(eq(protocols.id, lesson.protocolId));
    if (!plan) throw notFound();
    const [row] = await tx
      .insert(practiceAssignments)
      .values({
        workspaceId: caller.workspaceId,
        lessonId: lesson.id,
        clientId: plan.clientId,
        teacherId: caller.userId,
        exerciseIds: chosen,
      })
      .returning();
    if (!row) throw new Error(`lesson ${lesson.id}: the assignment was not stored`);
    await issueLink(tx, caller, practiceLinks, row.id);
    return assignmentView(tx, ctx.baseUrl, row, lesson);
  });
}

/** `GET /practice-assignments/:assignmentId`: one of the teacher's assignments. */
export async function readPractice(ctx: PracticeContext, caller: ProjectActor, id: number) {
  return assignmentView(ctx.db, ctx.baseUrl, await ownAssignment(ctx.db, caller, id));
}

/** `PUT /practice-assignments/:assignmentId`: what the family practises now; 409 once withdrawn. */
export async function changePractice(
  ctx: PracticeContext,
  caller: ProjectActor,
  id: number,
  input: z.output<typeof practiceChangeInput>,
): Promise<PracticeAssignment> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownAssignment(tx, caller, id, true);
    if (row.withdrawnAt !== null) throw new AppError('conflict').saying('practiceWithdrawn');
    const lesson = await lessonOf(tx, row.lessonId);
    const chosen = distinct(input.exercise_ids);
    await assertChosen(tx, caller, lesson, chosen);
    const [saved] = await tx
      .update(practiceAssignments)
      .set({ exerciseIds: chosen, updatedAt: new Date() })
      .where(eq(practiceAssignments.id, id))
      .returning();
    return assignmentView(tx, ctx.baseUrl, saved ?? row, lesson);
  });
}

/**
 * `DELETE /practice-assignments/:assignmentId`: withdraws the assignment and its link (the family's
 * player says the link is not valid from now on); its tries stay for the correction path. A
 * withdrawn one stays as it is.
 */
export async function withdrawPractice(
  ctx: PracticeContext,
  caller: ProjectActor,
  id: number,
): Promise<PracticeAssignment> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownAssignment(tx, caller, id, true);
    if (row.withdrawnAt !== null) return assignmentView(tx, ctx.baseUrl, row);
    await withdrawLink(tx, caller, practiceLinks, id);
    const [saved] = await tx
      .update(practiceAssignments)
      .set({ withdrawnAt: new Date(), updatedAt: new Date() })
      .where(eq(practiceAssignments.id, id))
      .returning();
    return assignmentView(tx, ctx.baseUrl, saved ?? row);
  });
}

/** `GET /lesson/:lessonId/practice`: the teacher's lesson's live assignment, or null. */
export async function lessonPractice(
  ctx: PracticeContext,
  caller: ProjectActor,
  lessonId: number,
): Promise<PracticeAssignment | null> {
  const lesson = await ownLesson(ctx.db, caller, lessonId);
  const [row] = await ctx.db
    .select()
    .from(practiceAssignments)
    .where(and(eq(practiceAssignments.lessonId, lesson.id), isNull(practiceAssignments.withdrawnAt)));
  return row ? assignmentView(ctx.db, ctx.baseUrl, row, lesson) : null;
}

/**
 * `GET /clients/:clientId/practice`: a student's home practice for the correction path, beside the
 * therapist's marks: every assignment (withdrawn ones too, with their tries), the newest first.
 * 404 for a student who is not the teacher's.
 */
export async function studentPractice(
  ctx: PracticeContext,
  caller: ProjectActor,
  clientId: number,
): Promise<StudentPractice> {
  const [client] = await ctx.db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.workspaceId, caller.workspaceId),
        eq(clients.teacherId, caller.userId),
        eq(clients.id, clientId),
      ),
    );
  if (!client) throw notFound();
  const rows = await ctx.db
    .select()
    .from(practiceAssignments)
    .where(
      and(
        eq(practiceAssignments.workspaceId, caller.workspaceId),
        eq(practiceAssignments.clientId, clientId),
      ),
    )
    .orderBy(desc(practiceAssignments.createdAt), desc(practiceAssignments.id));
  const assignments: PracticeAssignment[] = [];
  for (const row of rows) assignments.push(await assignmentView(ctx.db, ctx.baseUrl, row));
  const totals = { ...NO_TRIES };
  for (const item of assignments.flatMap((assignment) => assignment.items)) {
    totals.right += item.counts.right;
    totals.helped += item.counts.helped;
    totals.not_yet += item.counts.not_yet;
  }
  const { days, last } = await daysOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { assignments, totals, days_practised: days, last_practised_at: last?.toISOString() ?? null };
}

// ---------------------------------------------------------------------------------------------
// The family's side, by the assignment's link (public).
