import { API, ENV_ID_HEADER, type StorageRecord } from '@logoschool/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';

/** The environment's app settings (spec §3 Settings, §7 Storage). */
export async function getAppSettings(envId: number): Promise<StorageRecord | null> {
  const settings = await callApi<StorageRecord | undefined>(`${API.storage}/app_settings`, {
    headers: { [ENV_ID_HEADER]: String(envId) },
  });
  return settings ?? null;
}

/** The settings feature's query keys. */
export const settingsKeys = {
  app: (envId: number) => ['app-settings', envId] as const,
};

export const appSettingsQuery = (envId: number) =>
  queryOptions({
    queryKey: settingsKeys.app(envId),
    queryFn: () => getAppSettings(envId),
    staleTime: 5 * 60_000,
  });

export function useAppSettings(envId: number | null) {
  return useQuery({ ...appSettingsQuery(envId ?? 0), enabled: envId !== null });
}
