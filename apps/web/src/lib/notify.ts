import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';

/**
 * Shows a notification; the same message again replaces the one still shown instead of stacking a
 * copy under it (two quick moves of one exercise tell the same thing twice).
 */
function show(color: 'green' | 'red' | 'yellow', message: string) {
  const id = `${color}:${message}`;
  notifications.hide(id);
  notifications.show({
    id,
    color,
    message,
    closeButtonProps: { 'aria-label': i18n.t('errors.closeNotification') },
  });
}

/** A green notification that something was done; its close button is named for screen readers. */
export function notifySuccess(message: string) {
  show('green', message);
}

/**
 * A red notification for a failure the screen has no better place to tell (a move that was undone);
 * calls that fail show theirs through the API client.
 */
export function notifyError(message: string) {
  show('red', message);
}

/**
 * A yellow notification that something was done but not all of it (an invitation saved whose mail
 * was not sent): the screen says what to do next.
 */
export function notifyWarning(message: string) {
  show('yellow', message);
}
