/**
 * What referrals does when booking tells it (decision 039, `booking/booking-referrals.ts`): a
 * reservation with another family's live code keeps that family as its referrer; when the booking
 * becomes a student, the student is linked to it — the friend "joined", and the bonus follows.
 * Nothing here refuses anything: a code that names no family, or the parent's own, is ignored.
 */
import { eq } from 'drizzle-orm';
import type { BookingReferralListener } from '../booking/index.ts';
import { codeOwner, sameFamily } from './referral-codes.ts';
import { referralBookings, referralLinks } from './referrals.schema.ts';

export const bookingListener: BookingReferralListener = {
  async reserved(tx, booking, code) {
    const referrer = await codeOwner(tx, booking.workspaceId, code);
    if (!referrer) return;
    if (sameFamily({ email: referrer.parentEmail, phone: referrer.parentPhone }, booking)) return;
    await tx
      .insert(referralBookings)
      .values({ bookingId: booking.id, workspaceId: booking.workspaceId, referrerClientId: referrer.id })
      .onConflictDoNothing();
  },

  async converted(tx, booking, clientId, userId) {
    const [referred] = await tx
      .select()
      .from(referralBookings)
      .where(eq(referralBookings.bookingId, booking.id));
    if (!referred || referred.workspaceId !== booking.workspaceId) return;
    // The new student has no link yet; the booking links once (its own unique index).
    await tx
      .insert(referralLinks)
      .values({
        workspaceId: booking.workspaceId,
        referredClientId: clientId,
        referrerClientId: referred.referrerClientId,
        bookingId: booking.id,
        createdBy: userId,
      })
      .onConflictDoNothing();
  },
};
