import { API, ROLE, type Workspace, type WorkspaceInput, type WorkspaceListItem } from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { workspaceKeys } from './keys.ts';

export type WorkspacesTab = 'active' | 'archived';

/** Every project, active or archived, for root (spec §6; /workspaces, /workspaces/archived). */
export function useWorkspaces(tab: WorkspacesTab, term: string, page: number, perPage: number) {
  return useQuery({
    queryKey: workspaceKeys.list(tab, term, page),
    queryFn: () =>
      callApiPage<WorkspaceListItem>(tab === 'active' ? API.workspaces : API.archivedWorkspaces, {
        query: { term: term || undefined, page, per_page: perPage },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One project's details, as root (root holds root in every project, spec §6); none for no id. */
export function useWorkspace(id: number | null) {
  return useQuery({
    queryKey: workspaceKeys.one(id),
    queryFn: () => callApi<Workspace>(`${API.workspaces}/${id}`, { query: { role_id: ROLE.root } }),
    enabled: id !== null,
  });
}

/** Creates a project, or saves the one with an id. */
export function useSaveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: WorkspaceInput }) =>
      callApi<WorkspaceListItem>(id === null ? API.workspaces : `${API.workspaces}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
    meta: { silent: true },
  });
}

/** Archives or restores a project (root acts as root in every project); the screen tells a refusal. */
export function useArchiveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      callApi<WorkspaceListItem>(`${API.workspaces}/${id}/${archive ? 'archive' : 'restore'}`, {
        method: 'POST',
        query: archive ? { role_id: ROLE.root } : undefined,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
    meta: { silent: true },
  });
}
