import {
  API,
  clientPathPath,
  isTimeZone,
  type Client,
  type ClientPath,
  type PlanListItem,
} from '@logoschool/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { planSharingKeys } from './keys.ts';

/**
 * The teacher's time zone as the browser knows it: a plan's status (expired once its last day has
 * passed) is judged in it. UTC when the browser names none the API knows.
 */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/** The most plans the path shows: a child has a handful, one page holds them all. */
export const PATH_PLANS_MAX = 100;

/** One of the teacher's students; quiet, the screen says when it is not found. */
export function useStudent(clientId: number | null) {
  const acting = useActingFor('clients.manage');
  return useQuery({
    queryKey: planSharingKeys.student(acting, clientId),
    queryFn: ({ signal }) => callApi<Client>(`${API.clients}/${clientId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && clientId !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** The teacher's students whose name holds `term`, to open one's path. */
export function useStudentsToPick(term: string) {
  const acting = useActingFor('clients.manage');
  return useQuery({
    queryKey: planSharingKeys.students(acting, term),
    queryFn: ({ signal }) =>
      callApiPage<Client>(API.clients, {
        query: { ...acting, term: term || undefined, per_page: 20 },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every plan of one student, their status judged in the browser's time zone. */
export function useStudentPlans(clientId: number | null) {
  const acting = useActingFor('plans.manage');
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: planSharingKeys.studentPlans(acting, clientId, timeZone),
    queryFn: ({ signal }) =>
      callApiPage<PlanListItem>(API.protocols, {
        query: {
          ...acting,
          client_id: clientId ?? undefined,
          filter: 'all',
          per_page: PATH_PLANS_MAX,
          time_zone: timeZone,
        },
        signal,
      }),
    enabled: acting !== null && clientId !== null,
  });
}

/** What the path shows beside the plans: the student's lessons held and diagnoses. */
export function useStudentPath(clientId: number | null) {
  const acting = useActingFor('clients.manage');
  return useQuery({
    queryKey: planSharingKeys.studentPath(acting, clientId),
    queryFn: ({ signal }) =>
      callApi<ClientPath>(clientPathPath(clientId ?? 0), { query: { ...acting }, signal }),
    enabled: acting !== null && clientId !== null,
  });
}
