import {
  API,
  FAMILY_LINK_SEND,
  type FamilySharing,
  type SendFamilyLinkInput,
  type SentFamilyLink,
} from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import type { PublicLinkSubject } from '../../../api/public-link-changes.ts';
import { useActingFor } from '../../../session/session.tsx';
import { parentDashboardKeys } from './keys.ts';

const studentPath = (clientId: number) => `${API.clients}/${clientId}`;

/** How a student's dashboard is shared with the family: its link, when it was mailed, the address. */
export function useFamilySharing(clientId: number) {
  const acting = useActingFor('clients.manage');
  return useQuery({
    queryKey: parentDashboardKeys.sharing(acting, clientId),
    queryFn: ({ signal }) =>
      callApi<FamilySharing>(`${studentPath(clientId)}/link`, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** The student as the panel changes the dashboard's link: where, as whom, and the query that holds it. */
export function useFamilyLinkSubject(clientId: number): PublicLinkSubject {
  const acting = useActingFor('clients.manage');
  return {
    path: studentPath(clientId),
    permission: 'clients.manage',
    queryKey: parentDashboardKeys.sharing(acting, clientId),
  };
}

/** Mails the dashboard's link to the parent (the address given, else the student's); the answer is the new state. */
export function useSendFamilyLink(clientId: number) {
  const acting = useActingFor('clients.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendFamilyLinkInput) =>
      callApi<SentFamilyLink>(`${studentPath(clientId)}${FAMILY_LINK_SEND}`, {
        method: 'POST',
        query: { ...acting },
        body: input,
      }),
    onSuccess: ({ mail_delivery: _delivery, ...state }) =>
      queryClient.setQueryData<FamilySharing>(parentDashboardKeys.sharing(acting, clientId), state),
    // The panel says what went wrong, next to the action.
    meta: { silent: true },
  });
}
