import {
  API,
  type ExerciseBulkDeleteInput,
  type ExerciseBulkResult,
  type ExerciseBulkToggleInput,
} from '@logoschool/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { exerciseKeys } from './keys.ts';

/**
 * After a bulk call, done or refused: the lists and their counters, the filter's authors and the
 * exercises themselves are read again (a refusal may mean that one of them is gone).
 */
const refreshAfterBulk = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === exerciseKeys.all[0] &&
      ['list', 'authors', 'detail', 'latest'].includes(String(query.queryKey[1])),
  });

/**
 * `POST /exercises/bulk/toggle`: sets one moderator flag on the exercises named, all or none (spec
 * §4 bulk toggles). Quiet: the list says what was done or refused.
 */
export function useBulkToggle() {
  const acting = useActingFor('exercises.moderate');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExerciseBulkToggleInput) =>
      callApi<ExerciseBulkResult>(API.exercisesBulkToggle, { method: 'POST', query: { ...acting }, body }),
    onSettled: () => refreshAfterBulk(queryClient),
    meta: { silent: true },
  });
}

/** `POST /exercises/bulk/delete`: deletes the exercises named, all or none. Quiet, as `useBulkToggle`. */
export function useBulkDelete() {
  const acting = useActingFor('exercises.moderate');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExerciseBulkDeleteInput) =>
      callApi<ExerciseBulkResult>(API.exercisesBulkDelete, { method: 'POST', query: { ...acting }, body }),
    onSettled: () => refreshAfterBulk(queryClient),
    meta: { silent: true },
  });
}

/**
 * `DELETE /exercises/:id`: one exercise, from a list's row (a moderator any; an author a draft of
 * theirs). Quiet: the dialog that asked says why it was refused.
 */
export function useDeleteExercise() {
  const acting = useActingFor('exercises.read');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exerciseId: number) =>
      callApi<null>(`${API.exercises}/${exerciseId}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: (_result, exerciseId) =>
      queryClient.removeQueries({ queryKey: exerciseKeys.detail(exerciseId) }),
    onSettled: () => refreshAfterBulk(queryClient),
    meta: { silent: true },
  });
}
