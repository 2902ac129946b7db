import { API, inWorkspace, type Tag } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { tagKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/**
 * Adds a tag (`id` null: POST) or renames one (PUT). Quiet: the form shows the server's answer
 * (409 `tag_exists` naming the tag, length rules) under the name it was given.
 */
export function useSaveTag() {
  const acting = useActingFor('tags.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) => {
      if (!acting) throw new Error('No project to change tags in');
      const collection = inWorkspace(acting.workspace_id, API.tags);
      return callApi<Tag>(id === null ? collection : `${collection}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        query: { role_id: acting.role_id },
        body: { name },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(acting?.workspace_id ?? 0) }),
    meta: { silent: true },
  });
}
