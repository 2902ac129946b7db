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
import { fetchPage, request } from '../../../api/client.ts';
import { useActingFor } from '../../../app/session.tsx';

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
    queryKey: ['exercises', kind, acting, filter],
    queryFn: () =>
      fetchPage<Exercise, ExercisePage>(kind === 'author' ? API.exercisesForAuthor : API.exercises, {
        query: {
          ...acting,
          status_id: EXERCISE_STATUS[filter.status],
          term: filter.term || undefined,
          author_id: kind === 'moderator' ? (filter.authorId ?? undefined) : undefined,
          page: filter.page,
          per_page: filter.per_page,
        },
        silent: true,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** An author takes an open request: it becomes their draft. */
export function useTakeRequest() {
  const acting = useActingFor('exercises.author');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exerciseId: number) =>
      request<Exercise>(`${API.exercises}/${exerciseId}/take`, {
        method: 'POST',
        query: { ...acting },
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['exercises'] }),
  });
}

/** Like or dislike (spec §4); the answer carries the counts after the vote. */
export function useVote() {
  const acting = useActingFor('exercises.vote');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exerciseId, vote }: { exerciseId: number; vote: Vote }) =>
      request<VoteResult>(`${API.exercises}/${exerciseId}/${vote}`, {
        method: 'POST',
        query: { ...acting },
        silent: true,
      }),
    onSuccess: (result, { exerciseId }) => {
      // The counts come back with the vote: patch the cached pages instead of reloading them.
      queryClient.setQueriesData<ExercisePage>({ queryKey: ['exercises'] }, (page) =>
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
