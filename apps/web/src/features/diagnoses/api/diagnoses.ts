import {
  API,
  type ClientDiagnoses,
  type Diagnosis,
  type DiagnosisUpdateInput,
  type DiagnosticCardListItem,
  type AssignedDiagnostician,
  type Diagnostician,
} from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Acting } from '../../../api/keys.ts';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** The diagnoses feature's query keys. */
export const diagnosisKeys = {
  all: ['diagnoses'] as const,
  client: (acting: Acting, clientId: number | null) =>
    [...diagnosisKeys.all, 'client', acting, clientId] as const,
  detail: (acting: Acting, id: number | null) => [...diagnosisKeys.all, 'detail', acting, id] as const,
  cards: (acting: Acting) => [...diagnosisKeys.all, 'cards', acting] as const,
  diagnosticians: (acting: Acting) => [...diagnosisKeys.all, 'diagnosticians', acting] as const,
  assigned: (acting: Acting, clientId: number) =>
    [...diagnosisKeys.all, 'assigned', acting, clientId] as const,
};

/** A student and their diagnoses, newest first. */
export function useClientDiagnoses(clientId: number | null) {
  const acting = useActingFor('diagnoses.manage');
  return useQuery({
    queryKey: diagnosisKeys.client(acting, clientId),
    queryFn: ({ signal }) =>
      callApi<ClientDiagnoses>(`${API.clients}/${clientId}/diagnoses`, { query: { ...acting }, signal }),
    enabled: acting !== null && clientId !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** The project's published cards, to start a diagnosis from. */
export function usePublishedCards(enabled: boolean) {
  const acting = useActingFor('diagnosticCards.read');
  return useQuery({
    queryKey: diagnosisKeys.cards(acting),
    queryFn: ({ signal }) =>
      callApiPage<DiagnosticCardListItem>(API.diagnosticCards, {
        query: { ...acting, status: 'published', per_page: 100 },
        signal,
      }),
    enabled: enabled && acting !== null,
  });
}

/** A new diagnosis of the student on a card; the caller opens it. */
export function useStartDiagnosis(clientId: number) {
  const acting = useActingFor('diagnoses.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) =>
      callApi<Diagnosis>(`${API.clients}/${clientId}/diagnoses`, {
        method: 'POST',
        query: { ...acting, time_zone: browserTimeZone() },
        body: { card_id: cardId },
      }),
    onSuccess: (diagnosis) => {
      queryClient.setQueryData(diagnosisKeys.detail(acting, diagnosis.id), diagnosis);
      return queryClient.invalidateQueries({ queryKey: diagnosisKeys.client(acting, clientId) });
    },
  });
}

/** One diagnosis; quiet, the screen says when it is not found. */
export function useDiagnosis(id: number | null) {
  const acting = useActingFor('diagnoses.manage');
  return useQuery({
    queryKey: diagnosisKeys.detail(acting, id),
    queryFn: ({ signal }) => callApi<Diagnosis>(`${API.diagnoses}/${id}`, { query: { ...acting }, signal }),
    enabled: acting !== null && id !== null,
    retry: false,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
}

/** After a save: the diagnosis' new state in the cache (the screen keeps its own answers), the lists stale. */
function useAfterSave() {
  const acting = useActingFor('diagnoses.manage');
  const queryClient = useQueryClient();
  return (diagnosis: Diagnosis) => {
    queryClient.setQueryData(diagnosisKeys.detail(acting, diagnosis.id), diagnosis);
    void queryClient.invalidateQueries({ queryKey: diagnosisKeys.client(acting, diagnosis.client.id) });
  };
}

/** The autosave (and the save before completing); the screen shows its state. */
export function useSaveDiagnosis(id: number) {
  const acting = useActingFor('diagnoses.manage');
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (input: DiagnosisUpdateInput) =>
      callApi<Diagnosis>(`${API.diagnoses}/${id}`, { method: 'PUT', query: { ...acting }, body: input }),
    onSuccess: afterSave,
    meta: { silent: true },
  });
}

/** The explicit save; the screen answers its refusals (§5 required, §9 scale changes). */
export function useCompleteDiagnosis(id: number) {
  const acting = useActingFor('diagnoses.manage');
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (input: { without_required?: boolean; scale_changes_seen?: boolean }) =>
      callApi<Diagnosis>(`${API.diagnoses}/${id}/complete`, {
        method: 'POST',
        query: { ...acting },
        body: input,
      }),
    onSuccess: afterSave,
    meta: { silent: true },
  });
}

/** Deletes a draft diagnosis. */
export function useDeleteDiagnosis(clientId: number) {
  const acting = useActingFor('diagnoses.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi<null>(`${API.diagnoses}/${id}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagnosisKeys.client(acting, clientId) }),
  });
}

/** The project's diagnosticians and the student's, for the assignment (teachers, admins, root). */
export function useDiagnosticians(clientId: number) {
  const acting = useActingFor('diagnosticians.assign');
  const all = useQuery({
    queryKey: diagnosisKeys.diagnosticians(acting),
    queryFn: ({ signal }) => callApi<Diagnostician[]>(API.diagnosticians, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
  const assigned = useQuery({
    queryKey: diagnosisKeys.assigned(acting, clientId),
    queryFn: ({ signal }) =>
      callApi<AssignedDiagnostician[]>(`${API.clients}/${clientId}/diagnosticians`, {
        query: { ...acting },
        signal,
      }),
    enabled: acting !== null,
  });
  return { all, assigned, allowed: acting !== null };
}

/** Sets the student's diagnosticians. */
export function useAssignDiagnosticians(clientId: number) {
  const acting = useActingFor('diagnosticians.assign');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      callApi<AssignedDiagnostician[]>(`${API.clients}/${clientId}/diagnosticians`, {
        method: 'PUT',
        query: { ...acting },
        body: { user_ids: userIds },
      }),
    onSuccess: (list) => queryClient.setQueryData(diagnosisKeys.assigned(acting, clientId), list),
  });
}
