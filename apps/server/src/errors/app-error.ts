import type { ErrorCode } from '@logoschool/contract';
import type { AlternativeMessage } from '../i18n/index.ts';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  malformed_json: 400,
  validation_failed: 422,
  unauthenticated: 401,
  session_expired: 401,
  invalid_credentials: 401,
  user_inactive: 403,
  forbidden: 403,
  role_not_held: 403,
  role_not_grantable: 403,
  environment_not_allowed: 403,
  not_found: 404,
  route_not_found: 404,
  storage_key_unknown: 404,
  conflict: 409,
  user_exists: 409,
  already_member: 409,
  invitation_accepted: 409,
  invitation_other_account: 403,
  invitation_not_found: 404,
  invitation_expired: 410,
  category_cycle: 409,
  category_in_use: 409,
  tag_exists: 409,
  exercise_title_taken: 409,
  status_unchanged: 409,
  transition_refused: 409,
  template_transition_refused: 409,
  template_in_use: 409,
  template_version_changed: 409,
  lesson_locked: 409,
  lesson_finished: 409,
  lesson_transfer_failed: 409,
  lesson_cannot_fill: 409,
  exercise_in_lessons: 409,
  diagnostic_card_in_use: 409,
  diagnostic_card_unchanged: 409,
  program_in_use: 409,
  diagnosis_read_only: 409,
  // Spec §9: a scale moved more than 2 divisions within a month; the filling screen asks before saving.
  diagnosis_scale_change: 409,
  request_overdue: 409,
  // An author lost the race to take a request (or came after it was taken): someone else has it.
  request_taken: 409,
  presentation_required: 409,
  theme_exists: 409,
  theme_in_use: 409,
  theme_not_owned: 403,
  asset_in_use: 409,
  asset_last_file: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  too_many_login_attempts: 429,
  internal_error: 500,
  deck_too_much_text: 422,
  // The mail server refused the parents' mail (spec §8 send failure): a gateway's failure, not the caller's.
  diagnosis_language_mismatch: 409,
  // Booking (decision 036): a race's loser and a late change are conflicts; the age is the input's.
  booking_exists: 409,
  too_young: 422,
  course_too_young: 422,
  too_late: 409,
  slot_taken: 409,
  // A reservation not confirmed in time is gone, as an expired invitation is.
  reservation_expired: 410,
  session_in_use: 409,
  booking_converted: 409,
  lesson_overlaps_booking: 409,
};

/**
 * An error the API answers on purpose: a stable code, its HTTP status, values for the message
 * and, for validation, messages per field. The error handler turns it into the envelope.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** Another message for the same code (see `saying`); unset → the code's own message. */
  messageKey?: AlternativeMessage;

  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors?: Record<string, string[]>,
    /** Seconds until a rate-limited caller may retry (Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(code);
    this.statusCode = STATUS[code];
  }

  /** The same error told with one of the catalogue's `alternatives.*`, where a screen needs other words. */
  saying(key: AlternativeMessage): this {
    this.messageKey = key;
    return this;
  }
}

export const notFound = () => new AppError('not_found');
export const forbidden = () => new AppError('forbidden');
