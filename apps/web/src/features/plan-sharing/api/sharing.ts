import { API, type PlanSharing, type SendPlanInput, type SentPlan } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import type { PublicLinkSubject } from '../../../api/public-link-changes.ts';
import { useActingFor } from '../../../session/session.tsx';
import { planSharingKeys } from './keys.ts';

const planPath = (planId: number) => `${API.protocols}/${planId}`;

/** How a plan is shared with the parents: its link (the public-link kit's), when it was sent, the address. */
export function usePlanSharing(planId: number) {
  const acting = useActingFor('plans.manage');
  return useQuery({
    queryKey: planSharingKeys.sharing(acting, planId),
    queryFn: ({ signal }) =>
      callApi<PlanSharing>(`${planPath(planId)}/link`, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** The plan as the share panel changes its link: where, as whom, and the query that holds it. */
export function usePlanLinkSubject(planId: number): PublicLinkSubject {
  const acting = useActingFor('plans.manage');
  return {
    path: planPath(planId),
    permission: 'plans.manage',
    queryKey: planSharingKeys.sharing(acting, planId),
  };
}

/** Mails the plan's link to the parent (the address given, else the student's); the answer is the new state. */
export function useSendPlan(planId: number) {
  const acting = useActingFor('plans.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SendPlanInput, 'protocol_id'>) =>
      callApi<SentPlan>(API.sendPlan, {
        method: 'POST',
        query: { ...acting },
        body: { protocol_id: planId, ...input },
      }),
    onSuccess: ({ mail_delivery: _delivery, ...state }) =>
      queryClient.setQueryData<PlanSharing>(planSharingKeys.sharing(acting, planId), state),
    // The panel says what went wrong, next to the action.
    meta: { silent: true },
  });
}
