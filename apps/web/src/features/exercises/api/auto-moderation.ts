import { API, type AutoModerationSettings, type AutoModerationSettingsInput } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client.ts';
import { useActingFor } from '../../../app/session.tsx';

const key = (acting: ReturnType<typeof useActingFor>) => ['auto-moderation', acting];

/** The project's auto-moderation settings (issue 6). */
export function useAutoModeration() {
  const acting = useActingFor('exercises.autoModeration');
  return useQuery({
    queryKey: key(acting),
    queryFn: () =>
      request<AutoModerationSettings>(API.exercisesAutoModeration, { query: { ...acting }, silent: true }),
    enabled: acting !== null,
  });
}

/** Save the settings; the page shows a failure, so the call is quiet. */
export function useSaveAutoModeration() {
  const acting = useActingFor('exercises.autoModeration');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoModerationSettingsInput) =>
      request<AutoModerationSettings>(API.exercisesAutoModeration, {
        method: 'PUT',
        query: { ...acting },
        body,
        silent: true,
      }),
    onSuccess: (saved) => queryClient.setQueryData(key(acting), saved),
  });
}
