import { API, type Theme, type ThemeInput } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client.ts';
import { useActingFor } from '../../../app/session.tsx';
import { THEMES_KEY } from './get-themes.ts';

/**
 * Creates a theme of the project (`id` null: POST) or changes one (PUT, the whole theme). Quiet: the
 * form shows the server's field errors (409 `theme_exists`, the age order, the genders) in place.
 */
export function useSaveTheme() {
  const acting = useActingFor('themes.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ThemeInput }) => {
      if (!acting) throw new Error('No project to change themes in');
      return request<Theme>(id === null ? API.themes : `${API.themes}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        query: { ...acting },
        body: input,
        silent: true,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [THEMES_KEY] }),
  });
}
