import { API, type Theme } from '@logoschool/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { themeKeys } from '../../../api/keys.ts';
import { useActingFor } from '../../../session/session.tsx';

const flipped = (themes: Theme[] | undefined, id: number) =>
  themes?.map((theme) => (theme.id === id ? { ...theme, ready: !theme.ready } : theme));

/**
 * Flips a theme's "ready" (spec §4 toggle-ready). Every cached list shows the change at once and
 * goes back when the server refuses; the caller tells the user. The lists and figures are fetched
 * again either way.
 */
export function useToggleReady() {
  const acting = useActingFor('themes.manage');
  const queryClient = useQueryClient();
  const lists = { queryKey: themeKeys.lists() };
  return useMutation({
    mutationFn: (theme: Theme) => {
      if (!acting) throw new Error('No project to change themes in');
      return callApi<Theme>(API.themesToggleReady, {
        method: 'POST',
        query: { ...acting },
        body: { theme_id: theme.id },
      });
    },
    onMutate: async (theme) => {
      // A read answering after the optimistic change would put the old value back.
      await queryClient.cancelQueries(lists);
      const previous = queryClient.getQueriesData<Theme[]>(lists);
      queryClient.setQueriesData<Theme[]>(lists, (themes) => flipped(themes, theme.id));
      return { previous };
    },
    onError: (_error, _theme, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: themeKeys.all }),
    meta: { silent: true },
  });
}
