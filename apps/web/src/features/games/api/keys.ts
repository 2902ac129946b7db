import type { Acting } from '../../../api/keys.ts';

/** The games feature's query keys. */
export const gameKeys = {
  all: ['games'] as const,
  lists: () => [...gameKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...gameKeys.lists(), acting, filter] as const,
  detail: (acting: Acting, gameId: number | null) => [...gameKeys.all, 'detail', acting, gameId] as const,
  themes: (acting: Acting) => [...gameKeys.all, 'themes', acting] as const,
};
