/**
 * Free-lesson booking (issue 28, decision 036): the school's settings, teachers' availability and
 * consultation groups; the parents' public page and a booking's manage link; the school's bookings,
 * a teacher's week and a booking made a student; the sweep of lapsed reservations and the reminders. Its two public links are declared by importing `booking-links.ts`.
 */
import type { AppModule } from '../module.ts';
import { appointmentRoutes } from './appointment.routes.ts';
import { bookingJobs } from './booking.jobs.ts';
import { bookingRoutes } from './booking.routes.ts';
import { bookingsRoutes } from './bookings.routes.ts';

export const bookingModule: AppModule = {
  name: 'booking',
  routes: [bookingRoutes, bookingsRoutes, appointmentRoutes],
  jobs: bookingJobs,
};

export { bookingManageLinks, bookingPageLinks } from './booking-links.ts';
export { readBookingSettings } from './booking-settings.ts';
export { familyTimeZone } from './booking-family.ts';
export { releaseExpired } from './booking-release.ts';
export { refuseBookedTimes } from './booking-busy.ts';
export { bookings } from './booking.schema.ts';
export { violatedConstraint } from './booking-errors.ts';
export { onBookingReferrals, type BookingReferralListener } from './booking-referrals.ts';
