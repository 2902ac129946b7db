import {
  API,
  type MerchOffer,
  type MerchOfferInput,
  type MerchOrderCounts,
  type MerchOrderInput,
  type MerchOrderRow,
  type MerchOrderStatus,
  type ParentMerchOrder,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage, request } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { merchKeys } from './keys.ts';

const family = (token: string) => `${API.parentDashboard}/${encodeURIComponent(token)}`;

/** `GET /parent-dashboard/:token/merch` (public): the offers the family may order. */
export function useFamilyMerch(token: string) {
  return useQuery({
    queryKey: merchKeys.family(token),
    queryFn: ({ signal }) =>
      request<MerchOffer[]>(`${family(token)}/merch`, { silent: true, throttle: true, signal }),
    meta: { silent: true },
  });
}

/** `POST /parent-dashboard/:token/merch-orders` (public): the family's order request. */
export function placeMerchOrder(token: string, body: MerchOrderInput, language: string) {
  return request<ParentMerchOrder>(`${family(token)}/merch-orders`, {
    method: 'POST',
    body,
    silent: true,
    throttle: true,
    headers: { 'Accept-Language': language },
  });
}

/** The project's offers (admins and root). */
export function useMerchOffers() {
  const acting = useActingFor('merch.offers');
  return useQuery({
    queryKey: merchKeys.offers(acting),
    queryFn: ({ signal }) => callApi<MerchOffer[]>(API.merchOffers, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** Saves an offer (new or changed), then its photo when one was chosen. */
export function useSaveMerchOffer() {
  const acting = useActingFor('merch.offers');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      photo,
    }: {
      id: number | null;
      input: MerchOfferInput;
      photo: File | null;
    }) => {
      const saved = await callApi<MerchOffer>(id === null ? API.merchOffers : `${API.merchOffers}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        query: { ...acting },
        body: input,
      });
      if (!photo) return saved;
      const form = new FormData();
      form.append('file', photo);
      return callApi<MerchOffer>(`${API.merchOffers}/${saved.id}/photo`, {
        method: 'POST',
        query: { ...acting },
        body: form,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchKeys.offers(acting) }),
    meta: { silent: true },
  });
}

export interface MerchOrdersFilter {
  status: MerchOrderStatus;
  search: string;
  page: number;
  per_page: number;
}

/** The families' orders of a status, searched, a page at a time (managers and root). */
export function useMerchOrders(filter: MerchOrdersFilter) {
  const acting = useActingFor('merch.orders');
  return useQuery({
    queryKey: merchKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<MerchOrderRow>(API.merchOrders, {
        query: { ...acting, ...filter, search: filter.search || undefined },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMerchOrderCounts() {
  const acting = useActingFor('merch.orders');
  return useQuery({
    queryKey: merchKeys.counts(acting),
    queryFn: ({ signal }) =>
      callApi<MerchOrderCounts>(API.merchOrderCounts, { query: { ...acting }, signal }),
    enabled: acting !== null,
  });
}

/** Moves an order to its next status: the list and its counts are read again. */
export function useSetMerchOrderStatus() {
  const acting = useActingFor('merch.orders');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: MerchOrderStatus }) =>
      callApi<MerchOrderRow>(`${API.merchOrders}/${id}/status`, {
        method: 'POST',
        query: { ...acting },
        body: { status },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchKeys.orders() }),
    meta: { silent: true },
  });
}
