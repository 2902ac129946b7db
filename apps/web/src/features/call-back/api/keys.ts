import type { Acting } from '../../../api/keys.ts';

/** The call-back feature's query keys: the requests (list and counts) and the phone agent. */
export const callBackKeys = {
  all: ['call-back'] as const,
  requests: () => [...callBackKeys.all, 'requests'] as const,
  list: (acting: Acting, filter: unknown) => [...callBackKeys.requests(), 'list', acting, filter] as const,
  counts: (acting: Acting) => [...callBackKeys.requests(), 'counts', acting] as const,
  agent: (acting: Acting) => [...callBackKeys.all, 'agent', acting] as const,
};
