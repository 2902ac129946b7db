import { API, inWorkspace } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { categoryKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/**
 * Deletes a category. The server refuses (409) while subcategories or exercises use it; the call
 * is quiet so that the confirmation shows that message where the moderator is looking.
 */
export function useDeleteCategory() {
  const acting = useActingFor('categories.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => {
      if (!acting) throw new Error('No project to change categories in');
      return callApi<null>(`${inWorkspace(acting.workspace_id, API.categories)}/${id}`, {
        method: 'DELETE',
        query: { role_id: acting.role_id },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all(acting?.workspace_id ?? 0) }),
    meta: { silent: true },
  });
}
