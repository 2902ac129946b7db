/**
 * The school's side of booking, for the module's entry to register (decision 028): the bookings
 * list, a teacher's week, a booking's status and child, a booking made a student; and the
 * reminders' job.
 */
import { bookingsRoutes } from './bookings.routes.ts';

export const bookingSchoolRoutes = [bookingsRoutes] as const;

export { bookingJobs } from './booking.jobs.ts';
export {
  mailParent,
  mailTeacher,
  bookingCalendar,
  type ParentMail,
  type TeacherMail,
} from './booking.mail.ts';
