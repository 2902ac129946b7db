/**
 * The project's free slots for a kind, language and child at `now` (decision 036): free lessons
 * from the teachers' hours less their busy time (live sessions, plan lessons), consultation groups
 * from the sessions with seats left; none before the child is old enough.
 */
import {
  ageRefusal,
  addDays,
  dayOf,
  freeSlots,
  instantAt,
  oldEnoughFrom,
  SLOT_STEP_MINUTES,
  type BookingKind,
  type BookingSettings,
  type BusyTime,
  type Language,
  type SlotView,
  type TeacherHours,
} from '@logoschool/contract';
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lessons } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { availabilityView, DEFAULT_TEACHER_ZONE, projectTeachers } from './availability.service.ts';
import { bookingSessions } from './booking.schema.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The earliest zone on Earth (UTC+14): the first instant of a day anywhere. */
const EARLIEST_ZONE = 'Pacific/Kiritimati';

export interface SlotsRequest {
  kind: BookingKind;
  language: Language;
  birthdate: string;
  /** A session left out of the busy time and of the groups (the booking being moved). */
  excludeSessionId?: number;
}

/** A free slot with the teachers free then (free lesson) or its session (consultation). */
export interface FoundSlot extends SlotView {
  teacherIds: number[];
}

export interface FoundSlots {
  slots: FoundSlot[];
  old_enough_from: string | null;
}

/**
 * A free-lesson session holds its teacher unless it is a reservation that lapsed (not freed yet).
 * The columns are named with their tables: drizzle leaves a one-table query's columns unqualified,
 * which inside the subquery would name the booking's own.
 */
const holdsTime = (now: Date) => sql`not exists (
  select 1 from bookings b
  where b.session_id = "booking_sessions"."id"
    and b.status = 'reserved' and b.reserved_until <= ${now.toISOString()}
)`;

/** The teachers who take this kind in this language, with their hours. */
async function bookableTeachers(tx: Tx, workspaceId: number, kind: BookingKind, language: Language) {
  const teachers = await projectTeachers(tx, workspaceId);
  return teachers
    .map((teacher) => ({ teacher, availability: availabilityView(teacher.availability) }))
    .filter(
      ({ availability }) =>
        availability.languages.includes(language) &&
        (kind === 'free_lesson' ? availability.free_lessons : availability.consultation_groups),
    );
}

