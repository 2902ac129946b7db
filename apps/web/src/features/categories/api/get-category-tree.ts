import { API, inWorkspace, type Action, type Category } from '@logoschool/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { categoryKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/**
 * A project's category tree (spec §7 GET workspaces/{id}/categories). Quiet: a failed category
 * call shows no notification (spec §8); the screen says so in place instead.
 */
export const categoryTreeQuery = (acting: { workspace_id: number; role_id: number }) =>
  queryOptions({
    queryKey: categoryKeys.tree(acting.workspace_id),
    queryFn: ({ signal }) =>
      callApi<Category[]>(inWorkspace(acting.workspace_id, API.categories), {
        query: { role_id: acting.role_id },
        signal,
      }),
    meta: { silent: true },
  });

/** The chosen project's tree, read as the held role that `action` allows. */
export function useCategoryTree(action: Action) {
  const acting = useActingFor(action);
  return useQuery({
    ...categoryTreeQuery(acting ?? { workspace_id: 0, role_id: 0 }),
    enabled: acting !== null,
  });
}
