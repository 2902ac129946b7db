import { API, ENV_ID_HEADER, type StorageRecord } from '@logoschool/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOne } from '../../../api/client.ts';

/** The environment's app settings (spec §3 Settings, §7 Storage). */
export function getAppSettings(envId: number): Promise<StorageRecord | null> {
  return fetchOne<StorageRecord>(`${API.storage}/app_settings`, {
    headers: { [ENV_ID_HEADER]: String(envId) },
  });
}

export const appSettingsQuery = (envId: number) =>
  queryOptions({
    queryKey: ['app-settings', envId],
    queryFn: () => getAppSettings(envId),
    staleTime: 5 * 60_000,
  });

export function useAppSettings(envId: number | null) {
  return useQuery({ ...appSettingsQuery(envId ?? 0), enabled: envId !== null });
}
