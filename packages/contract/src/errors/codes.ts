/**
 * Stable error codes of the API (DESIGN §4). The server answers `{ message, code, errors? }`, the
 * message in the request's language; clients branch on the code, never on the message.
 */
export const ERROR_CODES = [
  'bad_request',
  'malformed_json',
  'validation_failed',
  'unauthenticated',
  'session_expired',
  'invalid_credentials',
  'user_inactive',
  'forbidden',
  'role_not_held',
  'not_found',
  'route_not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'too_many_login_attempts',
  'storage_key_unknown',
  'environment_not_allowed',
  'user_exists',
  'already_member',
  'invitation_not_found',
  'invitation_expired',
  'invitation_accepted',
  'category_cycle',
  'category_in_use',
  'tag_exists',
  'exercise_title_taken',
  'status_unchanged',
  'transition_refused',
  'request_overdue',
  'theme_exists',
  'theme_in_use',
  'theme_not_owned',
  'asset_in_use',
  'asset_last_file',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
