import { themeAssetsPath, type Theme, type ThemeAssetsGrouped } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { themeKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/** A theme's assets with their files, by type. */
export function useThemeAssets(themeId: number | null) {
  const acting = useActingFor('themes.read');
  return useQuery({
    queryKey: themeKeys.assets(acting, themeId),
    queryFn: ({ signal }) =>
      callApi<ThemeAssetsGrouped>(themeAssetsPath(themeId ?? 0), { query: { ...acting }, signal }),
    enabled: acting !== null && themeId !== null,
    retry: false,
  });
}

/**
 * Sets the theme's assets to exactly `assetIds` (the whole set, not a change). Quiet: the screen
 * says what went wrong beside its Save button.
 */
export function useSetThemeAssets(themeId: number) {
  const acting = useActingFor('themes.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetIds: number[]) => {
      if (!acting) throw new Error('No project to change themes in');
      return callApi<Theme>(themeAssetsPath(themeId), {
        method: 'PUT',
        query: { ...acting },
        body: { asset_ids: assetIds },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: themeKeys.all }),
    meta: { silent: true },
  });
}
