import type { Acting } from '../../../api/keys.ts';

/**
 * The lessons feature's query keys. A lesson's detail and check, every list of lessons (by week,
 * by plan) and the exercises a block may take; a save or a fill refreshes the lists and checks.
 */
export const lessonKeys = {
  all: ['lessons'] as const,
  lists: () => [...lessonKeys.all, 'list'] as const,
  list: (acting: Acting, filter: unknown) => [...lessonKeys.lists(), acting, filter] as const,
  detail: (acting: Acting, lessonId: number | null) =>
    [...lessonKeys.all, 'detail', acting, lessonId] as const,
  checks: () => [...lessonKeys.all, 'check'] as const,
  check: (acting: Acting, lessonId: number) => [...lessonKeys.checks(), acting, lessonId] as const,
  exercises: (acting: Acting, filter: unknown) => [...lessonKeys.all, 'exercises', acting, filter] as const,
  /** A lesson's latest run of themed versions. */
  generation: (acting: Acting, lessonId: number) =>
    [...lessonKeys.all, 'generation', acting, lessonId] as const,
  /** The student's interests and the themed versions of a lesson's decks. */
  themed: (acting: Acting, lessonId: number) => [...lessonKeys.all, 'themed', acting, lessonId] as const,
};
