import { API, type Asset, type AssetType } from '@logoschool/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { assetKeys } from './keys.ts';

export interface AssetsFilter {
  type: AssetType | null;
  term: string;
}

/**
 * The shared asset library (not tied to a project), by type then name; filters left out when unset.
 * `enabled` when the caller may read it (`assets.read`).
 */
export function useAssets(filter: AssetsFilter, enabled: boolean) {
  return useQuery({
    queryKey: assetKeys.list(filter),
    queryFn: ({ signal }) =>
      callApi<Asset[]>(API.assets, {
        query: { type: filter.type ?? undefined, term: filter.term || undefined },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
