import { API, ROLE, type WorkspaceInput, type WorkspaceListItem } from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { projectKeys } from './keys.ts';

export type ProjectsTab = 'active' | 'archived';

/** Every project, active or archived, for root (spec §6; /workspaces, /workspaces/archived). */
export function useProjects(tab: ProjectsTab, term: string, page: number, perPage: number) {
  return useQuery({
    queryKey: projectKeys.list(tab, term, page),
    queryFn: () =>
      callApiPage<WorkspaceListItem>(tab === 'active' ? API.workspaces : API.archivedWorkspaces, {
        query: { term: term || undefined, page, per_page: perPage },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Creates a project, or saves the one with an id. */
export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: WorkspaceInput }) =>
      callApi<WorkspaceListItem>(id === null ? API.workspaces : `${API.workspaces}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    meta: { silent: true },
  });
}

/** Archives or restores a project (root acts as root in every project). */
export function useArchiveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      callApi<WorkspaceListItem>(`${API.workspaces}/${id}/${archive ? 'archive' : 'restore'}`, {
        method: 'POST',
        query: archive ? { role_id: ROLE.root } : undefined,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
