import {
  API,
  type Exercise,
  type ExercisePage,
  type ExerciseStatusName,
  EXERCISE_STATUS,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { exerciseKeys } from './keys.ts';

/** Which list a screen shows: an author's (own, assigned, open requests) or the whole project's. */
export type ExerciseListKind = 'author' | 'moderator';

export interface ExerciseListFilter {
  status: ExerciseStatusName;
  term: string;
  authorId: number | null;
  page: number;
  per_page: number;
}

/**
 * A page of exercises with the counters of every status tab (spec §4: counted after the title
 * and author filters). Exercise calls show no red notification (spec §8): the screen says it.
 */
export function useExercisePage(kind: ExerciseListKind, filter: ExerciseListFilter) {
  const acting = useActingFor('exercises.read');
  return useQuery({
    queryKey: exerciseKeys.list(kind, acting, filter),
    queryFn: () =>
      callApiPage<Exercise, ExercisePage>(kind === 'author' ? API.exercisesForAuthor : API.exercises, {
        query: {
          ...acting,
          status_id: EXERCISE_STATUS[filter.status],
          term: filter.term || undefined,
          author_id: filter.authorId ?? undefined,
          page: filter.page,
          per_page: filter.per_page,
        },
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/**
 * An author takes an open request: it becomes their draft. Whatever the server answers, the lists
 * are refetched: taken, the request moves to the author's drafts; refused, it has changed meanwhile
 * (409 `request_taken`: another author took it first) and the refetch shows how. A call that got no
 * answer (status 0) tells nothing new. The row says the outcome (`meta.silent`).
 */
export function useTakeRequest() {
  const acting = useActingFor('exercises.author');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exerciseId: number) =>
      callApi<Exercise>(`${API.exercises}/${exerciseId}/take`, {
        method: 'POST',
        query: { ...acting },
      }),
    onSettled: (_data, error) =>
      error instanceof ApiError && error.status === 0
        ? undefined
        : queryClient.invalidateQueries({ queryKey: exerciseKeys.lists() }),
    meta: { silent: true },
  });
}
