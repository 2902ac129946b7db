import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bookings } from './booking.schema.ts';

/**
 * The time zone the student's family gave when it booked (the latest booking that became this
 * student); null when the student came without a booking. The family's dashboard shows the
 * lessons in it (issue 29).
 */
export async function familyTimeZone(db: Db | Tx, workspaceId: number, clientId: number) {
  const [row] = await db
    .select({ timeZone: bookings.timeZone })
    .from(bookings)
    .where(
      and(
        eq(bookings.workspaceId, workspaceId),
        eq(bookings.clientId, clientId),
        isNotNull(bookings.clientId),
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(1);
  return row?.timeZone ?? null;
}
