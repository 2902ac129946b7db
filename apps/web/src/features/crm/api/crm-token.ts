import { API, inWorkspace, type CrmAccess, type CrmTokenIssued } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { crmKeys } from './keys.ts';

/** Whose CRM token: the project, and the role the caller acts as there (root or admin). */
export interface CrmProject {
  workspaceId: number;
  roleId: number;
}

const tokenPath = (project: CrmProject) => inWorkspace(project.workspaceId, API.crmToken);

/** The project's active CRM token (never the token itself), while `enabled`. */
export function useCrmAccess(project: CrmProject, enabled: boolean) {
  return useQuery({
    queryKey: crmKeys.token(project.workspaceId),
    queryFn: () => callApi<CrmAccess>(tokenPath(project), { query: { role_id: project.roleId } }),
    enabled,
  });
}

/** Makes a new token (revoking the active one); the answer holds the whole token, this once. */
export function useIssueCrmToken(project: CrmProject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi<CrmTokenIssued>(tokenPath(project), { method: 'POST', query: { role_id: project.roleId } }),
    onSuccess: (issued) =>
      queryClient.setQueryData<CrmAccess>(crmKeys.token(project.workspaceId), { token: issued.token }),
    meta: { silent: true },
  });
}

/** Revokes the project's token. */
export function useRevokeCrmToken(project: CrmProject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi<CrmAccess>(tokenPath(project), { method: 'DELETE', query: { role_id: project.roleId } }),
    onSuccess: (access) => queryClient.setQueryData<CrmAccess>(crmKeys.token(project.workspaceId), access),
    meta: { silent: true },
  });
}
