/**
 * Consultation group sessions (spec §9: groups of 60 minutes): made by the school for a teacher who
 * leads groups in the language, kept apart from her other sessions by the database.
 */
import {
  CONSULTATION_MINUTES,
  type ConsultationSession,
  type ConsultationSessionInput,
} from '@logoschool/contract';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { availabilityView, teacherInReach } from './availability.service.ts';
import { isOverlap, slotTaken } from './booking-errors.ts';
import { assertTeacherInScope, bookingScope } from './booking-scope.ts';
import { readBookingSettings } from './booking-settings.ts';
import { bookingSessions, bookings, type BookingSessionRow } from './booking.schema.ts';

const MINUTE = 60_000;

const view = (row: BookingSessionRow, teacherName: string): ConsultationSession => ({
  id: row.id,
  teacher_id: row.teacherId,
  teacher_name: teacherName,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt.toISOString(),
  language: row.language as ConsultationSession['language'],
  seats: row.seats,
  seats_taken: row.seatsTaken,
});

/** `GET /booking/sessions`: the project's consultation sessions to come (a teacher: her own). */
export async function listSessions(tx: Tx, actor: Actor, now = new Date()): Promise<ConsultationSession[]> {
  const rows = await tx
    .select({ session: bookingSessions, name: users.name })
    .from(bookingSessions)
    .innerJoin(users, eq(users.id, bookingSessions.teacherId))
    .where(
      and(
        eq(bookingSessions.workspaceId, actor.workspaceId),
        eq(bookingSessions.kind, 'consultation'),
        isNull(bookingSessions.cancelledAt),
        gt(bookingSessions.endsAt, now),
        bookingScope(actor.role) === 'own' ? eq(bookingSessions.teacherId, actor.userId) : undefined,
      ),
    )
    .orderBy(bookingSessions.startsAt, bookingSessions.id);
  return rows.map((row) => view(row.session, row.name));
}

/**
 * `POST /booking/sessions`: a group of 60 minutes for a teacher of the project who leads groups in
 * the language (422 otherwise), in the future; 409 `slot_taken` when it overlaps her other sessions.
 */
export async function createSession(
  tx: Tx,
  actor: Actor,
  input: ConsultationSessionInput,
  now = new Date(),
): Promise<ConsultationSession> {
  const teacher = await teacherInReach(tx, actor, input.teacher_id);
  const availability = availabilityView(teacher.availability);
  if (!availability.consultation_groups) {
    throw new AppError(
      'validation_failed',
      {},
      { teacher_id: [fieldMessage(actor.lang, 'teacherNoGroups')] },
    );
  }
  if (!availability.languages.includes(input.language)) {
    throw new AppError(
      'validation_failed',
      {},
      { language: [fieldMessage(actor.lang, 'teacherNoLanguage')] },
    );
  }
  const startsAt = new Date(input.starts_at);
  if (startsAt <= now) {
    throw new AppError('validation_failed', {}, { starts_at: [fieldMessage(actor.lang, 'dateInPast')] });
  }
  const settings = await readBookingSettings(tx, actor.workspaceId);
  const endsAt = new Date(startsAt.getTime() + CONSULTATION_MINUTES * MINUTE);
  try {
    const [row] = await tx.transaction((savepoint) =>
      savepoint
        .insert(bookingSessions)
        .values({
          workspaceId: actor.workspaceId,
          teacherId: teacher.id,
          kind: 'consultation',
          language: input.language,
          startsAt,
          endsAt,
          blocksUntil: new Date(endsAt.getTime() + settings.buffer_minutes * MINUTE),
          seats: input.seats ?? settings.group_seats,
        })
        .returning(),
    );
    if (!row) throw new Error('the session was not written');
    return view(row, teacher.name);
  } catch (error) {
    if (isOverlap(error)) throw slotTaken();
    throw error;
  }
}

/** `DELETE /booking/sessions/:id`: cancels a group without live bookings (409 `session_in_use`). */
export async function deleteSession(tx: Tx, actor: Actor, id: number): Promise<void> {
  const [session] = await tx
    .select()
    .from(bookingSessions)
    .where(
      and(
        eq(bookingSessions.workspaceId, actor.workspaceId),
        eq(bookingSessions.id, id),
        eq(bookingSessions.kind, 'consultation'),
        isNull(bookingSessions.cancelledAt),
      ),
    )
    .for('update');
  if (!session) throw notFound();
  assertTeacherInScope(actor, session.teacherId);
  const [live] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.sessionId, id),
        inArray(bookings.status, ['confirmed', 'reserved']),
        // A lapsed reservation not freed yet holds nothing.
        sql`(${bookings.status} = 'confirmed' or ${bookings.reservedUntil} > now())`,
      ),
    );
  if ((live?.count ?? 0) > 0) throw new AppError('session_in_use');
  await tx
    .update(bookingSessions)
    .set({ cancelledAt: new Date(), updatedAt: new Date() })
    .where(eq(bookingSessions.id, id));
}
