import { API, inWorkspace, type Category } from '@logoschool/contract';
import { useQuery } from '@tanstack/react-query';
import { useActingAs } from '../session/session.tsx';
import { callApi } from './client.ts';
import { categoryKeys } from './keys.ts';

/** Every category of the tree that is not a folder, as a choice named by its path ("Sounds / [R]"). */
export function categoryChoices(tree: Category[]): { value: string; label: string }[] {
  const choices: { value: string; label: string }[] = [];
  const walk = (nodes: Category[], path: string[]) => {
    for (const node of nodes) {
      const named = [...path, node.name];
      if (!node.is_folder) choices.push({ value: String(node.id), label: named.join(' / ') });
      walk(node.children, named);
    }
  };
  walk(tree, []);
  return choices;
}

/** The project's categories a document may train (a story, a game), each named with its folders. */
export function useCategoryChoices() {
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
    select: categoryChoices,
    meta: { silent: true },
  });
}
