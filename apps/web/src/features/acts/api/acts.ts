import {
  API,
  type Act,
  type ActRate,
  type ActsReport,
  type Contractor,
  type ContractorInput,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, request } from '../../../api/client.ts';
import type { DayRange } from '../../../lib/report-range.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useActingFor } from '../../../session/session.tsx';
import { actsKeys } from './keys.ts';

/** `GET /acts/report`: per contractor, what was accepted in the range (days in the browser's time zone). */
export function useActsReport(range: DayRange) {
  const acting = useActingFor('acts.manage');
  return useQuery({
    queryKey: actsKeys.report(acting, range),
    queryFn: ({ signal }) =>
      callApi<ActsReport>(API.actsReport, {
        query: { ...acting, ...range, time_zone: browserTimeZone() },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** The project's rates. */
export function useActRates() {
  const acting = useActingFor('acts.manage');
  return useQuery({
    queryKey: actsKeys.rates(acting),
    queryFn: ({ signal }) => callApi<ActRate[]>(API.actRates, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** Saves the whole rate table; the report's amounts are read again. */
export function useSaveActRates() {
  const acting = useActingFor('acts.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: ActRate[]) =>
      callApi<ActRate[]>(API.actRates, { method: 'PUT', query: { ...acting }, body: { rates } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: actsKeys.all }),
    meta: { silent: true },
  });
}

/** A contractor's details as the caller may read them (null when none are kept). */
export function useContractor(userId: number) {
  const acting = useActingFor('acts.manage');
  return useQuery({
    queryKey: actsKeys.contractor(acting, userId),
    queryFn: ({ signal }) =>
      callApi<Contractor | null>(`${API.actContractors}/${userId}`, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** Keeps a contractor's details; the report shows them. */
export function useSaveContractor(userId: number) {
  const acting = useActingFor('acts.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractorInput) =>
      callApi<Contractor>(`${API.actContractors}/${userId}`, { method: 'PUT', query: { ...acting }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: actsKeys.all }),
    meta: { silent: true },
  });
}

/** Leaves an item out of the next act, or includes it again. */
export function useToggleExclusion() {
  const acting = useActingFor('acts.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exerciseId, exclude }: { exerciseId: number; exclude: boolean }) =>
      exclude
        ? callApi(API.actExclusions, {
            method: 'POST',
            query: { ...acting },
            body: { exercise_id: exerciseId },
          })
        : callApi(`${API.actExclusions}/${exerciseId}`, { method: 'DELETE', query: { ...acting } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: actsKeys.all }),
  });
}

/** The project's acts, newest first. */
export function useActs() {
  const acting = useActingFor('acts.manage');
  return useQuery({
    queryKey: actsKeys.acts(acting),
    queryFn: ({ signal }) => callApi<Act[]>(API.acts, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** Issues a contractor's act for the range: the report and the acts are read again. */
export function useIssueAct() {
  const acting = useActingFor('acts.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, range }: { userId: number; range: DayRange }) =>
      callApi<Act>(API.acts, {
        method: 'POST',
        query: { ...acting },
        body: { user_id: userId, ...range, time_zone: browserTimeZone() },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: actsKeys.all }),
  });
}

/** Downloads an act's PDF (it needs the token, so it is fetched, then saved). */
export function useDownloadActPdf() {
  const acting = useActingFor('acts.manage');
  return async (act: Act) => {
    const blob = await request<Blob>(`${API.acts}/${act.id}/pdf`, {
      query: { ...acting },
      responseType: 'blob',
    });
    saveBlob(blob, `act-${act.number.replace('/', '-')}.pdf`);
  };
}
