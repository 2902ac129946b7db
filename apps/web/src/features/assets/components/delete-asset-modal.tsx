import type { Asset } from '@logoschool/contract';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { useDeleteAsset } from '../api/save-asset.ts';

/**
 * Asks before deleting an asset with its files. The server refuses while a theme has it attached:
 * its message then shows here and the library stays as it was.
 */
export function DeleteAssetModal({ asset, onClose }: { asset: Asset | null; onClose(): void }) {
  const remove = useDeleteAsset();
  return (
    <ConfirmDeleteModal
      item={asset}
      texts="assets"
      remove={(id) => remove.mutateAsync(id)}
      onClose={onClose}
    />
  );
}
