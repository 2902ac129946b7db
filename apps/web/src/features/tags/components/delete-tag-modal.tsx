import type { Tag } from '@logoschool/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteTag } from '../api/delete-tag.ts';

/** Asks before deleting a tag; a refusal shows here and the list stays as it was. */
export function DeleteTagModal({ tag, onClose }: { tag: Tag | null; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteTag();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(tag);
  if (tag !== shownFor) {
    setShownFor(tag);
    setRefusal(null);
  }

  const confirm = async () => {
    if (!tag) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(tag.id);
      notifySuccess(t('tags.deleted', { name: tag.name }));
      onClose();
    } catch (error) {
      setRefusal(errorTextOf(error));
    }
  };

  return (
    <Modal opened={tag !== null} onClose={onClose} title={t('tags.deleteTitle')}>
      <Stack>
        <Text maw={400}>{t('tags.deleteQuestion', { name: tag?.name ?? '' })}</Text>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('tags.cancel')}
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={remove.isPending}>
            {t('tags.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
