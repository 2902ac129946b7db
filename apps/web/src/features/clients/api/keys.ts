import type { Acting } from '../../../api/keys.ts';

/** The clients feature's query keys. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...clientKeys.lists(), acting, filter] as const,
  detail: (acting: Acting, clientId: number | null) =>
    [...clientKeys.all, 'detail', acting, clientId] as const,
};
