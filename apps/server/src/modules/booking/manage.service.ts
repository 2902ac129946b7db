/**
 * A booking's private link for its parent (decision 036, kind `booking-manage`): see it, see the
 * slots it could move to, cancel it or move it, up to the project's change notice before it starts
 * (409 `too_late` afterwards, which says to contact the school).
 */
import { dayOf, type Language, type ParentBooking, type SlotsAnswer } from '@logoschool/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { moveInput } from '@logoschool/contract';
import type { Db, Tx } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { invalidLink, openLink } from '../public-links/index.ts';
import { assertOldEnough, freeSession, parentView, takeSlot } from './appointment.service.ts';
import { oneADay } from './booking-errors.ts';
import { bookingManageLinks } from './booking-links.ts';
import { releaseExpired } from './booking-release.ts';
import { readBookingSettings } from './booking-settings.ts';
import { bookingSessions, bookings } from './booking.schema.ts';
import { findSlots, slotViews } from './slots.service.ts';

const MINUTE = 60_000;

/** The booking a manage token opens, with its session (the booking locked when `lock`); the kit's 404 otherwise. */
async function openBooking(tx: Tx, token: string, lock = false) {
  const { subjectId, workspaceId } = await openLink(tx, bookingManageLinks, token);
  const query = tx
    .select({ booking: bookings, session: bookingSessions, archived: workspaces.archived })
    .from(bookings)
    .innerJoin(bookingSessions, eq(bookingSessions.id, bookings.sessionId))
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
    .where(and(eq(bookings.id, subjectId), eq(bookings.workspaceId, workspaceId)));
  const [found] = lock ? await query.for('update', { of: bookings }) : await query;
  if (!found || found.archived) throw invalidLink();
  return found;
}

/** `GET /appointment/manage/:token`. */
export async function managedBooking(db: Db, token: string): Promise<ParentBooking> {
  const { booking } = await openBooking(db, token);
  return parentView(db, booking.id);
}

/** `GET /appointment/manage/:token/slots`: its kind, language and child; its own time left out. */
export async function manageSlots(db: Db, token: string, now = new Date()): Promise<SlotsAnswer> {
  const { booking, session } = await openBooking(db, token);
  const settings = await readBookingSettings(db, booking.workspaceId);
  return slotViews(
    await findSlots(
      db,
      booking.workspaceId,
      settings,
      {
        kind: session.kind,
        language: booking.language as Language,
        birthdate: booking.birthdate,
        excludeSessionId: session.id,
      },
      now,
    ),
  );
}

/** 409 unless the booking is confirmed and its start is further than the change notice. */
async function assertChangeable(tx: Tx, found: Awaited<ReturnType<typeof openBooking>>, now: Date) {
  if (found.booking.status !== 'confirmed') throw new AppError('transition_refused');
  const settings = await readBookingSettings(tx, found.booking.workspaceId);
  if (found.session.startsAt.getTime() - settings.change_notice_minutes * MINUTE <= now.getTime()) {
    throw new AppError('too_late');
  }
  return settings;
}

/** `POST /appointment/manage/:token/cancel`: cancelled by the parent, its time given back. */
export async function cancelByParent(db: Db, token: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await openBooking(tx, token, true);
    await assertChangeable(tx, found, now);
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: 'parent', cancelledAt: now, updatedAt: now })
      .where(eq(bookings.id, found.booking.id));
    await freeSession(tx, found.session, now);
    return found.booking.id;
  });
}

/**
 * `POST /appointment/manage/:token/move`, in one transaction: the old time given back first (so
 * that a move by a few minutes does not collide with itself), the new one taken (its teacher kept
 * when free, else the round-robin's), the age checked on the new day; a race lost: 409.
 */
export async function moveByParent(
  db: Db,
  token: string,
  input: z.output<typeof moveInput>,
  lang: Language,
  now = new Date(),
): Promise<number> {
  return db
    .transaction(async (tx) => {
      const found = await openBooking(tx, token, true);
      const settings = await assertChangeable(tx, found, now);
      const { booking, session } = found;
      await releaseExpired(tx, now, booking.workspaceId);
      await freeSession(tx, session, now);
      const start = new Date(input.start);
      if (session.kind === 'free_lesson')
        assertOldEnough(session.kind, booking.birthdate, start, booking.timeZone);
      const taken = await takeSlot(
        tx,
        booking.workspaceId,
        settings,
        {
          kind: session.kind,
          language: booking.language as Language,
          birthdate: booking.birthdate,
          start,
          excludeSessionId: session.id,
          prefer: session.teacherId,
          ...(input.session_id === undefined ? {} : { sessionId: input.session_id }),
        },
        now,
        lang,
      );
      if (taken.id === session.id) throw new AppError('conflict');
      assertOldEnough(taken.kind, booking.birthdate, taken.startsAt, booking.timeZone);
      await tx
        .update(bookings)
        .set({ sessionId: taken.id, parentDay: dayOf(taken.startsAt, booking.timeZone), updatedAt: now })
        .where(eq(bookings.id, booking.id));
      return booking.id;
    })
    .catch((error: unknown) => {
      throw oneADay(error);
    });
}

/** The booking's id a manage token opens (for its calendar file). */
export async function managedBookingId(db: Db, token: string): Promise<number> {
  return (await openBooking(db, token)).booking.id;
}
