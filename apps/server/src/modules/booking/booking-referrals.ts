/**
 * What booking tells the referrals area (issue 29 item 3, decision 039) without depending on it: a
 * reservation came with a referral code, a booking became a student. Referrals registers its
 * listener from its own entry (it reads booking's page link, so booking cannot import it back);
 * without one, a code is simply not kept. Both run inside booking's own transaction.
 */
import type { Tx } from '../../db/client.ts';

export interface ReservedBooking {
  id: number;
  workspaceId: number;
  email: string;
  phone: string;
}

export interface BookingReferralListener {
  /** A reservation of the project carried `?ref=`: keep its referrer if the code is another family's live one. */
  reserved(tx: Tx, booking: ReservedBooking, code: string): Promise<void>;
  /** The booking became the student `clientId` (the booking's teacher did it: `userId`). */
  converted(
    tx: Tx,
    booking: { id: number; workspaceId: number },
    clientId: number,
    userId: number,
  ): Promise<void>;
}

let listener: BookingReferralListener | null = null;

/** Registers the one listener (a second is a programming error). */
export function onBookingReferrals(given: BookingReferralListener): void {
  if (listener) throw new Error('a booking referral listener is already registered');
  listener = given;
}

/** The listener, if the referrals area registered one. */
export const bookingReferrals = (): BookingReferralListener | null => listener;
