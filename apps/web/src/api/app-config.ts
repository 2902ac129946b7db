import { API, type AppConfig } from '@logoschool/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { appConfigKeys } from './keys.ts';

/**
 * The server's run-time settings for the web app (`GET /app-config`): the chat widget and the
 * vacancy links. Read by the chat feature and the shell's header, once per page.
 */
export const appConfigQuery = queryOptions({
  queryKey: appConfigKeys.all,
  queryFn: () => callApi<AppConfig>(API.appConfig),
  staleTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
