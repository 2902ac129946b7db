import {
  API,
  type CheckGenerateInput,
  type CheckGenerateResult,
  type ExerciseGenerated,
  type GeneratedToggleInput,
  type Theme,
} from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client.ts';
import { useActingFor } from '../../../app/session.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';

/** Every list of themed versions starts with this key; a change to one refreshes them. */
const GENERATED_KEY = 'exercise-generated';

/** The themed versions of one exercise (moderators: `exercises.generate`). */
export function useGenerated(exerciseId: number) {
  const acting = useActingFor('exercises.generate');
  return useQuery({
    queryKey: [GENERATED_KEY, exerciseId, acting],
    queryFn: ({ signal }) =>
      request<ExerciseGenerated[]>(`${API.exercises}/${exerciseId}/generated`, {
        query: { ...acting },
        signal,
        silent: true,
      }),
    enabled: acting !== null,
  });
}

/**
 * The themes an exercise can be themed for: those the project sees. Read here through the API
 * client rather than from the themes feature (a feature never imports another).
 */
export function useGenerationThemes(enabled: boolean) {
  const acting = useActingFor('themes.read');
  return useQuery({
    queryKey: ['generation-themes', acting],
    queryFn: ({ signal }) => request<Theme[]>(API.themes, { query: { ...acting }, signal, silent: true }),
    enabled: enabled && acting !== null,
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
      request<CheckGenerateResult>(`${API.exercises}/${exerciseId}/check-generate`, {
        method: 'POST',
        query: { ...acting },
        body,
        silent: true,
      }),
    onSuccess: (result) =>
      result.generated ? queryClient.invalidateQueries({ queryKey: [GENERATED_KEY, exerciseId] }) : undefined,
  });
}

/** Makes themed versions read-only (kept as they are by later generations) or writable again. */
export function useToggleGenerated() {
  const acting = useActingFor('exercises.generate');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GeneratedToggleInput) =>
      request<unknown>(API.exercisesGeneratedToggle, {
        method: 'POST',
        query: { ...acting },
        body,
        silent: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [GENERATED_KEY] }),
  });
}

/** Deletes a themed version; the confirm modal tells a refusal. */
export function useDeleteGenerated() {
  const acting = useActingFor('exercises.generate');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (generatedId: number) =>
      request<unknown>(`${API.exercisesGenerated}/${generatedId}`, {
        method: 'DELETE',
        query: { ...acting },
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [GENERATED_KEY] }),
  });
}

/** Downloads a themed version's .pptx under its own name (the file needs the token: fetched, then saved). */
export function useDownloadGenerated() {
  const acting = useActingFor('exercises.generate');
  return useMutation({
    mutationFn: async (generated: ExerciseGenerated) => {
      const blob = await request<Blob>(`${API.exercisesGenerated}/${generated.id}/file`, {
        query: { ...acting },
        responseType: 'blob',
      });
      saveBlob(blob, generated.file.name);
    },
  });
}
