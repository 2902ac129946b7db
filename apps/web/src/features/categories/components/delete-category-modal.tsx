import type { Category } from '@logoschool/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteCategory } from '../api/delete-category.ts';

/**
 * Asks before deleting a category. The server refuses while subcategories or exercises use it:
 * its message then shows here and the tree stays as it was.
 */
export function DeleteCategoryModal({ category, onClose }: { category: Category | null; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteCategory();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(category);
  if (category !== shownFor) {
    setShownFor(category);
    setRefusal(null);
  }

  const confirm = async () => {
    if (!category) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(category.id);
      notifySuccess(t('categories.deleted', { name: category.name }));
      onClose();
    } catch (error) {
      setRefusal(errorTextOf(error));
    }
  };

  return (
    <Modal opened={category !== null} onClose={onClose} title={t('categories.deleteTitle')}>
      <Stack>
        <Text maw={400}>{t('categories.deleteQuestion', { name: category?.name ?? '' })}</Text>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('categories.cancel')}
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={remove.isPending}>
            {t('categories.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
