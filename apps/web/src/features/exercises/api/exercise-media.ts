import {
  API,
  type ExerciseMedia,
  type ExerciseMediaKind,
  type ExerciseMediaUpdate,
} from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { exerciseKeys } from './keys.ts';

/** Where each kind of a deck's media is listed (spec §7 `/exercises/:id/images`, `/audios`). */
const MEDIA_PATHS: Record<ExerciseMediaKind, string> = { image: 'images', audio: 'audios' };

/** The pictures or the sounds of an exercise's deck, with the slides they are on and their marks. */
export function useExerciseMedia(exerciseId: number, kind: ExerciseMediaKind, enabled: boolean) {
  const acting = useActingFor('exercises.read');
  return useQuery({
    queryKey: exerciseKeys.mediaAs(exerciseId, kind, acting),
    queryFn: ({ signal }) =>
      callApi<ExerciseMedia[]>(`${API.exercises}/${exerciseId}/${MEDIA_PATHS[kind]}`, {
        query: { ...acting },
        signal,
      }),
    enabled: enabled && acting !== null,
    meta: { silent: true },
  });
}

/** Marks what a themed version puts in place of a picture or a sound (null keeps it); the panel tells errors. */
export function useMarkMedia(exerciseId: number) {
  const acting = useActingFor('exercises.read');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, body }: { fileId: number; body: ExerciseMediaUpdate }) =>
      callApi<ExerciseMedia>(`${API.exercises}/${exerciseId}/media/${fileId}`, {
        method: 'PUT',
        query: { ...acting },
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exerciseKeys.media(exerciseId) }),
    meta: { silent: true },
  });
}
