import {
  API,
  type Exercise,
  type ExercisePage,
  type ExerciseStatusName,
  EXERCISE_STATUS,
  type VoteResult,
  type Vote,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../app/session.tsx';
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
          author_id: kind === 'moderator' ? (filter.authorId ?? undefined) : undefined,
          page: filter.page,
          per_page: filter.per_page,
        },
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** An author takes an open request: it becomes their draft. */
export function useTakeRequest() {
  const acting = useActingFor('exercises.author');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exerciseId: number) =>
      callApi<Exercise>(`${API.exercises}/${exerciseId}/take`, {
        method: 'POST',
        query: { ...acting },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exerciseKeys.lists() }),
    meta: { silent: true },
  });
}

/** Like or dislike (spec §4); the answer carries the counts after the vote. */
export function useVote() {
  const acting = useActingFor('exercises.vote');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exerciseId, vote }: { exerciseId: number; vote: Vote }) =>
      callApi<VoteResult>(`${API.exercises}/${exerciseId}/${vote}`, {
        method: 'POST',
        query: { ...acting },
      }),
    meta: { silent: true },
    onSuccess: (result, { exerciseId }) => {
      // The counts come back with the vote: patch the cached pages instead of reloading them.
      queryClient.setQueriesData<ExercisePage>({ queryKey: exerciseKeys.lists() }, (page) =>
        page
          ? {
              ...page,
              data: page.data.map((exercise) =>
                exercise.id === exerciseId ? { ...exercise, ...result } : exercise,
              ),
            }
          : page,
      );
    },
  });
}
