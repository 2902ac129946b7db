import { API, type DiagnosticianClient, type DiagnosticianClientsPage } from '@logoschool/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../api/client.ts';
import type { Acting } from '../../api/keys.ts';
import { useActingFor } from '../../session/session.tsx';

export const diagnosticianClientKeys = {
  all: ['diagnostician-clients'] as const,
  list: (acting: Acting, filter: unknown) => [...diagnosticianClientKeys.all, acting, filter] as const,
};

/** The students assigned to the signed-in diagnostician, by child name. */
export function useDiagnosticianClients(filter: { term: string; page: number; per_page: number }) {
  const acting = useActingFor('diagnoses.assigned');
  return useQuery({
    queryKey: diagnosticianClientKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<DiagnosticianClient, DiagnosticianClientsPage>(API.diagnosticianClients, {
        query: { ...acting, ...filter, term: filter.term || undefined },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}
