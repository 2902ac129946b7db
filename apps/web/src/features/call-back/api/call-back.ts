import {
  API,
  type CallAgent,
  type CallAgentInput,
  type CallRequestCounts,
  type CallRequestInput,
  type CallRequestRow,
  type CallRequestStatus,
  type Language,
  type ParentCallRequest,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage, request } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { callBackKeys } from './keys.ts';

/** Where a parent asks: the school's booking page, or the family's dashboard. */
export type CallBackVia = 'appointment' | 'dashboard';

const BASE: Record<CallBackVia, string> = { appointment: API.appointment, dashboard: API.parentDashboard };

/**
 * `POST …/:token/call-requests` (public): quiet, since the section says itself what happened; in
 * the page's language, which the agent then speaks.
 */
export function askToBeCalled(via: CallBackVia, token: string, body: CallRequestInput, language: Language) {
  return request<ParentCallRequest>(`${BASE[via]}/${encodeURIComponent(token)}/call-requests`, {
    method: 'POST',
    body,
    silent: true,
    throttle: true,
    headers: { 'Accept-Language': language },
  });
}

export interface CallRequestsFilter {
  status: CallRequestStatus;
  search: string;
  page: number;
  per_page: number;
}

/** The project's requests of a status, searched, a page at a time. */
export function useCallRequests(filter: CallRequestsFilter) {
  const acting = useActingFor('callRequests.manage');
  return useQuery({
    queryKey: callBackKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<CallRequestRow>(API.callRequests, {
        query: { ...acting, ...filter, search: filter.search || undefined },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** How many requests are in each status (the tabs' counts). */
export function useCallRequestCounts() {
  const acting = useActingFor('callRequests.manage');
  return useQuery({
    queryKey: callBackKeys.counts(acting),
    queryFn: ({ signal }) =>
      callApi<CallRequestCounts>(API.callRequestCounts, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** Marks a request done, or asks the agent again: the list and its counts are read again. */
export function useCallRequestAction() {
  const acting = useActingFor('callRequests.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'done' | 'retry' }) =>
      callApi<CallRequestRow>(`${API.callRequests}/${id}/${action}`, {
        method: 'POST',
        query: { ...acting },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callBackKeys.requests() }),
    meta: { silent: true },
  });
}

/** The project's phone agent (admins and root): its address, whether a token is set, its wait. */
export function useCallAgent() {
  const acting = useActingFor('callRequests.agent');
  return useQuery({
    queryKey: callBackKeys.agent(acting),
    queryFn: ({ signal }) => callApi<CallAgent>(API.callAgent, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

export function useSaveCallAgent() {
  const acting = useActingFor('callRequests.agent');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallAgentInput) =>
      callApi<CallAgent>(API.callAgent, { method: 'PUT', query: { ...acting }, body: input }),
    onSuccess: (saved) => queryClient.setQueryData(callBackKeys.agent(acting), saved),
    meta: { silent: true },
  });
}
