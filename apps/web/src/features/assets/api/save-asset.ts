import { API, type Asset, type AssetType, type AssetUpdate } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { assetKeys } from '../../../api/keys.ts';

/** A new library asset: its name, type and first files. */
export interface NewAsset {
  name: string;
  type: AssetType;
  files: File[];
}

/**
 * Adds an asset with its files in one multipart form (`name`, `type`, a `file` part each). Quiet:
 * the form shows what the server refused (a file of the wrong kind, too large, unknown) in place.
 */
export function useCreateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, type, files }: NewAsset) => {
      const form = new FormData();
      // The fields go before the files: the server reads the form in order.
      form.append('name', name);
      form.append('type', type);
      for (const file of files) form.append('file', file, file.name);
      return callApi<Asset>(API.assets, { method: 'POST', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
    meta: { silent: true },
  });
}

/** Renames an asset or changes its type (within the kind of files it has). Quiet, like the form. */
export function useUpdateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: AssetUpdate }) =>
      callApi<Asset>(`${API.assets}/${id}`, { method: 'PUT', body: update }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
    meta: { silent: true },
  });
}

/** Deletes an asset; 409 `asset_in_use` while a theme has it. Quiet: the dialog says why. */
export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi<null>(`${API.assets}/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
    meta: { silent: true },
  });
}
