import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../api/form-errors.ts';
import { ErrorAlert } from './error-alert.tsx';
import { useLastShown } from '../lib/use-last-shown.ts';

/**
 * Asks before an action that takes something away from people (deactivating a member, archiving a
 * project): the title names who or what, the message says what happens and how to undo it. Cancel
 * has the focus. The server may refuse: its message then shows here and nothing changes.
 */
export function ConfirmActionModal({
  opened,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Does the action; the dialog closes when it resolves and shows the refusal when it throws. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setRefusal(null);
  }

  const confirm = async () => {
    setRefusal(null);
    setPending(true);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setRefusal(errorTextOf(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text maw={400}>{message}</Text>
        <ErrorAlert>{refusal}</ErrorAlert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('actions.cancel')}
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * `ConfirmActionModal` open for a target (the member to deactivate, the project to archive): it
 * names the last target while it closes, and confirming acts on it.
 */
export function ConfirmTargetModal<T>({
  target,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  target: T | null;
  title: (shown: T) => string;
  message: (shown: T) => ReactNode;
  confirmLabel: string;
  onConfirm: (shown: T) => Promise<unknown>;
  onClose: () => void;
}) {
  const shown = useLastShown(target);
  return (
    <ConfirmActionModal
      opened={target !== null}
      title={shown === null ? '' : title(shown)}
      message={shown === null ? '' : message(shown)}
      confirmLabel={confirmLabel}
      onConfirm={() => (target === null ? Promise.resolve() : onConfirm(target))}
      onClose={onClose}
    />
  );
}
