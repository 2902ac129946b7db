import type { Theme } from '@logoschool/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteTheme } from '../api/delete-theme.ts';

/** Asks before deleting a theme; a refusal (the theme is in use) shows here and the list stays. */
export function DeleteThemeModal({ theme, onClose }: { theme: Theme | null; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteTheme();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(theme);
  if (theme !== shownFor) {
    setShownFor(theme);
    setRefusal(null);
  }

  const confirm = async () => {
    if (!theme) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(theme.id);
      notifySuccess(t('themes.deleted', { name: theme.name }));
      onClose();
    } catch (error) {
      setRefusal(errorTextOf(error));
    }
  };

  return (
    <Modal opened={theme !== null} onClose={onClose} title={t('themes.deleteTitle')}>
      <Stack>
        <Text maw={400}>{t('themes.deleteQuestion', { name: theme?.name ?? '' })}</Text>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('themes.cancel')}
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={remove.isPending}>
            {t('themes.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
