import {
  API,
  inWorkspace,
  type Category,
  type Exercise,
  type ExerciseInput,
  type ExerciseStatusName,
  type ExerciseUpdate,
  EXERCISE_STATUS,
  type Tag,
} from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { categoryKeys, tagKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';
import { exerciseKeys } from './keys.ts';

/** One exercise with its status history (spec §7 GET /exercises/:id with activities). */
export function useExercise(exerciseId: number | null) {
  const acting = useActingFor('exercises.read');
  return useQuery({
    queryKey: exerciseKeys.detailAs(exerciseId, acting),
    queryFn: () =>
      callApi<Exercise>(`${API.exercises}/${exerciseId}`, {
        query: { ...acting, with_activities: true },
      }),
    enabled: acting !== null && exerciseId !== null,
    meta: { silent: true },
  });
}

/** A category an exercise may go into: not a folder, named with its path ("Sounds / Whistling / [S]"). */
export interface CategoryOption {
  value: string;
  label: string;
}

function categoryOptions(tree: Category[], path: string[] = []): CategoryOption[] {
  return tree.flatMap((category) => {
    const here = [...path, category.name];
    const own = category.is_folder ? [] : [{ value: String(category.id), label: here.join(' / ') }];
    return [...own, ...categoryOptions(category.children, here)];
  });
}

/** The project's categories and tags to file an exercise under (spec §5: category and tags required). */
export function useFilingOptions() {
  const acting = useActingFor('exercises.read');
  const workspaceId = acting?.workspace_id ?? 0;
  const categories = useQuery({
    queryKey: categoryKeys.options(workspaceId),
    queryFn: async () =>
      categoryOptions(
        await callApi<Category[]>(inWorkspace(workspaceId, API.categories), {
          query: { role_id: acting?.role_id },
        }),
      ),
    enabled: acting !== null,
    meta: { silent: true },
  });
  const tags = useQuery({
    queryKey: tagKeys.options(workspaceId),
    queryFn: async () =>
      (
        await callApi<Tag[]>(inWorkspace(workspaceId, API.tags), {
          query: { role_id: acting?.role_id },
        })
      ).map((tag) => ({ value: String(tag.id), label: tag.name })),
    enabled: acting !== null,
    meta: { silent: true },
  });
  return { categories, tags };
}

/** Create a draft (author) or save changes; the form shows the errors, so the calls are quiet. */
export function useSaveExercise() {
  const acting = useActingFor('exercises.read');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ExerciseInput | ExerciseUpdate }) =>
      callApi<Exercise>(id === null ? API.exercises : `${API.exercises}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        query: { ...acting },
        body,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(exerciseKeys.detailAs(saved.id, acting), saved);
      return queryClient.invalidateQueries({ queryKey: exerciseKeys.lists() });
    },
    meta: { silent: true },
  });
}

/** Move an exercise along the status machine (spec §4); a decline carries a comment. */
export function useChangeStatus() {
  const acting = useActingFor('exercises.read');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, comment }: { id: number; status: ExerciseStatusName; comment?: string }) =>
      callApi<Exercise>(`${API.exercises}/${id}/status`, {
        method: 'POST',
        query: { ...acting },
        body: { status_id: EXERCISE_STATUS[status], comment },
      }),
    onSuccess: (_exercise, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: exerciseKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: exerciseKeys.lists() }),
      ]),
    meta: { silent: true },
  });
}
