import {
  API,
  type AcceptInvitationBody,
  type AcceptInvitationSignInBody,
  type AcceptedNewRole,
  type Invitation,
  type InvitationListStatus,
  type InvitationPreview,
  type InviteBody,
  type LoginResult,
  type SentInvitation,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage, request } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { userKeys } from '../../../api/keys.ts';

export interface InvitationsFilter {
  status: InvitationListStatus | undefined;
  page: number;
  per_page: number;
}

/** The chosen project's invitations, newest first (spec §2 /users: invitation status). */
export function useInvitations(filter: InvitationsFilter, enabled = true) {
  const acting = useActingFor('users.list');
  return useQuery({
    queryKey: userKeys.invitationList(acting, filter),
    queryFn: () => callApiPage<Invitation>(API.invitations, { query: { ...acting, ...filter } }),
    enabled: enabled && acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** Invitations and members change together: an accepted invitation becomes a member. */
function useRefreshPeople() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

/**
 * Invite an address to the project; the form shows the errors, so the call is quiet. An address
 * that has an account is invited the same way (its owner accepts by signing in).
 */
export function useInvite() {
  const acting = useActingFor('users.invite');
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (body: Omit<InviteBody, 'workspace_id'>) =>
      callApi<SentInvitation>(API.invite, {
        method: 'POST',
        query: { ...acting },
        body: { ...body, workspace_id: acting?.workspace_id },
      }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** Mail an invitation again with a new link. */
export function useResendInvitation() {
  const acting = useActingFor('users.invite');
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (invitationId: number) =>
      callApi<SentInvitation>(API.inviteSend, {
        method: 'POST',
        query: { ...acting },
        body: { invitation_id: invitationId },
      }),
    onSuccess: refresh,
  });
}

/** Withdraw a pending invitation: its link stops working. */
export function useCancelInvitation() {
  const acting = useActingFor('users.invite');
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (invitationId: number) =>
      callApi<unknown>(`${API.invitations}/${invitationId}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: refresh,
  });
}

/** What the invitation link offers, for the sign-up page (public: no session yet). */
export function getInvitationPreview(token: string): Promise<InvitationPreview> {
  return request<InvitationPreview>(API.inviteAccept, { query: { token }, silent: true });
}

/** Register with the invitation; answers a session like the login does. */
export function acceptInvitation(body: AcceptInvitationBody): Promise<LoginResult> {
  return request<LoginResult>(API.inviteAccept, { method: 'POST', body, silent: true });
}

/** Accept as the account the invited address already has; answers a session like the login does. */
export function acceptInvitationSigningIn(body: AcceptInvitationSignInBody): Promise<LoginResult> {
  return request<LoginResult>(API.inviteAcceptSignIn, { method: 'POST', body, silent: true });
}

/**
 * Accept, as the signed-in account, an invitation of its own address (`/accept-new-role`);
 * answers the user with the new roles and the project joined.
 */
export function acceptNewRole(token: string): Promise<AcceptedNewRole> {
  return request<AcceptedNewRole>(API.inviteAcceptNewRole, { method: 'POST', body: { token }, silent: true });
}
