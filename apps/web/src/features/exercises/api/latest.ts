import { API, type Exercise } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { exerciseKeys } from './keys.ts';

/**
 * The exercise the author worked on last (spec §7 `GET /exercises/latest`): the one marked last,
 * else the latest changed one they read; null when there is none.
 */
export function useLatestExercise(enabled: boolean) {
  const acting = useActingFor('exercises.author');
  return useQuery({
    queryKey: exerciseKeys.latest(acting),
    queryFn: async ({ signal }) =>
      (await callApi<Exercise | null>(API.exercisesLatest, { query: { ...acting }, signal })) ?? null,
    enabled: enabled && acting !== null,
    meta: { silent: true },
  });
}

/** Marks the exercise the author has just opened as the one to continue; quiet, it is a side note. */
export function useMarkLatest() {
  const acting = useActingFor('exercises.author');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exerciseId: number) =>
      callApi<Exercise>(API.exercisesLatest, {
        method: 'POST',
        query: { ...acting },
        body: { exercise_id: exerciseId },
      }),
    onSuccess: (exercise) => queryClient.setQueryData(exerciseKeys.latest(acting), exercise),
    meta: { silent: true },
  });
}
