/**
 * A booking made a student (spec §7 `/appointment/client`; issue 28 item 5), apart from the school's
 * list and week: the child, the parent's contacts, the lesson language and the interests still in
 * the project as the student's themes, in one transaction with the booking locked, so two clicks
 * make one student.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ProjectActor } from '../../access/actor.ts';
import type { Db } from '../../db/client.ts';
import { clientThemes, clients, themes } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { bookingReferrals } from './booking-referrals.ts';
import { bookingSessions, bookings } from './booking.schema.ts';

/** `POST /appointment/client`: only the booking's own teacher (404 otherwise); 409 `booking_converted` the second time. */
export async function convertBooking(
  db: Db,
  actor: ProjectActor,
  bookingId: number,
): Promise<{ client_id: number }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ booking: bookings, session: bookingSessions })
      .from(bookings)
      .innerJoin(bookingSessions, eq(bookingSessions.id, bookings.sessionId))
      .where(
        and(
          eq(bookings.workspaceId, actor.workspaceId),
          eq(bookingSessions.teacherId, actor.userId),
          eq(bookings.id, bookingId),
        ),
      )
      .for('update', { of: bookings });
    if (!found) throw notFound();
    const { booking, session } = found;
    if (booking.clientId !== null) throw new AppError('booking_converted');
    const [client] = await tx
      .insert(clients)
      .values({
        workspaceId: actor.workspaceId,
        teacherId: session.teacherId,
        clientName: booking.parentName,
        childName: booking.childName,
        birthdate: booking.birthdate,
        language: booking.language,
        parentEmail: booking.email,
        parentPhone: booking.phone,
      })
      .returning({ id: clients.id });
    if (!client) throw new Error(`booking ${booking.id}: the student was not written`);
    const clientId = client.id;
    if (booking.themeIds.length > 0) {
      const kept = await tx
        .select({ id: themes.id })
        .from(themes)
        .where(and(eq(themes.workspaceId, actor.workspaceId), inArray(themes.id, booking.themeIds)));
      if (kept.length > 0) {
        await tx.insert(clientThemes).values(kept.map((theme) => ({ clientId, themeId: theme.id })));
      }
    }
    await tx.update(bookings).set({ clientId, updatedAt: new Date() }).where(eq(bookings.id, booking.id));
    await bookingReferrals()?.converted(
      tx,
      { id: booking.id, workspaceId: actor.workspaceId },
      clientId,
      actor.userId,
    );
    return { client_id: clientId };
  });
}
