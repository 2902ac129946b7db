import type { Acting } from '../../../api/keys.ts';

/** The programs feature's query keys. */
export const programKeys = {
  all: ['recommended-programs'] as const,
  lists: () => [...programKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...programKeys.lists(), acting, filter] as const,
  detail: (acting: Acting, programId: number | null) =>
    [...programKeys.all, 'detail', acting, programId] as const,
  exercises: (acting: Acting, term: string) => [...programKeys.all, 'exercises', acting, term] as const,
};
