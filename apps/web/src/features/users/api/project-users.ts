import {
  API,
  type LoginResult,
  type ProjectUser,
  type RoleName,
  type UsersExportQuery,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage, request } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { userKeys } from '../../../api/keys.ts';

export type UsersFilter = Pick<UsersExportQuery, 'sort' | 'order'> & {
  term: string;
  status: 'active' | 'deactivated' | undefined;
  page: number;
  per_page: number;
};

/** The chosen project's users (spec §2 /users). */
export function useProjectUsers(filter: UsersFilter) {
  const acting = useActingFor('users.list');
  return useQuery({
    queryKey: userKeys.memberList(acting, filter),
    queryFn: () =>
      callApiPage<ProjectUser>(API.users, {
        query: { ...acting, ...filter, term: filter.term || undefined },
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** The same list as a CSV file, downloaded by the browser (spec §3 CSV export). */
export function useExportUsers() {
  const acting = useActingFor('users.list');
  return async (filter: UsersFilter) => {
    const { page: _page, per_page: _perPage, ...rest } = filter;
    const blob = await request<Blob>(API.usersExport, {
      query: { ...acting, ...rest, term: rest.term || undefined },
      responseType: 'blob',
    });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'users.csv';
    link.click();
    URL.revokeObjectURL(url);
  };
}

/** Change a member's roles or activity in the project, as the administrator (spec §6). */
export function useUpdateProjectUser() {
  const acting = useActingFor('users.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_id: number; roles?: RoleName[]; is_active?: boolean }) =>
      callApi<ProjectUser>(API.user, { method: 'PUT', query: { ...acting }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.members() }),
    meta: { silent: true },
  });
}

/** Root signs in as another user (spec §4, §6). */
export function loginAsUser(userId: number): Promise<LoginResult> {
  return request<LoginResult>(API.loginAsUser, { method: 'POST', body: { user_id: userId } });
}
