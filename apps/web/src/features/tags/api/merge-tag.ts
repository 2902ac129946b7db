import { API, inWorkspace, type Tag } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { tagKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/**
 * Merges tag `id` into tag `intoId`: the second takes over the first's uses and the first is gone.
 * Answers the tag merged into. Quiet: the merge dialog shows a refusal itself.
 */
export function useMergeTag() {
  const acting = useActingFor('tags.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, intoId }: { id: number; intoId: number }) => {
      if (!acting) throw new Error('No project to change tags in');
      return callApi<Tag>(`${inWorkspace(acting.workspace_id, API.tags)}/${id}/merge`, {
        method: 'POST',
        query: { role_id: acting.role_id },
        body: { into_id: intoId },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(acting?.workspace_id ?? 0) }),
    meta: { silent: true },
  });
}
