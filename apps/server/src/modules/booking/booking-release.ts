/**
 * Freeing reservations that were not confirmed in time (decision 036): the booking becomes
 * `cancelled` with no `cancelled_by` (nobody cancelled it: it lapsed), its free lesson's session is
 * cancelled and a group's seat is given back; the same at once when the parent chooses another
 * time. The row is kept rather than deleted so that a late confirmation answers 410
 * `reservation_expired` (not a 404), and the school's lists leave out a cancelled booking that was
 * never confirmed (`confirmed_at` null).
 */
import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingSessions, bookings } from './booking.schema.ts';

/**
 * Frees the reservations expired at `now` (of one project, or of all): how many. Two callers at
 * once (the sweep and a reservation) each free a reservation once: the update locks its rows, and
 * the second finds them cancelled already.
 */
export function releaseExpired(tx: Tx, now: Date, workspaceId?: number): Promise<number> {
  return releaseWhere(
    tx,
    now,
    and(
      lte(bookings.reservedUntil, now),
      workspaceId === undefined ? undefined : eq(bookings.workspaceId, workspaceId),
    ),
  );
}

/**
 * Frees one reservation before it lapses (the parent chose another time): whether it was still
 * held. A confirmed or already freed booking is left as it is.
 */
export async function releaseOne(tx: Tx, now: Date, bookingId: number): Promise<boolean> {
  return (await releaseWhere(tx, now, eq(bookings.id, bookingId))) > 0;
}

/** Frees the reservations still held that match `which`: their sessions cancelled, their seats given back. */
async function releaseWhere(tx: Tx, now: Date, which: SQL | undefined): Promise<number> {
  const freed = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, reservedUntil: null, updatedAt: now })
    .where(and(eq(bookings.status, 'reserved'), which))
    .returning({ sessionId: bookings.sessionId });
  if (freed.length === 0) return 0;
  const seats = new Map<number, number>();
  for (const { sessionId } of freed) seats.set(sessionId, (seats.get(sessionId) ?? 0) + 1);
  const ids = [...seats.keys()];
  await tx
    .update(bookingSessions)
    .set({ cancelledAt: now, updatedAt: now })
    .where(
      and(
        inArray(bookingSessions.id, ids),
        eq(bookingSessions.kind, 'free_lesson'),
        sql`${bookingSessions.cancelledAt} is null`,
      ),
    );
  for (const [sessionId, count] of seats) {
    await tx
      .update(bookingSessions)
      .set({ seatsTaken: sql`greatest(${bookingSessions.seatsTaken} - ${count}, 0)`, updatedAt: now })
      .where(and(eq(bookingSessions.id, sessionId), eq(bookingSessions.kind, 'consultation')));
  }
  return freed.length;
}
