import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  answerLeaveQuestion,
  holdUnsavedChanges,
  leaveQuestionOpen,
  releaseUnsavedChanges,
  subscribeLeaveQuestion,
} from '../lib/unsaved-changes.ts';

/**
 * Leaving a screen or a dialog with unsaved changes asks first (decision 033): another page (a link,
 * the side menu, `navigate`, the browser's back and forward), the tab's close or reload, while
 * `dirty`. Gives `release`, to call once the changes are saved (or deliberately dropped) and before
 * going on, since `dirty` only turns false with the next render.
 */
export function useUnsavedChanges(dirty: boolean): { release: () => void } {
  // One holder per screen or dialog, for its whole life.
  const [holder] = useState(() => ({}));
  useEffect(() => {
    if (!dirty) return;
    holdUnsavedChanges(holder);
    return () => releaseUnsavedChanges(holder);
  }, [dirty, holder]);
  const release = useCallback(() => releaseUnsavedChanges(holder), [holder]);
  return { release };
}

/** The question before unsaved changes are left behind, for the whole app: Stay has the focus. */
export function LeaveQuestion() {
  const { t } = useTranslation();
  const opened = useSyncExternalStore(subscribeLeaveQuestion, leaveQuestionOpen);
  const stay = () => answerLeaveQuestion(false);
  return (
    <Modal
      opened={opened}
      onClose={stay}
      title={t('unsaved.title')}
      zIndex={1000}
      // Escape stays, but only once the question is there: the Escape that closed a dialog and so
      // opened the question must not also answer it (Mantine's own handler listens on the window).
      closeOnEscape={false}
      onKeyDown={(event) => {
        if (event.key === 'Escape') stay();
      }}
    >
      <Stack>
        <Text maw={400}>{t('unsaved.message')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={stay} data-autofocus>
            {t('unsaved.stay')}
          </Button>
          <Button color="red.9" onClick={() => answerLeaveQuestion(true)}>
            {t('unsaved.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
