/**
 * A teacher's booked time as other modules see it: a plan's lessons may not be dated over a free
 * lesson or consultation group she has (issue 28 item 1 the other way round: her lessons make her
 * busy for booking, and her bookings make her busy for her lessons).
 */
import { LANGUAGE_LOCALES, type Language } from '@logoschool/contract';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { DEFAULT_TEACHER_ZONE } from './availability.service.ts';
import { readBookingSettings } from './booking-settings.ts';
import { bookingSessions, teacherAvailability } from './booking.schema.ts';

const MINUTE = 60_000;

/** A time a lesson is to take: its number in the plan, its start and length. */
export interface LessonTime {
  number: number;
  startsAt: Date;
  minutes: number;
}

/**
 * The first of `times` that meets one of the teacher's live booking sessions (its time up to its
 * buffer, and the lesson's own buffer after it, in the lesson's project's settings), with the
 * session's start; null when none does.
 */
async function firstBookingOverlap<T extends LessonTime>(
  tx: Tx,
  workspaceId: number,
  teacherId: number,
  times: readonly T[],
): Promise<{ time: T; sessionStartsAt: Date } | null> {
  if (times.length === 0) return null;
  const { buffer_minutes: buffer } = await readBookingSettings(tx, workspaceId);
  const ranges = times.map((time) => ({
    time,
    from: time.startsAt.getTime(),
    to: time.startsAt.getTime() + (time.minutes + buffer) * MINUTE,
  }));
  const from = Math.min(...ranges.map((range) => range.from));
  const to = Math.max(...ranges.map((range) => range.to));
  const sessions = await tx
    .select({ startsAt: bookingSessions.startsAt, blocksUntil: bookingSessions.blocksUntil })
    .from(bookingSessions)
    .where(
      and(
        eq(bookingSessions.teacherId, teacherId),
        isNull(bookingSessions.cancelledAt),
        lt(bookingSessions.startsAt, new Date(to)),
        gt(bookingSessions.blocksUntil, new Date(from)),
      ),
    )
    .orderBy(asc(bookingSessions.startsAt));
  for (const range of ranges) {
    const met = sessions.find(
      (session) => session.startsAt.getTime() < range.to && session.blocksUntil.getTime() > range.from,
    );
    if (met) return { time: range.time, sessionStartsAt: met.startsAt };
  }
  return null;
}

/**
 * 409 `lesson_overlaps_booking` when one of a teacher's lessons to date meets a booking of hers,
 * naming the lesson and the booking's time in `timeZone` (the caller's; else the teacher's own).
 */
export async function refuseBookedTimes(
  tx: Tx,
  who: { workspaceId: number; lang: Language },
  teacherId: number,
  times: readonly LessonTime[],
  timeZone?: string,
): Promise<void> {
  const met = await firstBookingOverlap(tx, who.workspaceId, teacherId, times);
  if (!met) return;
  const zone = timeZone ?? (await teacherZone(tx, who.workspaceId, teacherId));
  const time = new Intl.DateTimeFormat(LANGUAGE_LOCALES[who.lang], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: zone,
  }).format(met.sessionStartsAt);
  throw new AppError('lesson_overlaps_booking', { number: met.time.number, time: `${time} (${zone})` });
}

async function teacherZone(tx: Tx, workspaceId: number, teacherId: number): Promise<string> {
  const [row] = await tx
    .select({ timeZone: teacherAvailability.timeZone })
    .from(teacherAvailability)
    .where(
      and(eq(teacherAvailability.workspaceId, workspaceId), eq(teacherAvailability.teacherId, teacherId)),
    );
  return row?.timeZone ?? DEFAULT_TEACHER_ZONE;
}
