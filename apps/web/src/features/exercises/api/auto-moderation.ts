import { API, type AutoModerationSettings, type AutoModerationSettingsInput } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { exerciseKeys } from './keys.ts';

/** The project's auto-moderation settings (issue 6). */
export function useAutoModeration() {
  const acting = useActingFor('exercises.autoModeration');
  return useQuery({
    queryKey: exerciseKeys.autoModeration(acting),
    queryFn: () => callApi<AutoModerationSettings>(API.exercisesAutoModeration, { query: { ...acting } }),
    enabled: acting !== null,
    meta: { silent: true },
  });
}

/** Save the settings; the page shows a failure, so the call is quiet. */
export function useSaveAutoModeration() {
  const acting = useActingFor('exercises.autoModeration');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoModerationSettingsInput) =>
      callApi<AutoModerationSettings>(API.exercisesAutoModeration, {
        method: 'PUT',
        query: { ...acting },
        body,
      }),
    onSuccess: (saved) => queryClient.setQueryData(exerciseKeys.autoModeration(acting), saved),
    meta: { silent: true },
  });
}
