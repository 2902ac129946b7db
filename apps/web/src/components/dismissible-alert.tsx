import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Why the last action of a screen failed (an export, a sign-in as someone), in red until the
 * reader closes it; nothing while `message` is null.
 */
export function DismissibleAlert({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (message === null) return null;
  return (
    <Alert
      color="red"
      role="alert"
      withCloseButton
      closeButtonLabel={t('errors.closeNotification')}
      onClose={onClose}
    >
      {message}
    </Alert>
  );
}
