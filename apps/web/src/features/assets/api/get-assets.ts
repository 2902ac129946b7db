import { API, rolesMay, type Asset, type AssetType } from '@logoschool/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client.ts';
import { useSession } from '../../../app/session.tsx';

/** Every cached library list starts with this key; a change to an asset refreshes them all. */
export const ASSETS_KEY = 'assets';

export interface AssetsFilter {
  type: AssetType | null;
  term: string;
}

/** The shared asset library (not tied to a project), by type then name; filters left out when unset. */
export function useAssets(filter: AssetsFilter) {
  const { held } = useSession();
  return useQuery({
    queryKey: [ASSETS_KEY, filter],
    queryFn: ({ signal }) =>
      request<Asset[]>(API.assets, {
        query: { type: filter.type ?? undefined, term: filter.term || undefined },
        signal,
      }),
    enabled: rolesMay(held, 'assets.read'),
    placeholderData: keepPreviousData,
  });
}
