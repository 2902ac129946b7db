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
