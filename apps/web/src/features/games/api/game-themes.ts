import { API, type GameTheme, type GameThemeInput } from '@logoschool/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { gameKeys } from './keys.ts';

/** The project's game themes; `term`: those whose title holds it (any case). */
export function useGameThemes(term = '') {
  const acting = useActingFor('games.manage');
  const part = term.toLocaleLowerCase();
  return useQuery({
    queryKey: gameKeys.themes(acting),
    queryFn: ({ signal }) => callApi<GameTheme[]>(API.gameThemes, { query: { ...acting }, signal }),
    enabled: acting !== null,
    select: (themes) =>
      part === '' ? themes : themes.filter((theme) => theme.title.toLocaleLowerCase().includes(part)),
  });
}

/** Creates a theme (`themeId` null) or changes one; the games' lists show its title. */
export function useSaveGameTheme(themeId: number | null) {
  const acting = useActingFor('games.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GameThemeInput) =>
      callApi<GameTheme>(themeId === null ? API.gameThemes : `${API.gameThemes}/${themeId}`, {
        method: themeId === null ? 'POST' : 'PUT',
        query: { ...acting },
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameKeys.all }),
    meta: { silent: true },
  });
}

/** Deletes a theme (409 while a game uses it). */
export function useDeleteGameTheme() {
  const acting = useActingFor('games.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (themeId: number) =>
      callApi<null>(`${API.gameThemes}/${themeId}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameKeys.themes(acting) }),
    meta: { silent: true },
  });
}
