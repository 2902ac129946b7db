/**
 * A plan's lessons dated in one step, and one lesson moved alone (issue 27 item 5). Both lock the
 * plan's row first, as every write to a plan's lessons does, and never touch a lesson held.
 */
import type { PlanSchedule, lessonMoveInput, planScheduleInput } from '@logoschool/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lessons, type LessonRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { refuseBookedTimes } from '../booking/index.ts';
import { instantAt, weeklyDates } from './plan-schedule.ts';
import { ownRow } from './plans.service.ts';

/** Whether a lesson is being regenerated now (spec §4, §8: no write until it is done). */
const locked = (row: LessonRow, now: Date) =>
  row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();

async function planLessons(tx: Tx, planId: number): Promise<LessonRow[]> {
  return tx
    .select()
    .from(lessons)
    .where(eq(lessons.protocolId, planId))
    .orderBy(asc(lessons.number))
    .for('update');
}

/** A lesson as it is to be dated, for the check against its teacher's bookings. */
const timeOf = ({ row, startsAt }: { row: LessonRow; startsAt: Date }) => ({
  number: row.number,
  startsAt,
  minutes: row.durationMinutes,
});

const viewOf = (rows: readonly LessonRow[]): PlanSchedule => ({
  lessons: rows.map((row) => ({
    id: row.id,
    number: row.number,
    starts_at: row.startsAt?.toISOString() ?? null,
    held: row.finishedAt !== null,
  })),
});

/**
 * `POST /protocols/:id/schedule`: the plan's lessons without a date (`undated`) or all not held
 * (`not_held`), in their order, each on the next of the chosen weekdays at the time in the time zone,
 * from the start date on; none is skipped. 409 `conflict` for a plan whose lessons are not made yet
 * (a block without its folder), `lesson_locked` while one to date is being regenerated,
 * `lesson_overlaps_booking` when one would fall on a booking of its teacher (issue 28).
 */
export async function scheduleLessons(
  db: Db,
  caller: ProjectActor,
  planId: number,
  input: z.output<typeof planScheduleInput>,
): Promise<PlanSchedule> {
  return db.transaction(async (tx) => {
    await ownRow(tx, caller, planId, true);
    const rows = await planLessons(tx, planId);
    if (rows.length === 0) throw new AppError('conflict').saying('planNotFilled');
    const now = new Date();
    const due = rows.filter(
      (row) => row.finishedAt === null && (input.scope === 'not_held' || row.startsAt === null),
    );
    if (due.some((row) => locked(row, now))) throw new AppError('lesson_locked');
    const dates = weeklyDates(due.length, input.weekdays, input.time, input.start_date, input.time_zone);
    const dated = due.flatMap((row, index) => {
      const startsAt = dates[index];
      return startsAt ? [{ row, startsAt }] : [];
    });
    const [first] = dated;
    if (first) await refuseBookedTimes(tx, caller, first.row.teacherId, dated.map(timeOf), input.time_zone);
    for (const { row, startsAt } of dated) {
      await tx.update(lessons).set({ startsAt, updatedAt: now }).where(eq(lessons.id, row.id));
    }
    return viewOf(await planLessons(tx, planId));
  });
}

/**
 * `POST /protocols/:id/move-lesson`: one lesson of the plan to another day and time in the time
 * zone; the others keep theirs. 404 for a lesson of another plan, 409 for one held or being
 * regenerated, or `lesson_overlaps_booking` for a time its teacher has booked.
 */
export async function moveLesson(
  db: Db,
  caller: ProjectActor,
  planId: number,
  input: z.output<typeof lessonMoveInput>,
): Promise<PlanSchedule> {
  return db.transaction(async (tx) => {
    await ownRow(tx, caller, planId, true);
    const [row] = await tx
      .select()
      .from(lessons)
      .where(and(eq(lessons.id, input.lesson_id), eq(lessons.protocolId, planId)))
      .for('update');
    if (!row) throw notFound();
    if (row.finishedAt !== null) throw new AppError('lesson_finished');
    const now = new Date();
    if (locked(row, now)) throw new AppError('lesson_locked');
    const startsAt = instantAt(input.date, input.time, input.time_zone);
    await refuseBookedTimes(tx, caller, row.teacherId, [timeOf({ row, startsAt })], input.time_zone);
    await tx.update(lessons).set({ startsAt, updatedAt: now }).where(eq(lessons.id, row.id));
    return viewOf(await planLessons(tx, planId));
  });
}