/** The teachers' busy time from `from` to `to`: live sessions and plan lessons not finished. */
async function busyTimes(
  tx: Tx,
  teacherIds: number[],
  from: Date,
  to: Date,
  now: Date,
  excludeSessionId?: number,
): Promise<BusyTime[]> {
  if (teacherIds.length === 0) return [];
  const sessions = await tx
    .select({
      teacherId: bookingSessions.teacherId,
      start: bookingSessions.startsAt,
      end: bookingSessions.endsAt,
    })
    .from(bookingSessions)
    .where(
      and(
        inArray(bookingSessions.teacherId, teacherIds),
        isNull(bookingSessions.cancelledAt),
        lt(bookingSessions.startsAt, to),
        gt(bookingSessions.blocksUntil, from),
        excludeSessionId === undefined ? undefined : ne(bookingSessions.id, excludeSessionId),
        holdsTime(now),
      ),
    );
  // A teacher's plan lessons, in any project: she cannot be in two places at once.
  const planned = await tx
    .select({
      teacherId: lessons.teacherId,
      start: lessons.startsAt,
      end: sql<Date>`${lessons.startsAt} + make_interval(mins => ${lessons.durationMinutes}::int)`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(lessons)
    .where(
      and(
        inArray(lessons.teacherId, teacherIds),
        isNotNull(lessons.startsAt),
        isNull(lessons.finishedAt),
        lt(lessons.startsAt, to),
        gt(lessons.startsAt, new Date(from.getTime() - DAY)),
      ),
    );
  return [
    ...sessions,
    ...planned.flatMap((lesson) => (lesson.start ? [{ ...lesson, start: lesson.start }] : [])),
  ];
}

/** Live seats of a group (confirmed or still reserved); tables named as in `holdsTime`. */
const seatsHeld = (now: Date) => sql<number>`(
  select count(*)::int from bookings b
  where b.session_id = "booking_sessions"."id"
    and (b.status in ('confirmed', 'held', 'no_show')
      or (b.status = 'reserved' and b.reserved_until > ${now.toISOString()}))
)`;

/** The project's consultation groups in the language with seats left, from `from` to `to`. */
async function groupSlots(
  tx: Tx,
  workspaceId: number,
  language: Language,
  from: Date,
  to: Date,
  now: Date,
  excludeSessionId?: number,
): Promise<FoundSlot[]> {
  const teachers = await bookableTeachers(tx, workspaceId, 'consultation', language);
  const zones = new Map(teachers.map(({ teacher, availability }) => [teacher.id, availability.time_zone]));
  const rows = await tx
    .select({ session: bookingSessions, held: seatsHeld(now) })
    .from(bookingSessions)
    .where(
      and(
        eq(bookingSessions.workspaceId, workspaceId),
        eq(bookingSessions.kind, 'consultation'),
        eq(bookingSessions.language, language),
        isNull(bookingSessions.cancelledAt),
        gte(bookingSessions.startsAt, from),
        lt(bookingSessions.startsAt, to),
        excludeSessionId === undefined ? undefined : ne(bookingSessions.id, excludeSessionId),
      ),
    )
    .orderBy(bookingSessions.startsAt, bookingSessions.id);
  return rows
    .filter(({ session, held }) => held < session.seats && zones.has(session.teacherId))
    .map(({ session, held }) => ({
      start: session.startsAt.toISOString(),
      end: session.endsAt.toISOString(),
      session_id: session.id,
      seats_left: session.seats - held,
      teacher_time_zones: [zones.get(session.teacherId) ?? DEFAULT_TEACHER_ZONE],
      teacherIds: [session.teacherId],
    }));
}

/**
 * The free slots at `now`. A child too young even on the horizon's last day is refused (422
 * `too_young` / `course_too_young`); an older one sees no slot before the day she is old enough
 * (counted generously here, from that day's first instant anywhere; the reservation checks the
 * age on the lesson's day in the parent's zone).
 */
export async function findSlots(
  tx: Tx,
  workspaceId: number,
  settings: BookingSettings,
  request: SlotsRequest,
  now: Date,
): Promise<FoundSlots> {
  const today = dayOf(now, 'UTC');
  const lastDay = addDays(today, settings.horizon_days);
  const refusal = ageRefusal(request.kind, request.birthdate, lastDay);
  if (refusal) throw new AppError(refusal);
  const oldEnough = oldEnoughFrom(request.kind, request.birthdate);
  const oldEnoughInstant = instantAt(oldEnough, '00:00', EARLIEST_ZONE);
  const from = new Date(now.getTime() + settings.booking_notice_minutes * MINUTE);
  const to = new Date(now.getTime() + settings.horizon_days * DAY);
  const answer = (slots: FoundSlot[]): FoundSlots => ({
    slots: slots.filter((slot) => new Date(slot.start) >= oldEnoughInstant),
    old_enough_from: oldEnough > today ? oldEnough : null,
  });
  if (request.kind === 'consultation') {
    return answer(
      await groupSlots(tx, workspaceId, request.language, from, to, now, request.excludeSessionId),
    );
  }
  const teachers = await bookableTeachers(tx, workspaceId, 'free_lesson', request.language);
  const hours: TeacherHours[] = teachers.map(({ teacher, availability }) => ({
    teacherId: teacher.id,
    timeZone: availability.time_zone,
    weekly: availability.weekly,
    exceptions: availability.exceptions,
  }));
  const zones = new Map(hours.map((teacher) => [teacher.teacherId, teacher.timeZone]));
  const busy = await busyTimes(
    tx,
    hours.map((teacher) => teacher.teacherId),
    new Date(now.getTime() - DAY),
    new Date(to.getTime() + DAY),
    now,
    request.excludeSessionId,
  );
  const slots = freeSlots(
    hours,
    busy,
    {
      lengthMinutes: settings.lesson_minutes,
      bufferMinutes: settings.buffer_minutes,
      noticeMinutes: settings.booking_notice_minutes,
      horizonDays: settings.horizon_days,
      stepMinutes: SLOT_STEP_MINUTES,
    },
    now,
  );
  return answer(
    slots.map((slot) => ({
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      teacher_time_zones: [...new Set(slot.teacherIds.map((id) => zones.get(id) ?? DEFAULT_TEACHER_ZONE))],
      teacherIds: slot.teacherIds,
    })),
  );
}

/** The answer's view of slots: without the teachers' ids (a parent learns only their zones). */
export const slotViews = (found: FoundSlots) => ({
  slots: found.slots.map(({ teacherIds: _teachers, ...slot }) => slot),
  old_enough_from: found.old_enough_from,
});
