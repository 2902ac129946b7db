import type { Tag } from '@logoschool/contract';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useDeleteTag } from '../api/delete-tag.ts';

/**
 * Asks before deleting a tag; a refusal shows here and the list stays as it was.
 */
export function DeleteTagModal({ tag, onClose }: { tag: Tag | null; onClose(): void }) {
  const remove = useDeleteTag();
  return (
    <ConfirmDeleteModal item={tag} texts="tags" remove={(id) => remove.mutateAsync(id)} onClose={onClose} />
  );
}
