import {
  API,
  type Game,
  type GameFile,
  type GameInput,
  type GameListItem,
  type GamesPage,
  type GameStatus,
  type Language,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../api/client.ts';
import { useActingFor } from '../../../session/session.tsx';
import { gameKeys } from './keys.ts';

export interface GamesFilter {
  /** null: every status, language or category. */
  status: GameStatus | null;
  language: Language | null;
  category_id: number | null;
  term: string;
  page: number;
  per_page: number;
}

/** A page of the project's games, with how many of each status (the tabs). */
export function useGames(filter: GamesFilter) {
  const acting = useActingFor('games.manage');
  return useQuery({
    queryKey: gameKeys.list(acting, filter),
    queryFn: ({ signal }) =>
      callApiPage<GameListItem, GamesPage>(API.games, {
        query: {
          ...acting,
          page: filter.page,
          per_page: filter.per_page,
          status: filter.status ?? undefined,
          language: filter.language ?? undefined,
          category_id: filter.category_id ?? undefined,
          term: filter.term || undefined,
        },
        signal,
      }),
    enabled: acting !== null,
    placeholderData: keepPreviousData,
  });
}

/** One game's working copy. */
export function useGame(gameId: number | null) {
  const acting = useActingFor('games.manage');
  return useQuery({
    queryKey: gameKeys.detail(acting, gameId),
    queryFn: ({ signal }) => callApi<Game>(`${API.games}/${gameId}`, { query: { ...acting }, signal }),
    enabled: acting !== null && gameId !== null,
    retry: false,
    meta: { silent: true },
  });
}

/** Keeps a game the API answered with, and has the lists fetched again. */
function useGameAnswered() {
  const acting = useActingFor('games.manage');
  const queryClient = useQueryClient();
  return (game: Game) => {
    queryClient.setQueryData(gameKeys.detail(acting, game.id), game);
    return queryClient.invalidateQueries({ queryKey: gameKeys.lists() });
  };
}

/** Creates the game (no id yet) or replaces its working copy. */
export function useSaveGame(gameId: number | null) {
  const acting = useActingFor('games.manage');
  const answered = useGameAnswered();
  return useMutation({
    mutationFn: (body: GameInput) =>
      callApi<Game>(gameId === null ? API.games : `${API.games}/${gameId}`, {
        method: gameId === null ? 'POST' : 'PUT',
        query: { ...acting },
        body,
      }),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/** Publishes the working copy as the next version (422 with the gaps that keep it from it). */
export function usePublishGame() {
  const acting = useActingFor('games.manage');
  const answered = useGameAnswered();
  return useMutation({
    mutationFn: (gameId: number) =>
      callApi<Game>(`${API.games}/${gameId}/publish`, { method: 'POST', query: { ...acting } }),
    onSuccess: answered,
    meta: { silent: true },
  });
}

/** Deletes a game (refused with 409 while students have it). */
export function useDeleteGame() {
  const acting = useActingFor('games.manage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameId: number) =>
      callApi<null>(`${API.games}/${gameId}`, { method: 'DELETE', query: { ...acting } }),
    onSuccess: (_answer, gameId) => {
      void queryClient.invalidateQueries({ queryKey: gameKeys.detail(acting, gameId), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: gameKeys.lists() });
    },
    meta: { silent: true },
  });
}

/** Uploads a picture or a sound for an item (the server judges it by its bytes). */
export function useUploadGameFile() {
  const acting = useActingFor('games.manage');
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return callApi<GameFile>(`${API.games}/files`, { method: 'POST', query: { ...acting }, body: form });
    },
    meta: { silent: true },
  });
}

/** Copies a library asset's file in as a game file. */
export function useGameFileFromAsset() {
  const acting = useActingFor('games.manage');
  return useMutation({
    mutationFn: (assetFileId: number) =>
      callApi<GameFile>(`${API.games}/files/from-asset`, {
        method: 'POST',
        query: { ...acting },
        body: { asset_file_id: assetFileId },
      }),
    meta: { silent: true },
  });
}
