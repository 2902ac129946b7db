/**
 * Referrals (issue 29 item 3, spec §9; decision 039): each family's code, the links a booking or a
 * manager makes, the history of renewals, payments, grants and cancellations, the manager's report
 * and the family's own read on its dashboard. It listens to booking (a reservation with a code, a
 * booking made a student) through booking's hook, registered here.
 */
import { onBookingReferrals } from '../booking/index.ts';
import type { AppModule } from '../module.ts';
import { bookingListener } from './referral-bookings.ts';
import { referralsRoutes } from './referrals.routes.ts';

onBookingReferrals(bookingListener);

export const referralsModule: AppModule = { name: 'referrals', routes: [referralsRoutes] };
