import { API, type Dashboard } from '@logoschool/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';

/** The dashboard feature's query keys. */
export const dashboardKeys = { figures: ['dashboard'] as const };

/** The root dashboard's figures (spec §2 /dashboard). */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.figures,
    queryFn: () => callApi<Dashboard>(API.dashboard),
    refetchInterval: 5 * 60_000,
  });
}
