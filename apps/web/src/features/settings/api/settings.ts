import {
  API,
  ENV_ID_HEADER,
  type AppSettings,
  type SettingsChange,
  type SettingsOverview,
  type StorageRecord,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';

/**
 * The settings feature's query keys. Saving also refreshes the shell's own read of the settings
 * (`['app-settings', envId]`, the storage feature's), so the notices follow at once.
 */
export const settingsKeys = {
  all: ['settings'] as const,
  overview: (envId: number | null) => [...settingsKeys.all, 'overview', envId] as const,
  history: (envId: number, page: number) => [...settingsKeys.all, 'history', envId, page] as const,
};

/** An environment's settings and those kept elsewhere; `null`: the caller's own environment. */
export function useSettingsOverview(envId: number | null) {
  return useQuery({
    queryKey: settingsKeys.overview(envId),
    queryFn: ({ signal }) =>
      callApi<SettingsOverview>(API.settings, { query: { env_id: envId ?? undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The changes of an environment's settings, newest first. */
export function useSettingsHistory(envId: number, page: number, perPage: number) {
  return useQuery({
    queryKey: settingsKeys.history(envId, page),
    queryFn: ({ signal }) =>
      callApiPage<SettingsChange>(API.settingsHistory, {
        query: { env_id: envId, page, per_page: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Saves an environment's settings the way the spec does: `POST /storage/app_settings` (§7). */
export function useSaveSettings(envId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AppSettings) =>
      callApi<StorageRecord>(`${API.storage}/app_settings`, {
        method: 'POST',
        body: values,
        headers: { [ENV_ID_HEADER]: String(envId) },
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['app-settings', envId] }),
      ]);
    },
    meta: { silent: true },
  });
}
