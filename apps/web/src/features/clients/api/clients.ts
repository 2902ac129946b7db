import {
  API,
  type Client,
  type ClientDuplicate,
  type ClientInput,
  type ClientListItem,
} from '@logoschool/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useActingAs } from '../../../session/session.tsx';
import { clientKeys } from './keys.ts';

type ActingAs = { workspace_id: number; role_id: number };

export interface ClientsFilter {
  term: string;
  page: number;
  per_page: number;
}

/** The teacher's students in the chosen project (spec §3 Client), plans judged in her time zone. */
export const clientsQuery = (acting: ActingAs, filter: ClientsFilter, timeZone = browserTimeZone()) =>
  queryOptions({
    queryKey: clientKeys.list(acting, { ...filter, timeZone }),
    queryFn: () =>
      callApiPage<ClientListItem>(API.clients, {
        query: { ...acting, ...filter, term: filter.term || undefined, time_zone: timeZone },
      }),
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

/** What a student about to be saved is compared on, and the student being edited (left out). */
export interface DuplicateProbe {
  child_name: string;
  birthdate: string | null;
  parent_email: string;
  except_id: number | null;
}

/**
 * Asks for the teacher's students that look like the one about to be saved (same child and
 * birthdate, or same parent's e-mail); none asked when there is nothing to compare on.
 */
export function useFindDuplicates() {
  const acting = useActingAs();
  return async (probe: DuplicateProbe): Promise<ClientDuplicate[]> => {
    const child = probe.child_name.trim() && probe.birthdate ? probe.child_name.trim() : undefined;
    const email = probe.parent_email.trim() || undefined;
    if (!acting || (!child && !email)) return [];
    return callApi<ClientDuplicate[]>(API.clientDuplicates, {
      query: {
        ...acting,
        child_name: child,
        birthdate: child ? (probe.birthdate ?? undefined) : undefined,
        parent_email: email,
        except_id: probe.except_id ?? undefined,
      },
    });
  };
}
