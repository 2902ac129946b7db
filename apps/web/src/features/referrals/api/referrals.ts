import {
  API,
  type BonusChangeInput,
  type FamilyReferral,
  type ReferralDetail,
  type ReferralEventInput,
  type ReferralRemovalInput,
  type ReferralRow,
  type ReferrerLinkInput,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage, request } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { referralKeys } from './keys.ts';

export interface ReferralsFilter {
  search: string;
  page: number;
  per_page: number;
}

/** `GET /referrals`: the project's families for the report. */
export function useReferrals(filter: ReferralsFilter) {
  const acting = useActingFor('referrals.manage');
  return useQuery({
    queryKey: referralKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<ReferralRow>(API.referrals, {
        query: {
          ...acting,
          search: filter.search || undefined,
          page: filter.page,
          per_page: filter.per_page,
        },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /referrals/:clientId`: one family's referral, reasons and history. */
export function useReferral(clientId: number | null) {
  const acting = useActingFor('referrals.manage');
  return useQuery({
    queryKey: referralKeys.family(acting, clientId),
    queryFn: ({ signal }) =>
      callApi<ReferralDetail>(`${API.referrals}/${clientId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && clientId !== null,
  });
}

/** A change of one family: it answers the family as it is now; every balance may have moved. */
function useFamilyChange<Input>(
  path: (clientId: number, input: Input) => string,
  body: (input: Input) => unknown,
) {
  const acting = useActingFor('referrals.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, input }: { clientId: number; input: Input }) =>
      callApi<ReferralDetail>(path(clientId, input), {
        method: 'POST',
        query: { ...acting },
        body: body(input),
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(referralKeys.family(acting, detail.client_id), detail);
      void queryClient.invalidateQueries({ queryKey: referralKeys.all });
    },
    meta: { silent: true },
  });
}

const family = (clientId: number) => `${API.referrals}/${clientId}`;

export const useRecordReferralEvent = () =>
  useFamilyChange<ReferralEventInput>(
    (id) => `${family(id)}/events`,
    (input) => input,
  );

export const useRemoveReferralEvent = () =>
  useFamilyChange<ReferralRemovalInput & { entryId: number }>(
    (id, input) => `${family(id)}/events/${input.entryId}/removal`,
    ({ reason }) => ({ reason }),
  );

export const useChangeBonus = () =>
  useFamilyChange<BonusChangeInput>(
    (id) => `${family(id)}/bonuses`,
    (input) => input,
  );

export const useLinkReferrer = () =>
  useFamilyChange<ReferrerLinkInput>(
    (id) => `${family(id)}/referrer`,
    (input) => input,
  );

export const useRotateReferralCode = () =>
  useFamilyChange<null>(
    (id) => `${family(id)}/code/rotate`,
    () => undefined,
  );

/** `GET /parent-dashboard/:token/referral` (public): the family's own referral, quiet (the section says what went wrong). */
export function useFamilyReferral(token: string) {
  return useQuery({
    queryKey: referralKeys.dashboard(token),
    queryFn: ({ signal }) =>
      request<FamilyReferral>(`${API.parentDashboard}/${encodeURIComponent(token)}/referral`, {
        silent: true,
        throttle: true,
        signal,
      }),
  });
}
