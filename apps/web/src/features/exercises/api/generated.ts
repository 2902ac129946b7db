import {
  API,
  type CheckGenerateInput,
  type CheckGenerateResult,
  type ExerciseGenerated,
  type GeneratedToggleInput,
  type Theme,
} from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { themeKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';
import { exerciseKeys } from './keys.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** The themed versions of one exercise (moderators: `exercises.generate`), unless not `enabled`. */
export function useGenerated(exerciseId: number, enabled = true) {
  const acting = useActingFor('exercises.generate');
  return useQuery({
    queryKey: exerciseKeys.generatedAs(exerciseId, acting),
    queryFn: ({ signal }) =>
      callApi<ExerciseGenerated[]>(`${API.exercises}/${exerciseId}/generated`, {
        query: { ...acting },
        signal,
      }),
    enabled: enabled && acting !== null,
    meta: { silent: true },
  });
}

/**
 * The themes an exercise can be themed for: those the project sees. Read here through the API
 * client rather than from the themes feature (a feature never imports another).
 */
export function useGenerationThemes(enabled: boolean) {
  const acting = useActingFor('themes.read');
  return useQuery({
    queryKey: themeKeys.seen(acting),
    queryFn: ({ signal }) => callApi<Theme[]>(API.themes, { query: { ...acting }, signal }),
    enabled: enabled && acting !== null,
    meta: { silent: true },
  });
}

/**
 * Checks whether the exercise can be themed for a theme (`dry_run`: only the plan), or makes the
 * themed version. The panel shows the problems, so the call is quiet.
 */
export function useCheckGenerate(exerciseId: number) {
  const acting = useActingFor('exercises.generate');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CheckGenerateInput, 'workspace_id'>) =>
      callApi<CheckGenerateResult>(`${API.exercises}/${exerciseId}/check-generate`, {
        method: 'POST',
        query: { ...acting },
        body,
      }),
    onSuccess: (result) =>
      result.generated
        ? queryClient.invalidateQueries({ queryKey: exerciseKeys.generatedOf(exerciseId) })
        : undefined,
    meta: { silent: true },
  });
}

/** Makes themed versions read-only (kept as they are by later generations) or writable again. */
export function useToggleGenerated() {
  const acting = useActingFor('exercises.generate');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GeneratedToggleInput) =>
      callApi<unknown>(API.exercisesGeneratedToggle, {
        method: 'POST',
        query: { ...acting },
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exerciseKeys.generated() }),
    meta: { silent: true },
  });
}

/** Deletes a themed version; the confirm modal tells a refusal. */
export function useDeleteGenerated() {
  const acting = useActingFor('exercises.generate');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (generatedId: number) =>
      callApi<unknown>(`${API.exercisesGenerated}/${generatedId}`, {
        method: 'DELETE',
        query: { ...acting },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exerciseKeys.generated() }),
    meta: { silent: true },
  });
}

/** Downloads a themed version's .pptx under its own name (the file needs the token: fetched, then saved). */
export function useDownloadGenerated() {
  const acting = useActingFor('exercises.generate');
  return useMutation({
    mutationFn: async (generated: ExerciseGenerated) => {
      const blob = await callApi<Blob>(`${API.exercisesGenerated}/${generated.id}/file`, {
        query: { ...acting },
        responseType: 'blob',
      });
      saveBlob(blob, generated.file.name);
    },
  });
}
