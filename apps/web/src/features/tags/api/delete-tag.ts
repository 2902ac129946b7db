import { API, inWorkspace } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { tagKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/** Deletes a tag, and takes it off everything it was on. Quiet: the confirmation shows a refusal. */
export function useDeleteTag() {
  const acting = useActingFor('tags.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => {
      if (!acting) throw new Error('No project to change tags in');
      return callApi<null>(`${inWorkspace(acting.workspace_id, API.tags)}/${id}`, {
        method: 'DELETE',
        query: { role_id: acting.role_id },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(acting?.workspace_id ?? 0) }),
    meta: { silent: true },
  });
}
