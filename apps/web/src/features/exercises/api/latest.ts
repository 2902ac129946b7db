import { API, type Exercise } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client.ts';
import { useActingFor } from '../../../app/session.tsx';

const LATEST_KEY = 'exercise-latest';

/**
 * The exercise the author worked on last (spec §7 `GET /exercises/latest`): the one marked last,
 * else the latest changed one they read; null when there is none.
 */
export function useLatestExercise(enabled: boolean) {
  const acting = useActingFor('exercises.author');
  return useQuery({
    queryKey: [LATEST_KEY, acting],
    queryFn: async ({ signal }) =>
      (await request<Exercise | null>(API.exercisesLatest, { query: { ...acting }, signal, silent: true })) ??
      null,
    enabled: enabled && acting !== null,
  });
}

/** Marks the exercise the author has just opened as the one to continue; quiet, it is a side note. */
export function useMarkLatest() {
  const acting = useActingFor('exercises.author');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exerciseId: number) =>
      request<Exercise>(API.exercisesLatest, {
        method: 'POST',
        query: { ...acting },
        body: { exercise_id: exerciseId },
        silent: true,
      }),
    onSuccess: (exercise) => queryClient.setQueryData([LATEST_KEY, acting], exercise),
  });
}
