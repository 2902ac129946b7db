import {
  API,
  inWorkspace,
  type Category,
  type CategoryBulkResult,
  type CategoryPlace,
} from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { categoryKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';
import { movedTree, withPlaces } from '../tree-moves.ts';

/**
 * Moves and reorders categories with one bulk call (spec §7 categories bulk). The tree changes at
 * once (optimistic), takes the server's places when it answers, and goes back as it was when the
 * server refuses; the caller tells the user. Quiet, like every category call (spec §8).
 */
export function useMoveCategories() {
  const acting = useActingFor('categories.manage');
  const queryClient = useQueryClient();
  const key = categoryKeys.tree(acting?.workspace_id ?? 0);
  return useMutation({
    mutationFn: (items: CategoryPlace[]) => {
      if (!acting) throw new Error('No project to change categories in');
      return callApi<CategoryBulkResult>(inWorkspace(acting.workspace_id, API.categories), {
        method: 'PUT',
        query: { role_id: acting.role_id },
        body: { workspace_id: acting.workspace_id, items },
      });
    },
    onMutate: async (items) => {
      // A read answering after the optimistic change would put the old tree back.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Category[]>(key);
      const next = previous && movedTree(previous, items);
      if (next) queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _items, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    meta: { silent: true },
    onSuccess: (result) => {
      queryClient.setQueryData<Category[]>(key, (tree) => tree && withPlaces(tree, result.categories));
      // The exercise form's options are named by their path, which a move changes.
      return queryClient.invalidateQueries({ queryKey: categoryKeys.options(acting?.workspace_id ?? 0) });
    },
  });
}
