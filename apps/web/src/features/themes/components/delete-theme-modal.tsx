import type { Theme } from '@logoschool/contract';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useDeleteTheme } from '../api/delete-theme.ts';

/**
 * Asks before deleting a theme; a refusal (the theme is in use) shows here and the list stays.
 */
export function DeleteThemeModal({ theme, onClose }: { theme: Theme | null; onClose(): void }) {
  const remove = useDeleteTheme();
  return (
    <ConfirmDeleteModal
      item={theme}
      texts="themes"
      remove={(id) => remove.mutateAsync(id)}
      onClose={onClose}
    />
  );
}
