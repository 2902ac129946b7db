import {
  API,
  PER_PAGE_MAX,
  type Category,
  type DiagnosticCard,
  type DiagnosticCardInput,
  type DiagnosticCardListItem,
  type DiagnosticCardStatus,
  type Language,
  type ProgramListItem,
  inWorkspace,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { categoryKeys, type Acting } from '../../../api/keys.ts';
import { useActingAs } from '../../../session/session.tsx';

/** The diagnostic-cards feature's query keys. */
export const cardKeys = {
  all: ['diagnostic-cards'] as const,
  lists: () => [...cardKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...cardKeys.lists(), acting, filter] as const,
  detail: (acting: Acting, cardId: number | null) => [...cardKeys.all, 'detail', acting, cardId] as const,
  programs: (acting: Acting) => [...cardKeys.all, 'programs', acting] as const,
};

export interface CardsFilter {
  status: DiagnosticCardStatus | null;
  language: Language | null;
  term: string;
  page: number;
  per_page: number;
}

/** A page of the cards the selected role reads (moderators every one of the project). */
export function useCards(filter: CardsFilter) {
  const acting = useActingAs();
  return useQuery({
    queryKey: cardKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<DiagnosticCardListItem>(API.diagnosticCards, {
        query: {
          ...acting,
          ...filter,
          status: filter.status ?? undefined,
          language: filter.language ?? undefined,
          term: filter.term || undefined,
        },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** One card: its working copy for moderators. */
export function useCard(cardId: number | null) {
  const acting = useActingAs();
  return useQuery({
    queryKey: cardKeys.detail(acting, cardId),
    queryFn: ({ signal }) =>
      callApi<DiagnosticCard>(`${API.diagnosticCards}/${cardId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && cardId !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** Keeps a card the API answered with, and has the lists fetched again. */
function useCardAnswered() {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return (card: DiagnosticCard) => {
    queryClient.setQueryData(cardKeys.detail(acting, card.id), card);
    return queryClient.invalidateQueries({ queryKey: cardKeys.lists() });
  };
}

/** Creates a card (`cardId` null) or replaces its working copy. */
export function useSaveCard(cardId: number | null) {
  const acting = useActingAs();
  const answered = useCardAnswered();
  return useMutation({
    mutationFn: (input: DiagnosticCardInput) =>
      callApi<DiagnosticCard>(cardId === null ? API.diagnosticCards : `${API.diagnosticCards}/${cardId}`, {
        method: cardId === null ? 'POST' : 'PUT',
        query: { ...acting },
        body: input,
      }),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/** Publishes a card's working copy as its next version. */
export function usePublishCard() {
  const acting = useActingAs();
  const answered = useCardAnswered();
  return useMutation({
    mutationFn: (cardId: number) =>
      callApi<DiagnosticCard>(`${API.diagnosticCards}/${cardId}/publish`, {
        method: 'POST',
        query: { ...acting },
      }),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/** Deletes a card; the API refuses one that diagnoses are made from (its message shows in the dialog). */
export function useDeleteCard() {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) =>
      callApi<null>(`${API.diagnosticCards}/${cardId}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: (_answer, cardId) => {
      void queryClient.invalidateQueries({ queryKey: cardKeys.detail(acting, cardId), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: cardKeys.lists() });
    },
    meta: { silent: true },
  });
}

/**
 * The project's recommended programs a band may point at (`GET /recommended-programs?kind=program`).
 * Quiet: the select says in place when they cannot be read, and an empty list is fine.
 */
export function useProgramOptions() {
  const acting = useActingAs();
  return useQuery({
    queryKey: cardKeys.programs(acting),
    queryFn: ({ signal }) =>
      callApiPage<ProgramListItem>(API.recommendedPrograms, {
        query: { ...acting, kind: 'program', per_page: PER_PAGE_MAX },
        signal,
      }),
    enabled: acting !== null,
    select: (page) => page.data.map((program) => ({ id: program.id, name: program.name })),
    retry: false,
    meta: { silent: true },
  });
}

/** The project's category tree, under the categories feature's key (a card's categories are picked from it). */
export function useCategoryTree() {
  const acting = useActingAs();
  const workspaceId = acting?.workspace_id ?? 0;
  return useQuery({
    queryKey: categoryKeys.tree(workspaceId),
    queryFn: ({ signal }) =>
      callApi<Category[]>(inWorkspace(workspaceId, API.categories), {
        query: { role_id: acting?.role_id },
        signal,
      }),
    enabled: acting !== null,
    meta: { silent: true },
  });
}
