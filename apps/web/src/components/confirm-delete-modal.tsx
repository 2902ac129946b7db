import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../lib/notify.ts';
import { ConfirmTargetModal } from './confirm-action-modal.tsx';

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
  return (
    <ConfirmTargetModal
      target={item}
      title={() => t(`${texts}.deleteTitle`)}
      message={(shown) => t(`${texts}.deleteQuestion`, { name: shown.name })}
      confirmLabel={t(`${texts}.delete`)}
      onConfirm={async (shown) => {
        await remove(shown.id);
        notifySuccess(t(`${texts}.deleted`, { name: shown.name }));
      }}
      onClose={onClose}
    />
  );
}
