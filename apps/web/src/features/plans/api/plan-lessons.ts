import {
  API,
  type LessonMoveInput,
  type PlanFillResultView,
  type PlanSchedule,
  type PlanScheduleInput,
  type PlanSupplyView,
} from '@logoschool/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { planKeys } from './keys.ts';

/**
 * Before filling: the plan's lessons still to fill and where its folders run short, with the fix.
 * `freshness` (a change that may have filled lessons) is part of the key.
 */
export function usePlanSupply(planId: number, freshness: string) {
  const acting = useActingFor('lessons.manage');
  return useQuery({
    queryKey: [...planKeys.all, 'supply', acting, planId, freshness] as const,
    queryFn: ({ signal }) =>
      callApi<PlanSupplyView>(API.lessonsPlanSupply, { query: { ...acting, protocol_id: planId }, signal }),
    enabled: acting !== null,
    meta: { silent: true },
  });
}

/** Fills every lesson of the plan still to hold; the caller says what was filled and what not. */
export function useFillPlan(planId: number) {
  const acting = useActingFor('lessons.manage');
  return useMutation({
    mutationFn: (replace: boolean) =>
      callApi<PlanFillResultView>(API.exercisesGeneratePlan, {
        method: 'POST',
        query: { ...acting },
        body: { protocol_id: planId, replace },
      }),
    meta: { silent: true },
  });
}

/** Dates the plan's lessons in one step; the dialog shows a refusal. */
export function useScheduleLessons(planId: number) {
  const acting = useActingFor('plans.manage');
  return useMutation({
    mutationFn: (input: PlanScheduleInput) =>
      callApi<PlanSchedule>(`${API.protocols}/${planId}/schedule`, {
        method: 'POST',
        query: { ...acting },
        body: input,
      }),
    meta: { silent: true },
  });
}

/** Moves one lesson of the plan; the dialog shows a refusal. */
export function useMoveLesson(planId: number) {
  const acting = useActingFor('plans.manage');
  return useMutation({
    mutationFn: (input: LessonMoveInput) =>
      callApi<PlanSchedule>(`${API.protocols}/${planId}/move-lesson`, {
        method: 'POST',
        query: { ...acting },
        body: input,
      }),
    meta: { silent: true },
  });
}
