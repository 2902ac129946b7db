import { API } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { themeKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

/** Deletes a theme; the server refuses (409 `theme_in_use`) while it is used. Quiet: the dialog says why. */
export function useDeleteTheme() {
  const acting = useActingFor('themes.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => {
      if (!acting) throw new Error('No project to change themes in');
      return callApi<null>(`${API.themes}/${id}`, { method: 'DELETE', query: { ...acting } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: themeKeys.all }),
    meta: { silent: true },
  });
}
