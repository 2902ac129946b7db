import {
  API,
  type Plan,
  type PlanCreateInput,
  type PlanFilter,
  type PlanInput,
  type PlanListItem,
  type PlanTemplateUpdateInput,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { planKeys } from './keys.ts';

export interface PlansFilter {
  filter: PlanFilter;
  /** Only this student's plans. */
  client_id?: number;
  page: number;
  per_page: number;
}

/** The teacher's plans (spec §4 filter), their status judged in the browser's time zone. */
export function usePlans(filter: PlansFilter) {
  const acting = useActingFor('plans.manage');
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: planKeys.list(acting, { ...filter, timeZone }),
    queryFn: ({ signal }) =>
      callApiPage<PlanListItem>(API.protocols, {
        query: { ...acting, ...filter, time_zone: timeZone },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** One plan with its blocks; quiet, the screen says when it is not found. */
export function usePlan(planId: number | null) {
  const acting = useActingFor('plans.manage');
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: planKeys.detail(acting, planId, timeZone),
    queryFn: ({ signal }) =>
      callApi<Plan>(`${API.protocols}/${planId}`, { query: { ...acting, time_zone: timeZone }, signal }),
    enabled: acting !== null && planId !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** After a change: the plan's new state in the cache, every list fetched again. */
function useAfterChange() {
  const acting = useActingFor('plans.manage');
  const queryClient = useQueryClient();
  return (plan: Plan) => {
    queryClient.setQueryData(planKeys.detail(acting, plan.id, browserTimeZone()), plan);
    return queryClient.invalidateQueries({ queryKey: planKeys.lists() });
  };
}

/** A new plan for a student from a published template; the form shows the refusal. */
export function useCreatePlan() {
  const acting = useActingFor('plans.manage');
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (input: PlanCreateInput) =>
      callApi<Plan>(API.protocols, {
        method: 'POST',
        query: { ...acting, time_zone: browserTimeZone() },
        body: input,
      }),
    onSuccess: afterChange,
    meta: { silent: true },
  });
}

/** Saves the deadline and every block's folder and bounds; the form shows the refusal. */
export function useSavePlan(planId: number) {
  const acting = useActingFor('plans.manage');
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (input: PlanInput) =>
      callApi<Plan>(`${API.protocols}/${planId}`, {
        method: 'PUT',
        query: { ...acting, time_zone: browserTimeZone() },
        body: input,
      }),
    onSuccess: afterChange,
    meta: { silent: true },
  });
}

/**
 * Applies the template's newer version to the plan, or keeps the plan as it is; `version` is the
 * one the teacher was shown (409 `template_version_changed` when another was published since).
 */
export function useTemplateUpdate(planId: number) {
  const acting = useActingFor('plans.manage');
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (input: PlanTemplateUpdateInput) =>
      callApi<Plan>(`${API.protocols}/${planId}/template-update`, {
        method: 'POST',
        query: { ...acting, time_zone: browserTimeZone() },
        body: input,
      }),
    onSuccess: afterChange,
    meta: { silent: true },
  });
}

/** Deletes a plan; the confirmation dialog shows a refusal. */
export function useDeletePlan() {
  const acting = useActingFor('plans.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) =>
      callApi<null>(`${API.protocols}/${planId}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: (_data, planId) => {
      queryClient.removeQueries({ queryKey: planKeys.detail(acting, planId, browserTimeZone()) });
      return queryClient.invalidateQueries({ queryKey: planKeys.lists() });
    },
    meta: { silent: true },
  });
}
