import {
  API,
  type Ticket,
  type TicketActionInput,
  type TicketFile,
  type TicketInput,
  type TicketListItem,
  type TicketObjectKind,
  type TicketsPage,
  type TicketStatus,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { ticketKeys } from './keys.ts';

const BASE = API.reportTickets;

/** Uploads the chosen files one by one, then makes the report naming them (anyone signed in). */
export function useCreateTicket() {
  const acting = useActingFor('tickets.report');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, files }: { input: Omit<TicketInput, 'attachment_ids'>; files: File[] }) => {
      const attachment_ids: number[] = [];
      for (const file of files) {
        const form = new FormData();
        form.append('file', file);
        const uploaded = await callApi<TicketFile>(`${BASE}/files`, {
          method: 'POST',
          query: { ...acting },
          body: form,
        });
        attachment_ids.push(uploaded.id);
      }
      return callApi<Ticket>(BASE, {
        method: 'POST',
        query: { ...acting },
        body: { ...input, attachment_ids },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
    meta: { silent: true },
  });
}

/** The caller's own reports in the project, a page at a time. */
export function useMyTickets(page: number) {
  const acting = useActingFor('tickets.report');
  return useQuery({
    queryKey: ticketKeys.mine(acting, page),
    queryFn: ({ signal }) =>
      callApiPage<TicketListItem>(`${BASE}/mine`, { query: { ...acting, page, per_page: 20 }, signal }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** One of the caller's own reports. */
export function useMyTicket(id: number | null) {
  const acting = useActingFor('tickets.report');
  return useQuery({
    queryKey: ticketKeys.myOne(acting, id),
    queryFn: ({ signal }) => callApi<Ticket>(`${BASE}/mine/${id}`, { query: { ...acting }, signal }),
    enabled: acting !== null && id !== null,
    meta: { silent: true },
  });
}

export interface TicketsFilter {
  status?: TicketStatus;
  term?: string;
  assignee?: 'none' | number;
  object_kind?: TicketObjectKind;
  object_id?: number;
  page: number;
  per_page: number;
}

/** The project's reports as the moderators' list asks for them, with counts per status. */
export function useTickets(filter: TicketsFilter, enabled = true) {
  const acting = useActingFor('tickets.manage');
  return useQuery({
    queryKey: ticketKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<TicketListItem, TicketsPage>(BASE, {
        query: { ...acting, ...filter, term: filter.term || undefined },
        signal,
      }),
    enabled: acting !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

/** The people the project's reports are assigned to. */
export function useTicketAssignees() {
  const acting = useActingFor('tickets.manage');
  return useQuery({
    queryKey: ticketKeys.assignees(acting),
    queryFn: ({ signal }) =>
      callApi<{ id: number; name: string }[]>(`${BASE}/assignees`, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** One report of the project, as a moderator works it. */
export function useTicket(id: number | null) {
  const acting = useActingFor('tickets.manage');
  return useQuery({
    queryKey: ticketKeys.one(acting, id),
    queryFn: ({ signal }) => callApi<Ticket>(`${BASE}/${id}`, { query: { ...acting }, signal }),
    enabled: acting !== null && id !== null,
    meta: { silent: true },
  });
}

/** What a moderator does to a report: an action of spec §4, a merge, a comment. */
export type TicketChange =
  | { kind: 'action'; input: TicketActionInput }
  | { kind: 'merge'; into_id: number }
  | { kind: 'comment'; text: string };

/** A moderator's change of a report; every list and report is read again after it. */
export function useChangeTicket(id: number) {
  const acting = useActingFor('tickets.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TicketChange) => {
      const [path, body] =
        change.kind === 'action'
          ? ['actions', change.input]
          : change.kind === 'merge'
            ? ['merge', { into_id: change.into_id }]
            : ['comments', { text: change.text }];
      return callApi<Ticket>(`${BASE}/${id}/${path}`, { method: 'POST', query: { ...acting }, body });
    },
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.one(acting, id), ticket);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
    meta: { silent: true },
  });
}

/** The reporter's answer on her own report. */
export function useCommentMyTicket(id: number) {
  const acting = useActingFor('tickets.report');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      callApi<Ticket>(`${BASE}/mine/${id}/comments`, {
        method: 'POST',
        query: { ...acting },
        body: { text },
      }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.myOne(acting, id), ticket);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
    meta: { silent: true },
  });
}
