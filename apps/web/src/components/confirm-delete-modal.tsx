import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../api/form-errors.ts';
import { notifySuccess } from '../lib/notify.ts';

/** Something a list deletes: its id for the call, its name for the question. */
interface Named {
  id: number;
  name: string;
}

/**
 * Asks before deleting a named thing (a category, a tag, a theme, an asset). The server may refuse
 * (something still uses it): its message then shows here and the list stays as it was. The texts
 * are the area's `deleteTitle`, `deleteQuestion`, `deleted`, `cancel` and `delete` keys.
 */
export function ConfirmDeleteModal<T extends Named>({
  item,
  texts,
  remove,
  pending,
  onClose,
}: {
  item: T | null;
  /** The i18n section holding the texts, e.g. `categories`. */
  texts: string;
  remove(id: number): Promise<unknown>;
  pending: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(item);
  if (item !== shownFor) {
    setShownFor(item);
    setRefusal(null);
  }

  const confirm = async () => {
    if (!item) return;
    setRefusal(null);
    try {
      await remove(item.id);
      notifySuccess(t(`${texts}.deleted`, { name: item.name }));
      onClose();
    } catch (error) {
      setRefusal(errorTextOf(error));
    }
  };

  return (
    <Modal opened={item !== null} onClose={onClose} title={t(`${texts}.deleteTitle`)}>
      <Stack>
        <Text maw={400}>{t(`${texts}.deleteQuestion`, { name: item?.name ?? '' })}</Text>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t(`${texts}.cancel`)}
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={pending}>
            {t(`${texts}.delete`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
