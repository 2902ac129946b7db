import { API, type PlanSharing, type SendPlanInput, type SentPlan } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { planSharingKeys } from './keys.ts';

const linkPath = (planId: number) => `${API.protocols}/${planId}/link`;

/** How a plan is shared with the parents: its link (null when none), when it was sent, the address. */
export function usePlanSharing(planId: number) {
  const acting = useActingFor('protocols.manage');
  return useQuery({
    queryKey: planSharingKeys.sharing(acting, planId),
    queryFn: ({ signal }) => callApi<PlanSharing>(linkPath(planId), { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** A sharing change: the answer is the new state, kept as the query's data. */
function useSharingChange<Input, Result extends PlanSharing>(
  planId: number,
  call: (acting: ReturnType<typeof useActingFor>, input: Input) => Promise<Result>,
) {
  const acting = useActingFor('protocols.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(acting, input),
    onSuccess: ({ url, sent_at, email }) =>
      queryClient.setQueryData<PlanSharing>(planSharingKeys.sharing(acting, planId), { url, sent_at, email }),
    // The panel says what went wrong, next to the action.
    meta: { silent: true },
  });
}

/** Mails the plan's link to the parent (the address given, else the student's). */
export function useSendPlan(planId: number) {
  return useSharingChange(planId, (acting, input: Omit<SendPlanInput, 'protocol_id'>) =>
    callApi<SentPlan>(API.sendPlan, {
      method: 'POST',
      query: { ...acting },
      body: { protocol_id: planId, ...input },
    }),
  );
}

/** The plan's link, made when it has none, to copy (`mutateAsync(null)`). */
export function useCreatePlanLink(planId: number) {
  return useSharingChange(planId, (acting, _input: null) =>
    callApi<PlanSharing>(linkPath(planId), { method: 'POST', query: { ...acting } }),
  );
}

/** Withdraws the plan's link (`mutateAsync(null)`). */
export function useRevokePlanLink(planId: number) {
  return useSharingChange(planId, (acting, _input: null) =>
    callApi<PlanSharing>(linkPath(planId), { method: 'DELETE', query: { ...acting } }),
  );
}
