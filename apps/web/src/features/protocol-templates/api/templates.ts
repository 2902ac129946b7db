import {
  API,
  TEMPLATE_STATUSES,
  type ProtocolTemplate,
  type TemplateAction,
  type TemplateInput,
  type TemplateListItem,
  type TemplateStatus,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingAs } from '../../../session/session.tsx';
import { templateKeys } from './keys.ts';

export interface TemplatesFilter {
  /** null: every status. */
  status: TemplateStatus | null;
  term: string;
  page: number;
  per_page: number;
}

const listQuery = (acting: ReturnType<typeof useActingAs>, filter: TemplatesFilter) => ({
  queryKey: templateKeys.list(acting, filter),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApiPage<TemplateListItem>(API.templates, {
      query: { ...acting, ...filter, status: filter.status ?? undefined, term: filter.term || undefined },
      signal,
    }),
  enabled: acting !== null,
});

/** A page of the templates the selected role reads (spec §2: a moderator every one, a teacher hers and the published). */
export function useTemplates(filter: TemplatesFilter) {
  const acting = useActingAs();
  return useQuery({ ...listQuery(acting, filter), placeholderData: keepPreviousData });
}

/**
 * How many templates each status has under the search: one row asked per status, its `total`
 * read. Quiet: the list itself says when the API fails.
 */
export function useTemplateCounts(term: string): Partial<Record<TemplateStatus, number>> {
  const acting = useActingAs();
  const results = useQueries({
    queries: TEMPLATE_STATUSES.map((status) => ({
      ...listQuery(acting, { status, term, page: 1, per_page: 1 }),
      select: (page: { meta: { total: number } }) => page.meta.total,
      meta: { silent: true },
    })),
  });
  return Object.fromEntries(
    TEMPLATE_STATUSES.flatMap((status, index) => {
      const total = results[index]?.data;
      return total === undefined ? [] : [[status, total]];
    }),
  );
}

/** One template: its working copy for its writer and moderators, else its latest published version. */
export function useTemplate(templateId: number | null) {
  const acting = useActingAs();
  return useQuery({
    queryKey: templateKeys.detail(acting, templateId),
    queryFn: ({ signal }) =>
      callApi<ProtocolTemplate>(`${API.templates}/${templateId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && templateId !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** Keeps a template the API answered with, and has the lists fetched again. */
function useTemplateAnswered() {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return (template: ProtocolTemplate) => {
    queryClient.setQueryData(templateKeys.detail(acting, template.id), template);
    return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
  };
}

/** Creates a template (`templateId` null; the caller is its writer) or saves its working copy. */
export function useSaveTemplate(templateId: number | null) {
  const acting = useActingAs();
  const answered = useTemplateAnswered();
  return useMutation({
    mutationFn: (input: TemplateInput) =>
      callApi<ProtocolTemplate>(templateId === null ? API.templates : `${API.templates}/${templateId}`, {
        method: templateId === null ? 'POST' : 'PUT',
        query: { ...acting },
        body: input,
      }),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/**
 * A status step: the writer's (submit, withdraw: `…/status`) or the moderator's (publish, return
 * with a comment: `…/review`).
 */
export function useTemplateStep(templateId: number) {
  const acting = useActingAs();
  const answered = useTemplateAnswered();
  return useMutation({
    mutationFn: ({ action, comment }: { action: TemplateAction; comment?: string }) =>
      callApi<ProtocolTemplate>(
        `${API.templates}/${templateId}/${action === 'submit' || action === 'withdraw' ? 'status' : 'review'}`,
        {
          method: 'POST',
          query: { ...acting },
          body: action === 'return' ? { action, comment } : { action },
        },
      ),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/** Deletes a template; the API refuses one that plans are made from (its message shows in the dialog). */
export function useDeleteTemplate() {
  const acting = useActingAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) =>
      callApi<null>(`${API.templates}/${templateId}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: (_answer, templateId) => {
      // The screen showing it leaves; no refetch of what is gone.
      void queryClient.invalidateQueries({
        queryKey: templateKeys.detail(acting, templateId),
        refetchType: 'none',
      });
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
    meta: { silent: true },
  });
}
