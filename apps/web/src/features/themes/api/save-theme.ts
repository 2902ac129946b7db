import { API, type Theme, type ThemeInput } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { themeKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

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
      return callApi<Theme>(id === null ? API.themes : `${API.themes}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        query: { ...acting },
        body: input,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: themeKeys.all }),
    meta: { silent: true },
  });
}
