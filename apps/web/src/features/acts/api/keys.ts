import type { Acting } from '../../../api/keys.ts';

/** The acts feature's query keys: the report of a range, the rates, a contractor's details, the acts. */
export const actsKeys = {
  all: ['acts'] as const,
  report: (acting: Acting, range: unknown) => [...actsKeys.all, 'report', acting, range] as const,
  rates: (acting: Acting) => [...actsKeys.all, 'rates', acting] as const,
  contractor: (acting: Acting, userId: number) => [...actsKeys.all, 'contractor', acting, userId] as const,
  acts: (acting: Acting) => [...actsKeys.all, 'acts', acting] as const,
};
