import type { Acting } from '../../../api/keys.ts';

/** The referrals feature's query keys: the report's pages, one family, a family's own read. */
export const referralKeys = {
  all: ['referrals'] as const,
  lists: () => [...referralKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...referralKeys.lists(), acting, filter] as const,
  families: () => [...referralKeys.all, 'family'] as const,
  family: (acting: Acting, clientId: number | null) =>
    [...referralKeys.families(), acting, clientId] as const,
  dashboard: (token: string) => [...referralKeys.all, 'dashboard', token] as const,
};
