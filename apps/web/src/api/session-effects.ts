import { API, LOCAL_KEYS } from '@logoschool/contract';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';
import { readLocal, removeLocal } from '../lib/local-storage.ts';
import { ApiError } from './transport.ts';

/**
 * What a failed call does beyond failing (DESIGN §5, spec §8): the session-expired path, the
 * access re-check on a 403, and the one red notification with its suppression list.
 */

/** Id of the one red notification that failed calls show; a new failure replaces it. */
export const API_ERROR_NOTIFICATION_ID = 'api-error';

/**
 * Calls whose failure shows no notification (spec §8), matched on whole path segments so that
 * `client-storage` is not taken for `storage`.
 */
const QUIET_PATHS: readonly RegExp[] = [
  /(^|\/)storage(\/|$)/,
  /(^|\/)check-token(\/|$)/,
  /(^|\/)generate-before-lesson(\/|$)/,
  /(^|\/)game\/check-auth(\/|$)/,
];

export interface SessionConfig {
  /** Called once when a signed-in call answers 401, after the token is cleared: leave for the login page. */
  onSessionExpired?: () => void;
  /**
   * Called when a signed-in call answers 403: the user's projects or roles may have changed since
   * the token was checked (an administrator deactivated them), so the session checks them again.
   */
  onAccessRefused?: () => void;
}

const config: SessionConfig = {};

/** Sets the session handlers; the given fields replace the earlier ones. */
export function configureSession(next: SessionConfig): void {
  if ('onSessionExpired' in next) config.onSessionExpired = next.onSessionExpired;
  if ('onAccessRefused' in next) config.onAccessRefused = next.onAccessRefused;
}

/** Failures that must not show the red notification: already told, cancelled, or on the quiet list. */
const unannounced = new WeakSet<Error>();

/**
 * Runs the session side of a failed call: a 401 of a signed-in call expires the session (and is
 * not announced again), a 403 makes the session check its access again, and a cancelled call or
 * one on the quiet list is marked so that `notifyApiError` leaves it alone.
 *
 * `userToken` is the user's token the call carried (null for public-token and anonymous calls).
 */
export function handleFailure(
  path: string,
  error: ApiError,
  userToken: string | null,
  callerAborted: boolean,
): void {
  const sessionCall = userToken !== null && pathname(path) !== API.login;
  if (error.status === 401 && sessionCall) {
    expireSession(userToken);
    unannounced.add(error);
  } else if (callerAborted || isQuiet(path)) {
    unannounced.add(error);
  }
  if (error.status === 403 && sessionCall && pathname(path) !== API.checkToken) config.onAccessRefused?.();
}

/**
 * Shows a failure in the one red notification, unless `handleFailure` marked it as not to be
 * announced. An error that is no `ApiError` (a bug, not an answer) gets the generic message.
 */
export function notifyApiError(error: unknown): void {
  if (error instanceof Error && unannounced.has(error)) return;
  showError(error instanceof ApiError ? error.message : i18n.t('errors.generic'));
}

/**
 * Clears the token, says so and hands over to the app. Parallel calls that carried the same token
 * find it already cleared and stay quiet, and a late 401 never clears a newer session's token.
 */
function expireSession(sentToken: string) {
  if (readLocal(LOCAL_KEYS.auth) !== sentToken) return;
  removeLocal(LOCAL_KEYS.auth);
  showError(i18n.t('errors.sessionExpired'));
  config.onSessionExpired?.();
}

/** Shows the one error notification, replacing the one on screen if there is one. */
function showError(message: string) {
  const notification = {
    id: API_ERROR_NOTIFICATION_ID,
    color: 'red',
    message,
    closeButtonProps: { 'aria-label': i18n.t('errors.closeNotification') },
  };
  // `show` ignores an id already on screen and `update` an id that is not: one of them applies.
  notifications.update(notification);
  notifications.show(notification);
}

function pathname(path: string): string {
  return path.split('?')[0] ?? path;
}

function isQuiet(path: string): boolean {
  const name = pathname(path);
  return QUIET_PATHS.some((pattern) => pattern.test(name));
}
