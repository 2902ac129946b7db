import type { Acting } from '../../../api/keys.ts';

/** The merchandise feature's query keys: the offers, the orders (list and counts), a family's offers. */
export const merchKeys = {
  all: ['merchandise'] as const,
  offers: (acting: Acting) => [...merchKeys.all, 'offers', acting] as const,
  orders: () => [...merchKeys.all, 'orders'] as const,
  list: (acting: Acting, filter: unknown) => [...merchKeys.orders(), 'list', acting, filter] as const,
  counts: (acting: Acting) => [...merchKeys.orders(), 'counts', acting] as const,
  family: (token: string) => [...merchKeys.all, 'family', token] as const,
};
