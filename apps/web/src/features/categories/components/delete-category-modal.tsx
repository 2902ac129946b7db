import type { Category } from '@logoschool/contract';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useDeleteCategory } from '../api/delete-category.ts';

/**
 * Asks before deleting a category. The server refuses while subcategories or exercises use it:
 * its message then shows here and the tree stays as it was.
 */
export function DeleteCategoryModal({ category, onClose }: { category: Category | null; onClose(): void }) {
  const remove = useDeleteCategory();
  return (
    <ConfirmDeleteModal
      item={category}
      texts="categories"
      remove={(id) => remove.mutateAsync(id)}
      onClose={onClose}
    />
  );
}
