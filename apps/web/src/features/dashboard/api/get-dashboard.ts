import { API, type Dashboard } from '@logoschool/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client.ts';

/** The root dashboard's figures (spec §2 /dashboard). */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => request<Dashboard>(API.dashboard),
    refetchInterval: 5 * 60_000,
  });
}
