import { API, inWorkspace, type Category, type CategoryUpdate } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { categoryKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/** What the category form sends: the same fields for a new category and a changed one. */
export type CategoryFields = Pick<CategoryUpdate, 'name' | 'description' | 'parent' | 'is_folder'>;

/**
 * Creates a category (`id` null: POST, last under its parent) or changes one (PUT; a new parent
 * puts it last there). Quiet: the form shows the server's field errors and message itself.
 */
export function useSaveCategory() {
  const acting = useActingFor('categories.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: number | null; fields: CategoryFields }) => {
      if (!acting) throw new Error('No project to change categories in');
      const collection = inWorkspace(acting.workspace_id, API.categories);
      return callApi<Category>(id === null ? collection : `${collection}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        query: { role_id: acting.role_id },
        body: id === null ? { workspace_id: acting.workspace_id, ...fields } : fields,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all(acting?.workspace_id ?? 0) }),
    meta: { silent: true },
  });
}
