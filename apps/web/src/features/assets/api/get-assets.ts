import { API, rolesMay, type Asset, type AssetType } from '@logoschool/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useSession } from '../../../app/session.tsx';
import { assetKeys } from './keys.ts';

export interface AssetsFilter {
  type: AssetType | null;
  term: string;
}

/** The shared asset library (not tied to a project), by type then name; filters left out when unset. */
export function useAssets(filter: AssetsFilter) {
  const { held } = useSession();
  return useQuery({
    queryKey: assetKeys.list(filter),
    queryFn: ({ signal }) =>
      callApi<Asset[]>(API.assets, {
        query: { type: filter.type ?? undefined, term: filter.term || undefined },
        signal,
      }),
    enabled: rolesMay(held, 'assets.read'),
    placeholderData: keepPreviousData,
  });
}
