import { ApiError } from '../../api/client.ts';

/** What a refused booking call means for the parent's page (decision 036's 409s and 422s). */
export type BookingRefusal =
  'taken' | 'exists' | 'too_young' | 'course_too_young' | 'expired' | 'too_late' | null;

/** The refusal a failed call stands for, or null for any other failure (said as it is). */
export function refusalOf(error: unknown): BookingRefusal {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case 'slot_taken':
      return 'taken';
    case 'conflict':
      // Decision 036: a lost race for a slot or a seat is a 409 "this time was just taken".
      return error.status === 409 ? 'taken' : null;
    case 'booking_exists':
      return 'exists';
    case 'too_young':
      return 'too_young';
    case 'course_too_young':
      return 'course_too_young';
    case 'reservation_expired':
      return 'expired';
    case 'too_late':
      return 'too_late';
    default:
      return null;
  }
}
