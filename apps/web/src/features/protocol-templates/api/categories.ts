import { API, inWorkspace, type Category } from '@logoschool/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { categoryKeys } from '../../../api/keys.ts';
import { useActingAs } from '../../../session/session.tsx';

/**
 * The project's category tree (spec §7 GET workspaces/{id}/categories), which a template's blocks
 * and folders are picked from: the same query, under the same key, as the categories feature's
 * tree. Quiet: a failed category call shows no notification (spec §8); the form says so in place.
 */
export function useCategoryTree() {
  const acting = useActingAs();
  const workspaceId = acting?.workspace_id ?? 0;
  return useQuery({
    queryKey: categoryKeys.tree(workspaceId),
    queryFn: ({ signal }) =>
      callApi<Category[]>(inWorkspace(workspaceId, API.categories), {
        query: { role_id: acting?.role_id },
        signal,
      }),
    enabled: acting !== null,
    meta: { silent: true },
  });
}
