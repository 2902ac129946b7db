import { API } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client.ts';
import { useActingFor } from '../../../app/session.tsx';
import { THEMES_KEY } from './get-themes.ts';

/** Deletes a theme; the server refuses (409 `theme_in_use`) while it is used. Quiet: the dialog says why. */
export function useDeleteTheme() {
  const acting = useActingFor('themes.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => {
      if (!acting) throw new Error('No project to change themes in');
      return request<null>(`${API.themes}/${id}`, { method: 'DELETE', query: { ...acting }, silent: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [THEMES_KEY] }),
  });
}
