import {
  API,
  PER_PAGE_MAX,
  type Client,
  type ProtocolTemplate,
  type TemplateListItem,
} from '@logoschool/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { planKeys } from './keys.ts';

/** The teacher's students a plan may be made for, matching `term` ('' for the first page of all). */
export function useStudentOptions(term: string) {
  const acting = useActingFor('clients.manage');
  return useQuery({
    queryKey: planKeys.students(acting, term),
    queryFn: ({ signal }) =>
      callApiPage<Client>(API.clients, {
        query: { ...acting, term: term || undefined, per_page: PER_PAGE_MAX },
        signal,
      }),
    select: (page) => page.data,
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** One student (the one the address names), quiet: a wrong id only leaves the choice empty. */
export function useStudent(clientId: number | null) {
  const acting = useActingFor('clients.manage');
  return useQuery({
    queryKey: planKeys.student(acting, clientId),
    queryFn: ({ signal }) => callApi<Client>(`${API.clients}/${clientId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && clientId !== null,
    retry: false,
    meta: { silent: true },
  });
}

/**
 * The templates a plan may be made from: those with a published version (a teacher reads the
 * published ones and her own; her own draft never published is not one to plan from).
 */
export function usePublishedTemplates() {
  const acting = useActingFor('protocolTemplates.read');
  return useQuery({
    queryKey: planKeys.templates(acting),
    queryFn: ({ signal }) =>
      callApiPage<TemplateListItem>(API.templates, {
        query: { ...acting, per_page: PER_PAGE_MAX },
        signal,
      }),
    select: (page) => page.data.filter((template) => template.version > 0),
    enabled: acting !== null,
  });
}

/** One template as the teacher reads it: its description and blocks, to show what a plan takes. */
export function useTemplate(templateId: number | null) {
  const acting = useActingFor('protocolTemplates.read');
  return useQuery({
    queryKey: planKeys.template(acting, templateId),
    queryFn: ({ signal }) =>
      callApi<ProtocolTemplate>(`${API.templates}/${templateId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && templateId !== null,
    retry: false,
    meta: { silent: true },
  });
}
