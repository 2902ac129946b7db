import { API, type Asset } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { assetKeys } from '../../../api/keys.ts';

/** Adds one file to an asset (spec §7 medias); answers the asset. Quiet: the dialog shows a refusal. */
export function useAddAssetFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assetId, file }: { assetId: number; file: File }) => {
      const form = new FormData();
      form.append('asset_id', String(assetId));
      form.append('file', file, file.name);
      return callApi<Asset>(API.medias, { method: 'POST', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
    meta: { silent: true },
  });
}

/** Removes one file of an asset; 409 `asset_last_file` for its only one. Answers the asset. */
export function useRemoveAssetFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => callApi<Asset>(`${API.medias}/${fileId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
    meta: { silent: true },
  });
}
