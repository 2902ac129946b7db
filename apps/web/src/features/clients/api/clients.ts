import { API, type Client, type ClientInput } from '@logoschool/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingAs } from '../../../session/session.tsx';
import { clientKeys } from './keys.ts';

type ActingAs = { workspace_id: number; role_id: number };

export interface ClientsFilter {
  term: string;
  page: number;
  per_page: number;
}

/** The teacher's students in the chosen project (spec §3 Client). */
export const clientsQuery = (acting: ActingAs, filter: ClientsFilter) =>
  queryOptions({
    queryKey: clientKeys.list(acting, filter),
    queryFn: () =>
      callApiPage<Client>(API.clients, { query: { ...acting, ...filter, term: filter.term || undefined } }),
    placeholderData: keepPreviousData,
  });

export function useClients(filter: ClientsFilter) {
  const acting = useActingAs();
  return useQuery({
    ...clientsQuery(acting ?? { workspace_id: 0, role_id: 0 }, filter),
    enabled: acting !== null,
  });
}

/** One student, for the edit form. */
export function useClient(clientId: number | null) {
  const acting = useActingAs();
  return useQuery({
    queryKey: clientKeys.detail(acting, clientId),
    queryFn: () => callApi<Client>(`${API.clients}/${clientId}`, { query: { ...acting } }),
    enabled: acting !== null && clientId !== null,
    retry: false,
  });
}

/** Creates a student, or saves the one with `clientId`; the list is fetched again after. */
export function useSaveClient(clientId: number | null) {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClientInput) =>
      callApi<Client>(clientId === null ? API.clients : `${API.clients}/${clientId}`, {
        method: clientId === null ? 'POST' : 'PUT',
        query: { ...acting },
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
    meta: { silent: true },
  });
}
