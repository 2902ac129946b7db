import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../lib/notify.ts';
import { ConfirmActionModal } from './confirm-action-modal.tsx';

/** Something a list deletes: its id for the call, its name for the question. */
interface Named {
  id: number;
  name: string;
}

/**
 * Asks before deleting a named thing (a category, a tag, a theme, an asset): `ConfirmActionModal`
 * with the area's `deleteTitle`, `deleteQuestion`, `delete` and `deleted` texts. The server may
 * refuse (something still uses it): its message then shows in the dialog and the list stays.
 */
export function ConfirmDeleteModal<T extends Named>({
  item,
  texts,
  remove,
  onClose,
}: {
  item: T | null;
  /** The i18n section holding the texts, e.g. `categories`. */
  texts: string;
  remove(id: number): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  // The name stays shown while the dialog closes.
  const [shown, setShown] = useState(item);
  if (item && item !== shown) setShown(item);
  const name = shown?.name ?? '';
  return (
    <ConfirmActionModal
      opened={item !== null}
      title={t(`${texts}.deleteTitle`)}
      message={t(`${texts}.deleteQuestion`, { name })}
      confirmLabel={t(`${texts}.delete`)}
      onConfirm={async () => {
        if (!item) return;
        await remove(item.id);
        notifySuccess(t(`${texts}.deleted`, { name: item.name }));
      }}
      onClose={onClose}
    />
  );
}
