import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';

/** A green notification that something was done; its close button is named for screen readers. */
export function notifySuccess(message: string) {
  notifications.show({
    color: 'green',
    message,
    closeButtonProps: { 'aria-label': i18n.t('errors.closeNotification') },
  });
}

/**
 * A red notification for a failure the screen has no better place to tell (a move that was undone);
 * calls that fail show theirs through the API client.
 */
export function notifyError(message: string) {
  notifications.show({
    color: 'red',
    message,
    closeButtonProps: { 'aria-label': i18n.t('errors.closeNotification') },
  });
}
